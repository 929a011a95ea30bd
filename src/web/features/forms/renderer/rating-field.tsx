import { Star } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { RATING_RANGE } from "../../../../shared/forms/schema";
import { cn } from "../../../lib/utils";
import type { FieldProps } from "./field-props";

const STARS = Array.from({ length: RATING_RANGE.max - RATING_RANGE.min + 1 }, (_, i) => RATING_RANGE.min + i);

/** rating-stars: 1–5 with radio semantics; arrows move and choose, Home/End jump, one tab stop. */
export function RatingField(p: FieldProps) {
  const { t } = useTranslation();
  const refs = React.useRef<(HTMLButtonElement | null)[]>([]);
  const current = typeof p.value === "number" ? p.value : typeof p.value === "string" && p.value !== "" ? Number(p.value) : 0;
  const [hover, setHover] = React.useState(0);
  const blocked = p.field.disabled || p.field.readOnly;
  const shown = hover || current;

  const choose = (n: number) => {
    if (blocked) return;
    p.onChange(n);
    refs.current[n - RATING_RANGE.min]?.focus();
  };
  // Arrows move from the star that has the focus (the chosen one, or the first before any choice) and choose.
  const onKey = (e: React.KeyboardEvent, from: number) => {
    const next = { ArrowRight: from + 1, ArrowUp: from + 1, ArrowLeft: from - 1, ArrowDown: from - 1, Home: RATING_RANGE.min, End: RATING_RANGE.max }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    choose(Math.min(RATING_RANGE.max, Math.max(RATING_RANGE.min, next)));
  };

  return (
    <div
      role="radiogroup"
      aria-labelledby={`${p.id}-label`}
      aria-describedby={p.describedBy}
      aria-invalid={p.invalid || undefined}
      aria-required={p.required || undefined}
      className="flex flex-wrap items-center gap-1"
      onMouseLeave={() => setHover(0)}
    >
      {STARS.map((n, i) => (
        // biome-ignore lint/a11y/useSemanticElements: a star is a button with radio semantics (the WAI-ARIA rating pattern): hover preview and arrow keys that choose
        <button
          key={n}
          ref={(el) => {
            refs.current[i] = el;
          }}
          id={i === 0 ? p.id : undefined}
          type="button"
          role="radio"
          aria-checked={current === n}
          aria-label={t("formRenderer:field.stars", { count: n, max: RATING_RANGE.max })}
          tabIndex={current ? (current === n ? 0 : -1) : i === 0 ? 0 : -1}
          disabled={blocked}
          className="grid size-11 place-items-center rounded-[var(--radius-button)] text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
          onClick={() => choose(n)}
          onMouseEnter={() => setHover(n)}
          onKeyDown={(e) => onKey(e, n)}
        >
          <Star aria-hidden className={cn("size-7", n <= shown && "fill-amber-400 text-amber-500")} />
        </button>
      ))}
      <span className="ml-2 text-sm tabular-nums text-muted-foreground" aria-hidden>
        {current ? `${current}/${RATING_RANGE.max}` : ""}
      </span>
    </div>
  );
}
