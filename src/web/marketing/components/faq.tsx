import { useState } from "react";
import { ChevronIcon } from "./icons";
import { range, useNsT } from "./text";

/**
 * FAQ accordion (island): at most one answer open; opening another closes it, clicking the open
 * one closes it. Questions are `{ns}:faq.{i}.q`, answers `{ns}:faq.{i}.a`.
 */
export function Faq({ ns, count }: { ns: string; count: number }) {
  const { tr } = useNsT(ns);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-faq="">
      {range(count).map((i) => {
        const expanded = open === i;
        return (
          <div key={i}>
            <h3>
              <button
                type="button"
                id={`faq-q-${i}`}
                aria-expanded={expanded}
                aria-controls={`faq-a-${i}`}
                onClick={() => setOpen(expanded ? null : i)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50"
              >
                {tr(`faq.${i}.q`)}
                <ChevronIcon open={expanded} />
              </button>
            </h3>
            <section id={`faq-a-${i}`} aria-labelledby={`faq-q-${i}`} hidden={!expanded} className="px-5 pb-4 text-slate-700">
              {tr(`faq.${i}.a`)}
            </section>
          </div>
        );
      })}
    </div>
  );
}
