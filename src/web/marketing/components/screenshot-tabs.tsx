import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Mockup } from "./mockups";
import { useNsT } from "./text";

/**
 * Screenshot tabs (island): the tab list only (arrow keys, Home and End move between tabs); it
 * shows the chosen panel of ScreenshotPanels, which the server renders outside the island so the
 * drawings are not hydrated. Labels are `{ns}:screenshots.tabs.{tab}`.
 */
export function ScreenshotTabs({ ns, tabs }: { ns: string; tabs: string[] }) {
  const { tr, m } = useNsT(ns);
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    tabs.forEach((tab, i) => {
      const panel = document.getElementById(`panel-${tab}`);
      if (panel) panel.hidden = i !== active;
    });
  }, [active, tabs]);

  const pick = (i: number) => {
    setActive(i);
    buttons.current[i]?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    const next = { ArrowRight: active + 1, ArrowLeft: active - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    pick((next + tabs.length) % tabs.length);
  };
  return (
    <div role="tablist" aria-label={m("screens.label")} onKeyDown={onKey} className="mx-auto flex max-w-full flex-wrap justify-center gap-2" data-screenshot-tabs="">
      {tabs.map((tab, i) => (
        <button
          key={tab}
          ref={(el) => {
            buttons.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`tab-${tab}`}
          aria-selected={i === active}
          aria-controls={`panel-${tab}`}
          tabIndex={i === active ? 0 : -1}
          onClick={() => setActive(i)}
          className={`rounded-full px-4 py-2 text-sm font-semibold ${i === active ? "bg-indigo-700 text-white" : "bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100"}`}
        >
          {tr(`screenshots.tabs.${tab}`)}
        </button>
      ))}
    </div>
  );
}

/** The tabs' panels, rendered on the server (the first one shown); ScreenshotTabs switches them. */
export function ScreenshotPanels({ ns, tabs }: { ns: string; tabs: string[] }) {
  const { tr } = useNsT(ns);
  return (
    <>
      {tabs.map((tab, i) => (
        <div key={tab} id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} hidden={i !== 0} className="mt-8">
          <Mockup kind={tab} ns={ns} />
          <p className="mt-4 text-center text-slate-700">{tr(`screenshots.captions.${tab}`)}</p>
        </div>
      ))}
    </>
  );
}
