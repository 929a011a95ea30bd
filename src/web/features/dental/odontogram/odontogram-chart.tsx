import type { TFunction } from "i18next";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { quadrantOf, statusShown, surfaceLabel, type ToothState, toothLabel } from "../../../../shared/dental/chart";
import { type ChartNotation, type Surface, TOOTH_STATUSES, type ToothStatus } from "../../../../shared/dental/constants";
import { cn } from "../../../lib/utils";

/**
 * The odontogram's drawing (spec 03 'Dental module'): each tooth as the classic five-surface
 * square (occlusal/incisal in the middle, vestibular and palatal/lingual above and below, mesial
 * toward the midline) with its number; the whole tooth's status drawn over it. Every status has a
 * colour and a pattern or symbol, so the chart does not rely on colour alone.
 */

export const TOOTH_SIZE = 40;
const CELL = 46;
const LABEL = 16;
const ROW_HEIGHT = TOOTH_SIZE + LABEL + 10;

/** The colour of each status (surface fill or symbol stroke). */
export const STATUS_COLOR: Record<ToothStatus, string> = {
  healthy: "#ffffff",
  cavity: "#dc2626",
  filling: "#2563eb",
  crown: "#ca8a04",
  missing: "#475569",
  implant: "#7c3aed",
  root_canal: "#9f1239",
  bridge: "#16a34a",
  fractured: "#ea580c",
  mobility: "#0891b2",
};

type Side = "top" | "bottom" | "left" | "right" | "center";
const POLYGONS: Record<Exclude<Side, "center">, string> = {
  top: "0,0 40,0 28,12 12,12",
  bottom: "0,40 40,40 28,28 12,28",
  left: "0,0 12,12 12,28 0,40",
  right: "40,0 40,40 28,28 28,12",
};

/** Which surface each side of the drawn square is: vestibular outward, mesial toward the midline. */
export function sidesOf(tooth: number): Record<Side, Exclude<Surface, "general">> {
  const upper = [1, 2, 5, 6].includes(quadrantOf(tooth));
  const patientRight = [1, 4, 5, 8].includes(quadrantOf(tooth));
  return {
    top: upper ? "buccal" : "lingual",
    bottom: upper ? "lingual" : "buccal",
    left: patientRight ? "distal" : "mesial",
    right: patientRight ? "mesial" : "distal",
    center: "occlusal",
  };
}

/** The patterns (dots: cavity, hatching: filling, zig-zag: fractured) of one chart; ids made unique by `prefix`. */
export function StatusPatterns({ prefix }: { prefix: string }) {
  return (
    <defs>
      <pattern id={`${prefix}-cavity`} width="6" height="6" patternUnits="userSpaceOnUse">
        <rect width="6" height="6" fill={STATUS_COLOR.cavity} />
        <circle cx="3" cy="3" r="1.3" fill="#fff" />
      </pattern>
      <pattern id={`${prefix}-filling`} width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="5" height="5" fill={STATUS_COLOR.filling} />
        <line x1="0" y1="0" x2="0" y2="5" stroke="#fff" strokeWidth="1.5" />
      </pattern>
      <pattern id={`${prefix}-fractured`} width="8" height="6" patternUnits="userSpaceOnUse">
        <rect width="8" height="6" fill={STATUS_COLOR.fractured} />
        <polyline points="0,4 2,1 4,4 6,1 8,4" fill="none" stroke="#fff" strokeWidth="1.2" />
      </pattern>
    </defs>
  );
}

/** The fill of a surface with this status. */
function surfaceFill(prefix: string, status: ToothStatus | null): string {
  if (status === "cavity" || status === "filling" || status === "fractured") return `url(#${prefix}-${status})`;
  if (status && status !== "healthy") return STATUS_COLOR[status];
  return "var(--color-card, #fff)";
}

