import { z } from "zod";
import { businessDate } from "../platform/dates";
import { ADULT_TEETH, CHILD_TEETH, type ChartNotation, type Dentition, isFdiTooth, SURFACES, type Surface, TOOTH_BADGE_LIMIT, TOOTH_STATUSES, type ToothStatus } from "./constants";

/**
 * The odontogram model (spec 03 'Dental module', spec 01 'Tooth chart'; issue 18): FDI numbering,
 * the surfaces of a tooth and their labels, the chart at a date as the fold of the append-only
 * tooth events, the selector's badge rule and the chart notations. Pure: shared by the server's
 * input schemas and the screens.
 */

export const CHART_MESSAGES = {
  toothNotFdi: "dental:errors.toothNotFdi",
  surfaceInvalid: "dental:errors.surfaceInvalid",
  statusInvalid: "dental:errors.statusInvalid",
} as const;

/** The FDI quadrant (1–4 adult, 5–8 child) and the position from the midline (1–8, 1–5). */
export function quadrantOf(tooth: number): number {
  return Math.floor(tooth / 10);
}
export function positionOf(tooth: number): number {
  return tooth % 10;
}
/** Upper arch: quadrants 1, 2 (adult) and 5, 6 (child). */
export function isUpper(tooth: number): boolean {
  return [1, 2, 5, 6].includes(quadrantOf(tooth));
}
/** Incisors and canines (positions 1–3): their biting surface is incisal, not occlusal. */
export function isAnterior(tooth: number): boolean {
  return positionOf(tooth) <= 3;
}
export function dentitionOf(tooth: number): Dentition {
  return quadrantOf(tooth) >= 5 ? "child" : "adult";
}

/** How a surface is called on a given tooth: the i18n key under `dental:surfaces`. */
export type SurfaceLabel = "mesial" | "distal" | "vestibular" | "palatal" | "lingual" | "incisal" | "occlusal" | "general";

export function surfaceLabel(tooth: number, surface: Surface): SurfaceLabel {
  if (surface === "buccal") return "vestibular";
  if (surface === "lingual") return isUpper(tooth) ? "palatal" : "lingual";
  if (surface === "occlusal") return isAnterior(tooth) ? "incisal" : "occlusal";
  return surface;
}

/** Every tooth has the five surfaces and the whole tooth ('general'); the labels depend on the tooth. */
export function surfacesOf(tooth: number): { surface: Surface; label: SurfaceLabel }[] {
  if (!isFdiTooth(tooth)) return [];
  return SURFACES.map((surface) => ({ surface, label: surfaceLabel(tooth, surface) }));
}

export function isSurfaceOf(tooth: number, surface: string): surface is Surface {
  return surfacesOf(tooth).some((s) => s.surface === surface);
}

/** The zod block of a tooth number: FDI only ('Número de diente fuera de FDI'). */
export const fdiTooth = z.number({ error: CHART_MESSAGES.toothNotFdi }).refine(isFdiTooth, CHART_MESSAGES.toothNotFdi);
export const toothStatus = z.enum(TOOTH_STATUSES, { error: CHART_MESSAGES.statusInvalid });

/** One change of the chart: a tooth, one of its surfaces, the new status. */
export const toothChange = z
  .object({
    tooth: fdiTooth,
    surface: z.string({ error: CHART_MESSAGES.surfaceInvalid }),
    status: toothStatus,
    note: z
      .string()
      .trim()
      .max(500)
      .refine((v) => !v.includes("\u0000"))
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    if (isFdiTooth(v.tooth) && !isSurfaceOf(v.tooth, v.surface)) ctx.addIssue({ code: "custom", path: ["surface"], message: CHART_MESSAGES.surfaceInvalid, params: { tooth: v.tooth } });
  })
  .transform((v) => ({ ...v, surface: v.surface as Surface }));
export type ToothChange = z.output<typeof toothChange>;

/**
 * Statuses of the whole tooth: recorded on any surface they still apply to the tooth (a missing
 * occlusal is a missing tooth). A crown, a missing tooth, an implant or a bridge pontic also hide
 * what the surfaces had.
 */
export const WHOLE_TOOTH_STATUSES: readonly ToothStatus[] = ["missing", "implant", "crown", "bridge", "root_canal", "mobility"];
const REPLACING_STATUSES: readonly ToothStatus[] = ["missing", "implant", "crown", "bridge"];

export function appliesToWholeTooth(surface: Surface, status: ToothStatus): boolean {
  return surface === "general" || WHOLE_TOOTH_STATUSES.includes(status);
}

export type ToothSurface = Exclude<Surface, "general">;
export interface ToothState {
  /** the whole tooth's status (missing, crown…), or null */
  whole: ToothStatus | null;
  surfaces: Partial<Record<ToothSurface, ToothStatus>>;
}
/** The teeth with something recorded; a tooth not in the map is healthy. */
export type Chart = Map<number, ToothState>;

