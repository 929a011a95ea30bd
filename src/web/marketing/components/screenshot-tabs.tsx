import { type KeyboardEvent, useRef, useState } from "react";
import { Mockup } from "./mockups";
import { useNsT } from "./text";

/**
 * Screenshot tabs (island): a tab list (arrow keys, Home and End move between tabs) over drawn
 * mock-ups of the app. Labels are `{ns}:screenshots.tabs.{tab}`, captions `…captions.{tab}`.
 */
export function ScreenshotTabs({ ns, tabs }: { ns: string; tabs: string[] }) {
  const { tr, m } = useNsT(ns);
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
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
    <div data-screenshot-tabs="">
      <div role="tablist" aria-label={m("screens.label")} onKeyDown={onKey} className="mx-auto flex max-w-full flex-wrap justify-center gap-2">
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
      {tabs.map((tab, i) => (
        <div key={tab} id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} hidden={i !== active} className="mt-8">
          <Mockup kind={tab} ns={ns} />
          <p className="mt-4 text-center text-slate-700">{tr(`screenshots.captions.${tab}`)}</p>
        </div>
      ))}
    </div>
  );
}