/** The symbol of a whole-tooth status, in the tooth's 40×40 box (cavity, filling and fractured fill the surfaces instead). */
export function WholeSymbol({ status }: { status: ToothStatus }) {
  const c = STATUS_COLOR[status];
  switch (status) {
    case "crown":
      return <circle cx="20" cy="20" r="23" fill="none" stroke={c} strokeWidth="3.5" data-symbol="crown" />;
    case "missing":
      return (
        <g stroke={c} strokeWidth="4" strokeLinecap="round" data-symbol="missing">
          <line x1="2" y1="2" x2="38" y2="38" />
          <line x1="38" y1="2" x2="2" y2="38" />
        </g>
      );
    case "implant":
      return (
        <g stroke={c} strokeWidth="2.5" data-symbol="implant">
          <rect x="15" y="4" width="10" height="32" fill="#ede9fe" />
          {[10, 16, 22, 28].map((y) => (
            <line key={y} x1="13" y1={y} x2="27" y2={y + 3} />
          ))}
        </g>
      );
    case "root_canal":
      return (
        <g stroke={c} strokeWidth="3.5" strokeLinecap="round" data-symbol="root_canal">
          <line x1="20" y1="-4" x2="20" y2="44" />
        </g>
      );
    case "bridge":
      return (
        <g stroke={c} strokeWidth="4" data-symbol="bridge">
          <line x1="-4" y1="-4" x2="44" y2="-4" />
          <line x1="-4" y1="44" x2="44" y2="44" />
        </g>
      );
    case "mobility":
      return (
        <g stroke={c} strokeWidth="2.5" fill={c} data-symbol="mobility">
          <line x1="6" y1="20" x2="34" y2="20" />
          <polygon points="2,20 9,15 9,25" />
          <polygon points="38,20 31,15 31,25" />
        </g>
      );
    default:
      return null;
  }
}

export interface ToothProps {
  tooth: number;
  state: ToothState | undefined;
  /** the accessible name: the tooth and its statuses (toothName) */
  name: string;
  notation: ChartNotation;
  labelBelow: boolean;
  focused: boolean;
  readOnly: boolean;
  prefix: string;
  onPick(tooth: number, surface: Surface): void;
  onFocusTooth(tooth: number): void;
  onKeyDown(e: React.KeyboardEvent, tooth: number): void;
  registerRef(tooth: number, el: SVGGElement | null): void;
}

/** One tooth: five clickable surfaces, its number (the whole tooth), the whole tooth's symbol. */
export const Tooth = React.memo(function Tooth({ tooth, state, name, notation, labelBelow, focused, readOnly, prefix, onPick, onFocusTooth, onKeyDown, registerRef }: ToothProps) {
  const sides = sidesOf(tooth);
  const whole = state?.whole ?? null;
  const toothY = labelBelow ? 4 : LABEL + 6;
  const pick = (surface: Surface) => (e: React.MouseEvent) => {
    e.stopPropagation();
    onFocusTooth(tooth);
    onPick(tooth, surface);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>; it carries the role, name and keys of one
    <g
      ref={(el) => registerRef(tooth, el)}
      role="button"
      tabIndex={focused ? 0 : -1}
      aria-label={name}
      aria-disabled={readOnly || undefined}
      className="cursor-pointer outline-none [&:focus-visible>.focus-ring]:opacity-100"
      onKeyDown={(e) => onKeyDown(e, tooth)}
      onFocus={() => onFocusTooth(tooth)}
      data-tooth={tooth}
      data-whole={whole ?? undefined}
    >
      <rect className="focus-ring opacity-0" x="-4" y={toothY - 5} width={TOOTH_SIZE + 8} height={TOOTH_SIZE + 10} rx="4" fill="none" stroke="var(--color-ring, #2563eb)" strokeWidth="2" />
      <text
        x={TOOTH_SIZE / 2}
        y={labelBelow ? TOOTH_SIZE + LABEL + 4 : LABEL - 2}
        textAnchor="middle"
        className="fill-current text-[12px] font-semibold tabular-nums"
        onClick={pick("general")}
        data-surface="general"
      >
        {toothLabel(tooth, notation)}
      </text>
      <g transform={`translate(0 ${toothY})`}>
        {(Object.keys(POLYGONS) as Exclude<Side, "center">[]).map((side) => {
          const surface = sides[side];
          const status = statusShown(state, surface);
          return (
            <polygon
              key={side}
              points={POLYGONS[side]}
              fill={surfaceFill(prefix, whole && isSurfaceFill(whole) ? whole : status)}
              stroke="currentColor"
              strokeOpacity="0.55"
              strokeWidth="1"
              onClick={pick(surface)}
              data-surface={surface}
              data-status={status ?? undefined}
            />
          );
        })}
        <rect
          x="12"
          y="12"
          width="16"
          height="16"
          fill={surfaceFill(prefix, whole && isSurfaceFill(whole) ? whole : statusShown(state, "occlusal"))}
          stroke="currentColor"
          strokeOpacity="0.55"
          strokeWidth="1"
          onClick={pick("occlusal")}
          data-surface="occlusal"
          data-status={statusShown(state, "occlusal") ?? undefined}
        />
        {whole && !isSurfaceFill(whole) ? (
          <g pointerEvents="none">
            <WholeSymbol status={whole} />
          </g>
        ) : null}
      </g>
    </g>
  );
});

