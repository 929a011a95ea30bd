import { Island } from "../../public-site/island";
import { DemoModal } from "../components/demo-modal";
import { Faq } from "../components/faq";
import { CheckIcon } from "../components/icons";
import { CardGrid, FinalCta, Hero, MarketingShell, primaryButton, Section, Stats } from "../components/layout";
import { ScreenshotPanels, ScreenshotTabs } from "../components/screenshot-tabs";
import { Testimonials } from "../components/testimonials";
import { range, useNsT } from "../components/text";
import { FOOTERS, MARKETING_PATHS } from "./links";

const TABS = ["odontogram", "history", "calendar", "xray", "mobile"];
const NS = "marketingDental";
const ONBOARDING = "/onboarding/dental";
/** The main pricing section (the spec's set two) and the number of features of each plan. */
const PLANS = [
  ["office", 2],
  ["clinic", 3],
  ["center", 2],
] as const;

/** The dental practice landing page, at /dental on the bare domain. */
export function DentalMarketingPage() {
  const { tr, m } = useNsT(NS);
  return (
    <MarketingShell
      ns={NS}
      home={MARKETING_PATHS.dental}
      anchors={[
        { href: "#features", label: "nav.features" },
        { href: "#workflow", label: "nav.workflow" },
        { href: "#screenshots", label: "nav.screenshots" },
        { href: "#pricing", label: "nav.pricing" },
        { href: "#faq", label: "nav.faq" },
      ]}
      actions={[
        { href: "/auth/signin", label: "nav.signIn" },
        { href: ONBOARDING, label: "pricing.startTrial", primary: true },
      ]}
      footer={FOOTERS.dental}
    >
      <Hero ns={NS} note={tr("hero.note")}>
        <a href={ONBOARDING} className={primaryButton}>
          {tr("hero.cta")}
        </a>
        <Island name="DemoModal" component={DemoModal} props={{}} />
      </Hero>
      <Section id="workflow" title={tr("workflow.title")} subtitle={tr("workflow.subtitle")} tone="slate">
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {range(6).map((i) => (
            <li key={i} className="rounded-xl border border-slate-200 bg-white p-6">
              <span className="flex h-9 w-9 items-center justify-center rounded-full bg-indigo-700 font-bold text-white" aria-hidden="true">
                {i + 1}
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{tr(`workflow.steps.${i}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-700">{tr(`workflow.steps.${i}.text`)}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section id="screenshots" title={tr("screenshots.title")} subtitle={tr("screenshots.subtitle")}>
        <Island name="ScreenshotTabs" component={ScreenshotTabs} props={{ ns: NS, tabs: TABS }} />
        <ScreenshotPanels ns={NS} tabs={TABS} />
      </Section>
      <Section id="specialties" title={tr("specialties.title")} tone="slate">
        <CardGrid ns={NS} base="specialties.items" count={6} columns="lg:grid-cols-3" />
      </Section>
      <Section id="features" title={tr("features.title")}>
        <CardGrid ns={NS} base="features.items" count={8} />
      </Section>
      <Section id="testimonials" title={tr("testimonials.title")} tone="slate">
        <Island name="Testimonials" component={Testimonials} props={{ ns: NS, base: "testimonials", count: 4 }} />
      </Section>
      <Section id="stats" title={m("stats.title")}>
        <Stats ns={NS} base="stats" count={4} />
      </Section>
      <Section id="pricing" title={tr("pricing.title")} subtitle={tr("pricing.subtitle")} tone="slate">
        <p className="mx-auto mb-8 max-w-xl rounded-lg bg-amber-100 px-4 py-2 text-center font-semibold text-amber-900">{tr("pricing.offer")}</p>
        <ul className="grid gap-6 md:grid-cols-3" data-pricing-cards="">
          {PLANS.map(([key, features]) => {
            const highlighted = key === "clinic";
            return (
              <li
                key={key}
                data-plan={key}
                className={`relative flex flex-col rounded-2xl border bg-white p-6 ${highlighted ? "border-indigo-700 shadow-xl ring-2 ring-indigo-700" : "border-slate-200"}`}
              >
                {highlighted ? (
                  <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-indigo-700 px-3 py-1 text-xs font-semibold text-white">{tr("pricing.popular")}</p>
                ) : null}
                <h3 className="text-lg font-semibold text-slate-900">{tr(`pricing.plans.${key}.name`)}</h3>
                <p className="mt-4 flex items-baseline gap-1">
                  <span className="text-3xl font-bold text-slate-900">{tr(`pricing.plans.${key}.price`)}</span>
                  {key === "center" ? null : <span className="text-slate-700">{tr("pricing.perMonth")}</span>}
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
                  href={ONBOARDING}
                  className={`mt-6 rounded-lg px-4 py-2.5 text-center font-semibold ${highlighted ? "bg-indigo-700 text-white hover:bg-indigo-800" : "border border-slate-300 text-slate-900 hover:bg-slate-50"}`}
                >
                  {tr(key === "center" ? "pricing.contact" : "pricing.choose")}
                </a>
              </li>
            );
          })}
        </ul>
        <ul className="mx-auto mt-8 flex max-w-4xl flex-wrap justify-center gap-x-6 gap-y-2">
          {range(5).map((i) => (
            <li key={i} className="flex items-center gap-2 text-sm text-slate-800">
              <CheckIcon className="shrink-0 text-emerald-700" />
              {tr(`pricing.extras.${i}`)}
            </li>
          ))}
        </ul>
        <div className="mx-auto mt-12 max-w-4xl rounded-2xl border border-slate-200 bg-white p-6" data-volume-plans="">
          <h3 className="text-lg font-semibold text-slate-900">{tr("pricing.volume.title")}</h3>
          <p className="mt-1 text-sm text-slate-700">{tr("pricing.volume.note")}</p>
          <dl className="mt-4 grid gap-4 sm:grid-cols-3">
            {(["office", "clinic", "center"] as const).map((key) => (
              <div key={key} className="rounded-lg bg-slate-50 p-4">
                <dt className="font-semibold text-slate-900">
                  {tr(`pricing.volume.plans.${key}.name`)} · {tr(`pricing.volume.plans.${key}.price`)}
                </dt>
                <dd className="mt-1 text-sm text-slate-700">{tr(`pricing.volume.plans.${key}.text`)}</dd>
              </div>
            ))}
          </dl>
        </div>
        <p className="mt-6 text-center text-sm text-slate-700">{m("pricing.currency")}</p>
      </Section>
      <Section id="faq" title={m("faq.title")}>
        <Island name="Faq" component={Faq} props={{ ns: NS, count: 6 }} />
      </Section>
      <FinalCta ns={NS} href={ONBOARDING} />
    </MarketingShell>
  );
}
