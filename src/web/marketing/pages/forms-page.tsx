import type { PricingCard } from "../../../shared/platform/pricing";
import { CardGrid, FinalCta, Hero, MarketingShell, primaryButton, Section } from "../components/layout";
import { PricingCards } from "../components/pricing-cards";
import { range, useNsT } from "../components/text";
import { FOOTERS, MARKETING_PATHS } from "./links";

const NS = "marketingForms";
const ONBOARDING = "/onboarding/forms";
const TEMPLATE_TONES = ["bg-indigo-100", "bg-emerald-100", "bg-amber-100", "bg-sky-100"];

/** The form builder landing page, at /forms on the bare domain. */
export function FormsMarketingPage({ cards }: { cards: PricingCard[] }) {
  const { tr, m } = useNsT(NS);
  return (
    <MarketingShell
      ns={NS}
      home={MARKETING_PATHS.forms}
      anchors={[
        { href: "#features", label: "nav.features" },
        { href: "#pricing", label: "nav.pricing" },
        { href: "#templates", label: "nav.templates" },
      ]}
      actions={[
        { href: "/auth/signin", label: "nav.signIn" },
        { href: ONBOARDING, label: "pricing.startTrial", primary: true },
      ]}
      footer={FOOTERS.forms}
    >
      <Hero ns={NS}>
        <a href={ONBOARDING} className={primaryButton}>
          {tr("hero.cta")}
        </a>
      </Hero>
      <Section id="features" title={tr("features.title")} tone="slate">
        <CardGrid ns={NS} base="features.items" count={4} />
      </Section>
      <Section id="use-cases" title={tr("useCases.title")}>
        <CardGrid ns={NS} base="useCases.items" count={3} columns="lg:grid-cols-3" />
      </Section>
      <Section id="pricing" title={tr("pricing.title")} subtitle={tr("pricing.subtitle")} tone="slate">
        <PricingCards cards={cards} href={ONBOARDING} />
        <p className="mt-8 text-center text-sm text-slate-700">{m("pricing.currency")}</p>
      </Section>
      <Section id="templates" title={tr("templates.title")}>
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {range(8).map((i) => (
            <li key={i}>
              <a href={ONBOARDING} className="block h-full rounded-xl border border-slate-200 bg-white p-4 hover:border-indigo-700">
                <span className={`mb-3 flex h-20 flex-col justify-center gap-1.5 rounded-lg px-3 ${TEMPLATE_TONES[i % 4]}`} aria-hidden="true">
                  <span className="block h-2 w-3/4 rounded bg-white/80" />
                  <span className="block h-2 w-1/2 rounded bg-white/80" />
                  <span className="block h-2 w-2/3 rounded bg-white/80" />
                </span>
                <span className="block font-semibold text-slate-900">{tr(`templates.items.${i}.title`)}</span>
                <span className="mt-1 block text-sm text-slate-700">{tr(`templates.items.${i}.text`)}</span>
              </a>
            </li>
          ))}
        </ul>
      </Section>
      <FinalCta ns={NS} href={ONBOARDING} />
    </MarketingShell>
  );
}
