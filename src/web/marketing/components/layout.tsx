import type { ReactNode } from "react";
import { Island } from "../../public-site/island";
import { HeaderNav, type NavLink } from "./header-nav";
import { CheckIcon, SparkIcon } from "./icons";
import { range, useNsT } from "./text";

export interface FooterGroup {
  /** key in 'marketing:footer' */
  title: string;
  links: { href: string; label: string; ariaLabel?: string }[];
}

/**
 * A marketing page's frame: skip link, sticky header (brand, anchors, language menu, buttons,
 * mobile menu), the main content and the footer with the page's links.
 */
export function MarketingShell({
  ns,
  home,
  anchors,
  actions,
  footer,
  children,
}: {
  ns: string;
  home: string;
  anchors: NavLink[];
  actions: NavLink[];
  footer: FooterGroup[];
  children: ReactNode;
}) {
  const { tr, m } = useNsT(ns);
  return (
    <div className="min-h-screen bg-white text-slate-900">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:shadow">
        {m("skip")}
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="relative mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
          <a href={home} className="flex items-center gap-2 text-lg font-bold text-slate-900" aria-label={m("home")}>
            <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-indigo-700 text-white" aria-hidden="true">
              <SparkIcon />
            </span>
            <span>{tr("meta.appName")}</span>
          </a>
          <Island name="HeaderNav" component={HeaderNav} props={{ anchors, actions }} />
        </div>
      </header>
      <main id="main">{children}</main>
      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto flex max-w-6xl flex-wrap gap-x-16 gap-y-8 px-4 py-12">
          <div className="w-full max-w-xs">
            <p className="text-lg font-bold">{tr("meta.appName")}</p>
            <p className="mt-2 text-sm text-slate-700">{tr("footer.tagline")}</p>
          </div>
          {footer.map((group) => (
            <nav key={group.title} aria-label={m(`footer.${group.title}`)}>
              <h2 className="text-sm font-semibold text-slate-900">{m(`footer.${group.title}`)}</h2>
              <ul className="mt-3 flex flex-col gap-2">
                {group.links.map((l) => (
                  <li key={l.href}>
                    <a href={l.href} aria-label={l.ariaLabel ? m(l.ariaLabel) : undefined} className="text-sm text-slate-700 hover:text-indigo-700">
                      {m(l.label)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <p className="border-t border-slate-200 py-6 text-center text-sm text-slate-700">{m("footer.rights", { year: new Date().getFullYear() })}</p>
      </footer>
    </div>
  );
}

/** A page section with its anchor id and h2 title. */
export function Section({ id, title, subtitle, tone = "white", children }: { id?: string; title: string; subtitle?: string; tone?: "white" | "slate"; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id ?? "s"}-title`} className={`scroll-mt-16 px-4 py-16 sm:py-20 ${tone === "slate" ? "bg-slate-50" : "bg-white"}`}>
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 id={`${id ?? "s"}-title`} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h2>
          {subtitle ? <p className="mt-3 text-lg text-slate-700">{subtitle}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}

/** Title and text cards of `{ns}:{base}.{i}.title|text`. */
export function CardGrid({ ns, base, count, columns = "lg:grid-cols-4" }: { ns: string; base: string; count: number; columns?: string }) {
  const { tr } = useNsT(ns);
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 ${columns}`}>
      {range(count).map((i) => (
        <li key={i} className="rounded-xl border border-slate-200 bg-white p-6">
          <span className="mb-4 flex h-10 w-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700">
            <CheckIcon />
          </span>
          <h3 className="font-semibold text-slate-900">{tr(`${base}.${i}.title`)}</h3>
          <p className="mt-2 text-sm text-slate-700">{tr(`${base}.${i}.text`)}</p>
        </li>
      ))}
    </ul>
  );
}

/** Figures of `{ns}:{base}.{i}.value|label`. */
export function Stats({ ns, base, count }: { ns: string; base: string; count: number }) {
  const { tr } = useNsT(ns);
  return (
    <dl className={`grid gap-6 text-center ${count > 2 ? "grid-cols-2 lg:grid-cols-4" : "grid-cols-2"}`}>
      {range(count).map((i) => (
        <div key={i} className="flex flex-col-reverse">
          <dt className="mt-1 text-sm text-slate-700">{tr(`${base}.${i}.label`)}</dt>
          <dd className="text-3xl font-bold text-indigo-700 sm:text-4xl">{tr(`${base}.${i}.value`)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The closing call to action. */
export function FinalCta({ ns, href }: { ns: string; href: string }) {
  const { tr } = useNsT(ns);
  return (
    <section aria-labelledby="cta-title" className="bg-indigo-700 px-4 py-16 text-center text-white">
      <h2 id="cta-title" className="text-3xl font-bold">
        {tr("cta.title")}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-indigo-50">{tr("cta.text")}</p>
      <a href={href} className="mt-8 inline-block rounded-lg bg-white px-6 py-3 font-semibold text-indigo-800 hover:bg-indigo-50">
        {tr("cta.button")}
      </a>
    </section>
  );
}

/** The hero: badge, h1, subtitle and the page's buttons. */
export function Hero({ ns, note, children }: { ns: string; note?: string; children: ReactNode }) {
  const { tr } = useNsT(ns);
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-indigo-50 to-white px-4 pb-16 pt-14 sm:pt-20">
      <div className="mx-auto max-w-3xl text-center">
        <p className="inline-block rounded-full bg-white px-4 py-1 text-sm font-semibold text-indigo-800 ring-1 ring-indigo-200">{tr("hero.badge")}</p>
        <h1 id="hero-title" className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          {tr("hero.title")}
        </h1>
        <p className="mt-5 text-lg text-slate-700">{tr("hero.subtitle")}</p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">{children}</div>
        {note ? <p className="mt-4 text-sm text-slate-700">{note}</p> : null}
      </div>
    </section>
  );
}

export const primaryButton = "inline-flex items-center justify-center rounded-lg bg-indigo-700 px-5 py-3 font-semibold text-white hover:bg-indigo-800";
export const secondaryButton = "inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-900 hover:bg-slate-50";
