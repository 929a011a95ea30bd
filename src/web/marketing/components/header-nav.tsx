import { useEffect, useRef, useState } from "react";
import { CloseIcon, MenuIcon } from "./icons";
import { LanguageMenu } from "./language-menu";
import { useNsT } from "./text";

export interface NavLink {
  href: string;
  /** key in the 'marketing' namespace */
  label: string;
  primary?: boolean;
}

/**
 * The sticky header's navigation (island): the section anchors and the page's buttons inline on
 * wide screens; on narrow ones a toggle opens them as a panel (Escape or a chosen link closes it,
 * focus goes back to the toggle).
 */
export function HeaderNav({ anchors, actions }: { anchors: NavLink[]; actions: NavLink[] }) {
  const { m } = useNsT("marketing");
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const anchorLinks = (onPick?: () => void) =>
    anchors.map((a) => (
      <a key={a.href} href={a.href} onClick={onPick} className="rounded px-2 py-2 text-sm font-medium text-slate-700 hover:text-indigo-700">
        {m(a.label)}
      </a>
    ));
  const actionLinks = (onPick?: () => void) =>
    actions.map((a) => (
      <a
        key={a.href}
        href={a.href}
        onClick={onPick}
        className={
          a.primary
            ? "rounded-lg bg-indigo-700 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-indigo-800"
            : "rounded-lg px-3 py-2 text-center text-sm font-semibold text-slate-800 hover:text-indigo-700"
        }
      >
        {m(a.label)}
      </a>
    ));

  return (
    <div className="flex flex-1 items-center justify-end gap-2">
      <nav aria-label={m("nav.label")} className="hidden flex-1 items-center justify-center gap-1 lg:flex">
        {anchorLinks()}
      </nav>
      <LanguageMenu />
      <div className="hidden items-center gap-2 lg:flex">{actionLinks()}</div>
      <button
        ref={toggle}
        type="button"
        className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 lg:hidden"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={m(open ? "nav.closeMenu" : "nav.openMenu")}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
      <div id="mobile-menu" hidden={!open} className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 pb-4 shadow-lg lg:hidden">
        <nav aria-label={m("nav.label")} className="flex flex-col py-2">
          {anchorLinks(() => setOpen(false))}
        </nav>
        <div className="flex flex-col gap-2">{actionLinks(() => setOpen(false))}</div>
      </div>
    </div>
  );
}
