import type { PricingCard } from "../../../shared/platform/pricing";
import { Island } from "../../public-site/island";
import { DemoModal } from "../components/demo-modal";
import { Faq } from "../components/faq";
import { CardGrid, FinalCta, Hero, MarketingShell, primaryButton, Section, Stats } from "../components/layout";
import { PricingCards } from "../components/pricing-cards";
import { ScreenshotPanels, ScreenshotTabs } from "../components/screenshot-tabs";
import { Testimonials } from "../components/testimonials";
import { useNsT } from "../components/text";
import { FOOTERS, MARKETING_PATHS } from "./links";

const TABS = ["pos", "inventory", "reports", "mobile"];
const NS = "marketingPos";
const ONBOARDING = "/onboarding/pos";

/** The point-of-sale (storefront builder) landing page, at the bare domain's '/'. */
export function PosMarketingPage({ cards }: { cards: PricingCard[] }) {
  const { tr, m } = useNsT(NS);
  return (
    <MarketingShell
      ns={NS}
      home={MARKETING_PATHS.pos}
      anchors={[
        { href: "#screenshots", label: "nav.screenshots" },
        { href: "#use-cases", label: "nav.useCases" },
        { href: "#features", label: "nav.features" },
        { href: "#pricing", label: "nav.pricing" },
        { href: "#faq", label: "nav.faq" },
      ]}
      actions={[
        { href: "/auth/signin", label: "nav.signIn" },
        { href: ONBOARDING, label: "pricing.startTrial", primary: true },
      ]}
      footer={FOOTERS.pos}
    >
      <Hero ns={NS}>
        <a href={ONBOARDING} className={primaryButton}>
          {tr("hero.cta")}
        </a>
        <Island name="DemoModal" component={DemoModal} props={{}} />
      </Hero>
      <div className="px-4 pb-16">
        <div className="mx-auto max-w-5xl">
          <Stats ns={NS} base="stats" count={4} />
        </div>
      </div>
      <Section id="screenshots" title={tr("screenshots.title")} subtitle={tr("screenshots.subtitle")} tone="slate">
        <Island name="ScreenshotTabs" component={ScreenshotTabs} props={{ ns: NS, tabs: TABS }} />
        <ScreenshotPanels ns={NS} tabs={TABS} />
      </Section>
      <Section id="use-cases" title={tr("useCases.title")}>
        <CardGrid ns={NS} base="useCases.items" count={4} />
      </Section>
      <Section id="features" title={tr("features.title")} tone="slate">
        <CardGrid ns={NS} base="features.items" count={8} />
      </Section>
      <Section id="testimonials" title={tr("testimonials.title")}>
        <Island name="Testimonials" component={Testimonials} props={{ ns: NS, base: "testimonials", count: 3 }} />
      </Section>
      <Section id="pricing" title={tr("pricing.title")} subtitle={tr("pricing.subtitle")} tone="slate">
        <PricingCards cards={cards} href={ONBOARDING} />
        <p className="mt-8 text-center text-slate-700">{tr("pricing.extraUsers")}</p>
        <p className="mt-2 text-center text-sm text-slate-700">{m("pricing.currency")}</p>
      </Section>
      <Section id="faq" title={m("faq.title")}>
        <Island name="Faq" component={Faq} props={{ ns: NS, count: 6 }} />
      </Section>
      <FinalCta ns={NS} href={ONBOARDING} />
    </MarketingShell>
  );
}
