import { useEffect, useState } from "react";
import { range, useNsT } from "./text";

/** The spec's rotation: the next testimonial every 5 seconds. */
export const TESTIMONIAL_ROTATION_MS = 5000;

/**
 * Testimonials (island): one at a time, the next every 5 s; a dot shows its testimonial at once
 * and restarts the 5 s. Entries are `{ns}:{base}.items.{i}.quote|name|role`.
 */
export function Testimonials({ ns, base, count }: { ns: string; base: string; count: number }) {
  const { tr, m } = useNsT(ns);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), TESTIMONIAL_ROTATION_MS);
    return () => window.clearTimeout(timer);
  }, [index, count]);

  return (
    <div className="mx-auto max-w-3xl text-center" data-testimonials="">
      {range(count).map((i) => (
        <figure key={i} hidden={i !== index} data-testimonial={i}>
          <blockquote className="text-xl leading-relaxed text-slate-800 sm:text-2xl">“{tr(`${base}.items.${i}.quote`)}”</blockquote>
          <figcaption className="mt-6">
            <span className="block font-semibold text-slate-900">{tr(`${base}.items.${i}.name`)}</span>
            <span className="block text-sm text-slate-600">{tr(`${base}.items.${i}.role`)}</span>
          </figcaption>
        </figure>
      ))}
      <div className="mt-8 flex justify-center gap-1">
        {range(count).map((i) => (
          <button
            key={i}
            type="button"
            className="flex h-11 w-11 items-center justify-center rounded-full"
            aria-label={m("testimonials.dot", { n: i + 1, total: count })}
            aria-current={i === index ? "true" : undefined}
            onClick={() => setIndex(i)}
          >
            <span className={`block h-3 w-3 rounded-full ${i === index ? "bg-indigo-700" : "bg-slate-400"}`} />
          </button>
        ))}
      </div>
    </div>
  );
}
