import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/**
 * The suite's charts (Recharts), loaded on demand: the only module that imports recharts, so the
 * library is a chunk of its own that the dashboard and the reports fetch when they draw, never
 * part of the shell or the POS. Each chart draws `value` (a number for the geometry only: every
 * figure a person reads comes as `display`, formatted from the decimal string) and is hidden from
 * screen readers, which read the same figures from the table each widget puts beside its chart.
 */
export interface ChartDatum {
  key: string;
  /** the axis or legend label */
  label: string;
  value: number;
  /** the figure as shown (money formatted from its decimal string) */
  display: string;
  color?: string;
}

/** Distinct colours that keep their contrast on the light and dark themes (Okabe–Ito, then greys). */
export const CHART_COLORS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#7f7f7f"];

const axisTick = { fontSize: 12, fill: "var(--muted-foreground)" };

function ChartTooltip({ active, payload, seriesLabel }: { active?: boolean; payload?: readonly { payload?: ChartDatum }[]; seriesLabel?: string }) {
  const d = payload?.[0]?.payload;
  if (!active || !d) return null;
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-sm text-popover-foreground shadow-md">
      <div className="font-medium">{d.label}</div>
      <div className="tabular-nums">
        {seriesLabel ? `${seriesLabel}: ` : ""}
        {d.display}
      </div>
    </div>
  );
}

/** Compact axis figures: 1.2k, 3.4M (the exact amounts are in the tooltip and the table). */
function compact(value: number, lang: string): string {
  return new Intl.NumberFormat(lang === "en" ? "en-US" : "es-DO", { notation: "compact", maximumFractionDigits: 1 }).format(value);
}

/** Sales over time: an area for many points, bars for a few. */
export function TrendChart({ data, kind = "area", lang, seriesLabel, height = 240 }: { data: ChartDatum[]; kind?: "area" | "bar"; lang: string; seriesLabel?: string; height?: number }) {
  const common = { data, margin: { top: 8, right: 8, bottom: 0, left: 0 } };
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
      <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={false} interval="preserveStartEnd" minTickGap={12} />
      <YAxis tick={axisTick} tickLine={false} axisLine={false} width={48} tickFormatter={(v: number) => compact(v, lang)} />
      <Tooltip content={<ChartTooltip seriesLabel={seriesLabel} />} cursor={{ fill: "var(--muted)", opacity: 0.5 }} />
    </>
  );
  return (
    <div aria-hidden="true" style={{ height }} data-testid="trend-chart">
      <ResponsiveContainer width="100%" height="100%">
        {kind === "bar" ? (
          <BarChart {...common} accessibilityLayer={false}>
            {axes}
            <Bar dataKey="value" fill="var(--primary)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        ) : (
          <AreaChart {...common} accessibilityLayer={false}>
            {axes}
            <Area type="monotone" dataKey="value" stroke="var(--primary)" fill="var(--primary)" fillOpacity={0.15} strokeWidth={2} isAnimationActive={false} />
          </AreaChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}

/** Ranked amounts as horizontal bars, the label on the left and the amount at the bar's end. */
export function RankedBarChart({ data, lang, seriesLabel, barSize = 22 }: { data: ChartDatum[]; lang: string; seriesLabel?: string; barSize?: number }) {
  const height = Math.max(120, data.length * (barSize + 14) + 24);
  return (
    <div aria-hidden="true" style={{ height }} data-testid="ranked-bar-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 4, right: 12, bottom: 4, left: 4 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" horizontal={false} />
          <XAxis type="number" tick={axisTick} tickLine={false} axisLine={false} tickFormatter={(v: number) => compact(v, lang)} />
          <YAxis type="category" dataKey="label" tick={axisTick} tickLine={false} axisLine={false} width={110} tickFormatter={(v: string) => (v.length > 16 ? `${v.slice(0, 15)}…` : v)} />
          <Tooltip content={<ChartTooltip seriesLabel={seriesLabel} />} cursor={{ fill: "var(--muted)", opacity: 0.5 }} />
          <Bar dataKey="value" barSize={barSize} radius={[0, 4, 4, 0]} isAnimationActive={false}>
            {data.map((d) => (
              <Cell key={d.key} fill={d.color ?? "var(--primary)"} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Shares of a whole as a donut; the widget draws the legend (with the figures) itself. */
export function DonutChart({ data, height = 220 }: { data: ChartDatum[]; height?: number }) {
  return (
    <div aria-hidden="true" style={{ height }} data-testid="donut-chart">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart accessibilityLayer={false}>
          <Pie data={data} dataKey="value" nameKey="label" rootTabIndex={-1} innerRadius="58%" outerRadius="90%" paddingAngle={data.length > 1 ? 2 : 0} stroke="var(--card)" isAnimationActive={false}>
            {data.map((d, i) => (
              <Cell key={d.key} fill={d.color ?? CHART_COLORS[i % CHART_COLORS.length]} />
            ))}
          </Pie>
          <Tooltip content={<ChartTooltip />} />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