export interface ToothEvent {
  tooth: number;
  surface: Surface;
  status: ToothStatus;
  recordedAt: Date | string;
}

/** Applies one event to the chart (mutates it): the latest event per tooth and surface wins. */
export function applyEvent(chart: Chart, e: Pick<ToothEvent, "tooth" | "surface" | "status">): void {
  const current = chart.get(e.tooth) ?? { whole: null, surfaces: {} };
  let next: ToothState;
  if (appliesToWholeTooth(e.surface, e.status)) {
    if (e.status === "healthy") next = { whole: null, surfaces: {} };
    else next = { whole: e.status, surfaces: REPLACING_STATUSES.includes(e.status) ? {} : current.surfaces };
  } else {
    const surfaces = { ...current.surfaces };
    const surface = e.surface as ToothSurface;
    if (e.status === "healthy") delete surfaces[surface];
    else surfaces[surface] = e.status;
    // A surface treated on a tooth marked missing/implant… means the tooth is there again.
    const whole = current.whole && REPLACING_STATUSES.includes(current.whole) ? null : current.whole;
    next = { whole, surfaces };
  }
  if (next.whole === null && Object.keys(next.surfaces).length === 0) chart.delete(e.tooth);
  else chart.set(e.tooth, next);
}

/**
 * The chart as it was at the end of `at` (YYYY-MM-DD in the tenant's time zone), or now when `at`
 * is absent: the fold of the events in recording order (the caller passes them oldest first).
 */
export function chartAt(events: Iterable<ToothEvent>, opts: { at?: string | null; timeZone: string }): Chart {
  const chart: Chart = new Map();
  for (const e of events) {
    if (opts.at && businessDate(new Date(e.recordedAt), opts.timeZone) > opts.at) continue;
    applyEvent(chart, e);
  }
  return chart;
}

/** The chart as plain data for the wire: [{tooth, whole, surfaces}] by tooth number. */
export function chartRows(chart: Chart): { tooth: number; whole: ToothStatus | null; surfaces: Partial<Record<ToothSurface, ToothStatus>> }[] {
  return [...chart.entries()].sort(([a], [b]) => a - b).map(([tooth, s]) => ({ tooth, whole: s.whole, surfaces: s.surfaces }));
}

/** What the chart shows on a surface: the whole tooth's status wins over the surface's own. */
export function statusShown(state: ToothState | undefined, surface: Surface): ToothStatus | null {
  if (!state) return null;
  if (surface === "general") return state.whole;
  return state.surfaces[surface] ?? null;
}

/** The selector's badges (spec 01): at most 5 teeth, then '+N' for the rest. */
export function toothBadges(teeth: readonly number[], limit = TOOTH_BADGE_LIMIT): { shown: number[]; more: number } {
  return { shown: teeth.slice(0, limit), more: Math.max(0, teeth.length - limit) };
}

/** The teeth of a dentition laid out as the chart shows them: upper row right-to-left of the patient, then lower. */
export function chartLayout(dentition: Dentition): { upper: number[]; lower: number[] } {
  const teeth = dentition === "adult" ? ADULT_TEETH : CHILD_TEETH;
  const [q1, q2, q3, q4] = dentition === "adult" ? [1, 2, 3, 4] : [5, 6, 7, 8];
  const of = (q: number) => teeth.filter((t) => quadrantOf(t) === q);
  const desc = (q: number) => of(q).sort((a, b) => b - a);
  const asc = (q: number) => of(q).sort((a, b) => a - b);
  return { upper: [...desc(q1), ...asc(q2)], lower: [...desc(q4), ...asc(q3)] };
}

const UNIVERSAL_PRIMARY = "ABCDEFGHIJKLMNOPQRST";

/**
 * A tooth's label in a chart notation: FDI (36), Universal (permanent 1–32 from the upper right
 * third molar, primary A–T) or Palmer (position with the quadrant's corner: 8┘ └8 8┐ ┌8; primary A–E).
 */
export function toothLabel(tooth: number, notation: ChartNotation = "fdi"): string {
  if (!isFdiTooth(tooth) || notation === "fdi") return String(tooth);
  const q = quadrantOf(tooth);
  const p = positionOf(tooth);
  const child = q >= 5;
  const quadrant = child ? q - 4 : q;
  if (notation === "universal") {
    const size = child ? 5 : 8;
    // Upper right counts down to the midline, upper left away from it, lower left down, lower right up.
    const index = quadrant === 1 ? size - p : quadrant === 2 ? size + p - 1 : quadrant === 3 ? 3 * size - p : 3 * size + p - 1;
    return child ? UNIVERSAL_PRIMARY[index] : String(index + 1);
  }
  const mark = child ? "ABCDE"[p - 1] : String(p);
  if (quadrant === 1) return `${mark}┘`;
  if (quadrant === 2) return `└${mark}`;
  if (quadrant === 4) return `${mark}┐`;
  return `┌${mark}`;
}