/** 'Diente 36, Oclusal: Caries' (or 'Sano'): what a screen reader says of a tooth. */
export function toothName(t: TFunction, tooth: number, state: ToothState | undefined, notation: ChartNotation): string {
  const whole = state?.whole ?? null;
  const described = [
    whole ? `${t("dental:surfaces.general")}: ${t(`dental:toothStatus.${whole}`)}` : null,
    ...Object.entries(state?.surfaces ?? {}).map(([s, st]) => `${t(`dental:surfaces.${surfaceLabel(tooth, s as Surface)}`)}: ${t(`dental:toothStatus.${st}`)}`),
  ].filter(Boolean);
  return `${t("dental:selector.tooth", { tooth: toothLabel(tooth, notation) })}, ${described.length > 0 ? described.join(", ") : t("dental:toothStatus.healthy")}`;
}

/** Statuses of the whole tooth drawn by filling its surfaces rather than by a symbol. */
function isSurfaceFill(status: ToothStatus): boolean {
  return status === "cavity" || status === "filling" || status === "fractured";
}

/** One row of teeth as one SVG, scaled to the width it is given. */
export function ToothRow({
  teeth,
  label,
  children,
}: {
  teeth: number[];
  label: string;
  children: (tooth: number, index: number) => React.ReactNode;
}) {
  const width = teeth.length * CELL;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG cannot hold a <fieldset>; the row is a named group of tooth buttons
    <svg viewBox={`-6 -6 ${width + 6} ${ROW_HEIGHT + 8}`} className="block h-auto w-full text-foreground" style={{ maxWidth: teeth.length * 48 }} role="group" aria-label={label}>
      {teeth.map((tooth, i) => (
        <g key={tooth} transform={`translate(${i * CELL + 3} 0)`}>
          {children(tooth, i)}
        </g>
      ))}
    </svg>
  );
}

/** A small sample of a status for the legend and the status menu. */
export function StatusSwatch({ status, prefix, className }: { status: ToothStatus; prefix: string; className?: string }) {
  return (
    <svg viewBox="-6 -6 52 52" className={cn("size-6 shrink-0", className)} aria-hidden>
      <rect x="0" y="0" width="40" height="40" fill={isSurfaceFill(status) ? `url(#${prefix}-${status})` : "var(--color-card, #fff)"} stroke="currentColor" strokeOpacity="0.5" />
      {!isSurfaceFill(status) && status !== "healthy" ? <WholeSymbol status={status} /> : null}
    </svg>
  );
}

/** The legend: every status with its colour and symbol. */
export const ChartLegend = React.memo(function ChartLegend({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2" data-testid="odontogram-legend">
      <h3 className="text-sm font-medium">{t("dental:odontogram.legend")}</h3>
      <svg width="0" height="0" className="absolute" aria-hidden>
        <StatusPatterns prefix={prefix} />
      </svg>
      <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-5">
        {TOOTH_STATUSES.map((s) => (
          <li key={s} className="flex items-center gap-2">
            <StatusSwatch status={s} prefix={prefix} className="text-foreground" />
            {t(`dental:toothStatus.${s}`)}
          </li>
        ))}
      </ul>
    </div>
  );
});
