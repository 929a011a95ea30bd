import type { ReactNode } from "react";
import { range, useNsT } from "./text";

/**
 * Lightweight drawings of the app's screens (HTML boxes, no images) for the screenshot tabs.
 * Decorative: the tab's caption says what it shows.
 */
function Frame({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className="mx-auto max-w-4xl overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl" aria-hidden="true">
      <div className="flex items-center gap-1.5 border-b border-slate-200 bg-slate-50 px-4 py-2">
        <span className="h-3 w-3 rounded-full bg-red-400" />
        <span className="h-3 w-3 rounded-full bg-amber-400" />
        <span className="h-3 w-3 rounded-full bg-emerald-400" />
        {label ? <span className="ml-3 text-xs text-slate-600">{label}</span> : null}
      </div>
      <div className="p-4 sm:p-6">{children}</div>
    </div>
  );
}

const bar = (w: string, tone = "bg-slate-200") => <span className={`block h-2.5 rounded ${tone}`} style={{ width: w }} />;

function PosMock({ ns }: { ns: string }) {
  const { tr } = useNsT(ns);
  return (
    <Frame>
      <div className="grid grid-cols-5 gap-4">
        <div className="col-span-3 grid grid-cols-3 gap-3">
          {range(9).map((i) => (
            <div key={i} className="rounded-lg border border-slate-200 p-2">
              <div className={`mb-2 h-10 rounded ${["bg-indigo-100", "bg-emerald-100", "bg-amber-100"][i % 3]}`} />
              {bar("80%")}
            </div>
          ))}
        </div>
        <div className="col-span-2 flex flex-col gap-2 rounded-lg bg-slate-50 p-3">
          <span className="text-xs font-semibold text-slate-700">{tr("screenshots.mock.cart")}</span>
          {range(4).map((i) => (
            <div key={i} className="flex items-center justify-between gap-2">
              {bar("55%")}
              {bar("20%", "bg-slate-300")}
            </div>
          ))}
          <div className="mt-auto flex items-center justify-between border-t border-slate-200 pt-2 text-sm font-semibold text-slate-900">
            <span>{tr("screenshots.mock.total")}</span>
            <span>RD$1,450.00</span>
          </div>
          <span className="rounded-lg bg-indigo-700 py-2 text-center text-sm font-semibold text-white">{tr("screenshots.mock.pay")}</span>
        </div>
      </div>
    </Frame>
  );
}

function InventoryMock({ ns }: { ns: string }) {
  const { tr } = useNsT(ns);
  return (
    <Frame label={tr("screenshots.mock.stock")}>
      <div className="flex flex-col gap-3">
        {range(6).map((i) => (
          <div key={i} className="grid grid-cols-6 items-center gap-3">
            <span className="col-span-2">{bar("90%")}</span>
            <span className="col-span-2">{bar(`${30 + ((i * 23) % 60)}%`, "bg-indigo-200")}</span>
            <span className="col-span-2 text-right">
              {i === 2 ? <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{tr("screenshots.mock.low")}</span> : bar("40%", "bg-slate-300")}
            </span>
          </div>
        ))}
      </div>
    </Frame>
  );
}

function ReportsMock({ ns }: { ns: string }) {
  const { tr } = useNsT(ns);
  const heights = [40, 65, 50, 80, 72, 95, 60];
  return (
    <Frame label={tr("screenshots.mock.sales")}>
      <div className="flex h-48 items-end gap-3">
        {heights.map((h, i) => (
          <span key={i} className={`flex-1 rounded-t ${i === 5 ? "bg-indigo-700" : "bg-indigo-200"}`} style={{ height: `${h}%` }} />
        ))}
      </div>
    </Frame>
  );
}

function Phone({ children }: { children: ReactNode }) {
  return <div className="w-40 shrink-0 rounded-[2rem] border-8 border-slate-900 bg-white p-3 shadow-xl">{children}</div>;
}

function Tablet({ children }: { children: ReactNode }) {
  return <div className="w-72 shrink-0 rounded-[1.5rem] border-[10px] border-slate-900 bg-white p-4 shadow-xl">{children}</div>;
}

