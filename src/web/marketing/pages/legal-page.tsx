import { Island } from "../../public-site/island";
import { CheckIcon } from "../components/icons";
import { CardGrid, Hero, MarketingShell, primaryButton, Section, Stats, secondaryButton } from "../components/layout";
import { Testimonials } from "../components/testimonials";
import { range, useNsT } from "../components/text";
import { FOOTERS, MARKETING_PATHS } from "./links";

const NS = "marketingLegal";
const TRIAL = "/onboarding/legatti";
/** The plans: the key is the lowercased English plan name used in ?plan=. */
const PLANS = [
  ["basic", 3],
  ["professional", 5],
  ["enterprise", 2],
] as const;

/** The legal-practice CRM landing page, at /legal on the bare domain. */
export function LegalMarketingPage() {
  const { tr, m } = useNsT(NS);
  return (
    <MarketingShell
      ns={NS}
      home={MARKETING_PATHS.legal}
      anchors={[
        { href: "#features", label: "nav.features" },
        { href: "#pricing", label: "nav.pricing" },
        { href: "#testimonials", label: "nav.testimonials" },
        { href: "#contact", label: "nav.contact" },
      ]}
      actions={[
        { href: "/portal", label: "nav.portal" },
        { href: "/auth/signin", label: "nav.signIn" },
        { href: TRIAL, label: "pricing.startTrial", primary: true },
      ]}
      footer={FOOTERS.legal}
    >
      <Hero ns={NS}>
        <a href={TRIAL} className={primaryButton}>
          {tr("hero.cta")}
        </a>
        <a href="/portal" className={secondaryButton}>
          {m("nav.portal")}
        </a>
      </Hero>
      <div className="px-4 pb-12">
        <div className="mx-auto max-w-md">
          <Stats ns={NS} base="claims" count={2} />
        </div>
      </div>
      <Section id="features" title={tr("features.title")} tone="slate">
        <CardGrid ns={NS} base="features.items" count={6} columns="lg:grid-cols-3" />
      </Section>
      <Section id="pricing" title={tr("pricing.title")} subtitle={tr("pricing.subtitle")}>
        <ul className="grid gap-6 md:grid-cols-3" data-pricing-cards="">
          {PLANS.map(([key, features]) => {
            const highlighted = key === "professional";
            const name = tr(`pricing.plans.${key}.name`);
            return (
              <li
                key={key}
                data-plan={key}
                className={`relative flex flex-col rounded-2xl border bg-white p-6 ${highlighted ? "border-indigo-700 shadow-xl ring-2 ring-indigo-700" : "border-slate-200"}`}
              >
                {highlighted ? (
                  <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-indigo-700 px-3 py-1 text-xs font-semibold text-white">{tr("pricing.popular")}</p>
                ) : null}
                <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
                <p className="mt-4 flex items-baseline gap-1">
                  <span className="text-3xl font-bold text-slate-900">{tr(`pricing.plans.${key}.price`)}</span>
                  {key === "enterprise" ? null : <span className="text-slate-700">{tr("pricing.perMonth")}</span>}
                </p>
                <ul className="mt-6 flex flex-1 flex-col gap-2">
                  {range(features).map((i) => (
                    <li key={i} className="flex gap-2 text-sm text-slate-800">
                      <CheckIcon className="mt-0.5 shrink-0 text-indigo-700" />
                      {tr(`pricing.plans.${key}.features.${i}`)}
                    </li>
                  ))}
                </ul>
                <a
                  href={`${TRIAL}?plan=${key}`}
                  className={`mt-6 rounded-lg px-4 py-2.5 text-center font-semibold ${highlighted ? "bg-indigo-700 text-white hover:bg-indigo-800" : "border border-slate-300 text-slate-900 hover:bg-slate-50"}`}
                >
                  {tr("pricing.choose", { plan: name })}
                </a>
              </li>
            );
          })}
        </ul>
        <p className="mt-8 text-center text-sm text-slate-700">{m("pricing.currency")}</p>
      </Section>
      <Section id="testimonials" title={tr("testimonials.title")} tone="slate">
        <Island name="Testimonials" component={Testimonials} props={{ ns: NS, base: "testimonials", count: 3 }} />
      </Section>
      <Section id="contact" title={tr("contact.title")} subtitle={tr("contact.text")}>
        <div className="flex flex-col items-center gap-4">
          <div className="flex flex-col items-center gap-2 sm:flex-row sm:gap-6">
            <a href="mailto:ventas@legatti.do" aria-label={tr("contact.emailLabel")} className="font-semibold text-indigo-700 underline">
              {tr("contact.email")}
            </a>
            <a href="tel:+18095550120" aria-label={tr("contact.phoneLabel")} className="font-semibold text-indigo-700 underline">
              {tr("contact.phone")}
            </a>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <a href={TRIAL} className={primaryButton}>
              {m("pricing.startTrial")}
            </a>
            <a href="/auth/register?trial=true" className={secondaryButton}>
              {tr("contact.trial")}
            </a>
          </div>
        </div>
      </Section>
    </MarketingShell>
  );
}