function MobileMock({ ns, tablet }: { ns: string; tablet: boolean }) {
  const { m } = useNsT(ns);
  const screen = (rows: number) => (
    <div className="flex flex-col gap-2">
      <span className="h-16 rounded-lg bg-indigo-100" />
      {range(rows).map((i) => (
        <span key={i}>{bar(`${60 + ((i * 17) % 35)}%`)}</span>
      ))}
    </div>
  );
  return (
    <div className="mx-auto flex max-w-4xl flex-wrap items-end justify-center gap-8" aria-hidden="true">
      {tablet ? (
        <figure className="flex flex-col items-center gap-2">
          <Tablet>{screen(7)}</Tablet>
          <figcaption className="text-sm text-slate-700">{m("screens.tablet")}</figcaption>
        </figure>
      ) : null}
      <figure className="flex flex-col items-center gap-2">
        <Phone>{screen(5)}</Phone>
        <figcaption className="text-sm text-slate-700">{m("screens.phone")}</figcaption>
      </figure>
    </div>
  );
}

function OdontogramMock({ ns }: { ns: string }) {
  const { tr } = useNsT(ns);
  const marked: Record<number, string> = { 3: "bg-red-300", 8: "bg-sky-300", 13: "bg-red-300", 20: "bg-slate-400", 26: "bg-sky-300" };
  const arch = (label: string, from: number) => (
    <div>
      <span className="mb-2 block text-xs font-semibold text-slate-700">{label}</span>
      <div className="grid grid-cols-16 gap-1">
        {range(16).map((i) => (
          <span key={i} className={`block aspect-square rounded-md border border-slate-300 ${marked[from + i] ?? "bg-white"}`} />
        ))}
      </div>
    </div>
  );
  return (
    <Frame>
      <div className="flex flex-col gap-6">
        {arch(tr("screenshots.mock.upper"), 0)}
        {arch(tr("screenshots.mock.lower"), 16)}
      </div>
    </Frame>
  );
}

function HistoryMock({ ns }: { ns: string }) {
  const { tr } = useNsT(ns);
  return (
    <Frame>
      <ol className="flex flex-col gap-4 border-l-2 border-indigo-200 pl-5">
        {range(4).map((i) => (
          <li key={i} className="relative">
            <span className="absolute -left-[1.72rem] top-1 h-3 w-3 rounded-full bg-indigo-700" />
            <span className="text-xs font-semibold text-slate-700">{tr("screenshots.mock.visit")}</span>
            <div className="mt-1 flex flex-col gap-1.5">
              {bar("85%")}
              {bar("60%")}
            </div>
          </li>
        ))}
      </ol>
    </Frame>
  );
}

function CalendarMock({ ns }: { ns: string }) {
  const { tr } = useNsT(ns);
  const events = [[0, 1], [1, 3], [2, 0], [2, 4], [3, 2], [4, 1]];
  return (
    <Frame label={tr("screenshots.mock.today")}>
      <div className="grid grid-cols-5 gap-2">
        {range(5).map((col) => (
          <div key={col} className="flex flex-col gap-2">
            {range(5).map((row) => (
              <span key={row} className={`h-8 rounded ${events.some(([c, r]) => c === col && r === row) ? "bg-indigo-200" : "bg-slate-100"}`} />
            ))}
          </div>
        ))}
      </div>
    </Frame>
  );
}

function XrayMock({ ns }: { ns: string }) {
  const { tr } = useNsT(ns);
  return (
    <Frame label={tr("screenshots.mock.image")}>
      <div className="flex h-48 items-center justify-center gap-1.5 rounded-xl bg-slate-900 px-6">
        {range(12).map((i) => (
          <span key={i} className="w-5 rounded-full bg-slate-300/70" style={{ height: `${45 + ((i * 13) % 30)}%` }} />
        ))}
      </div>
    </Frame>
  );
}

/** The mock-up of one screenshot tab. */
export function Mockup({ kind, ns }: { kind: string; ns: string }) {
  switch (kind) {
    case "pos":
      return <PosMock ns={ns} />;
    case "inventory":
      return <InventoryMock ns={ns} />;
    case "reports":
      return <ReportsMock ns={ns} />;
    case "mobile":
      // The POS page's mobile tab also shows a tablet; the dental one a phone.
      return <MobileMock ns={ns} tablet={ns === "marketingPos"} />;
    case "odontogram":
      return <OdontogramMock ns={ns} />;
    case "history":
      return <HistoryMock ns={ns} />;
    case "calendar":
      return <CalendarMock ns={ns} />;
    default:
      return <XrayMock ns={ns} />;
  }
}
