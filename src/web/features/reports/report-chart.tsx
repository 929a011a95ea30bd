import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney } from "../../../shared/money/format";
import type { ReportCell } from "../../components/report/report-data";
import type { ChartSpec } from "./definitions";

/** Bars in the theme's colours: the first series in the primary colour, the second in the destructive one (returns). */
const COLORS = ["var(--primary)", "var(--destructive)"];
/** The 'top' charts draw this many rows (the table has all of them). */
const TOP = 10;

/**
 * The report's chart (Recharts), drawn from the same rows as the table: sales by day as vertical
 * bars per day, the other reports as horizontal bars of their largest rows. Money only: values are
 * decimal strings turned into numbers for drawing, never for sums.
 */
export function ReportChart({ spec, rows, title }: { spec: ChartSpec; rows: Record<string, ReportCell>[]; title: string }) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const first = spec.series[0]!.key;
  const data = (spec.kind === "days" ? rows : [...rows].sort((a, b) => Number(b[first]) - Number(a[first])).slice(0, TOP)).map((r) => ({
    label: String(r[spec.label] ?? ""),
    ...Object.fromEntries(spec.series.map((s) => [s.key, Number(r[s.key] ?? 0)])),
  }));
  if (data.length === 0) return null;
  const money = (v: unknown) => formatMoney(String(v), lang);
  const compact = (v: number) => new Intl.NumberFormat(lang === "en" ? "en-US" : "es-DO", { notation: "compact", maximumFractionDigits: 1 }).format(v);
  const height = spec.kind === "days" ? 260 : Math.max(160, 36 * data.length + 60);
  return (
    <figure className="m-0 grid gap-2 print:break-inside-avoid" data-testid="report-chart">
      <figcaption className="sr-only">{title}</figcaption>
      <div style={{ height }} className="w-full min-w-0">
        <ResponsiveContainer width="100%" height="100%">
          {spec.kind === "days" ? (
            <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tickFormatter={(v: string) => v.slice(0, 5)} tick={{ fontSize: 11 }} minTickGap={8} />
              <YAxis tickFormatter={compact} tick={{ fontSize: 11 }} width={48} />
              <Tooltip formatter={money} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              {spec.series.map((s, i) => (
                <Bar key={s.key} dataKey={s.key} name={s.label} fill={COLORS[i % COLORS.length]} radius={[3, 3, 0, 0]} isAnimationActive={false} />
              ))}
            </BarChart>
          ) : (
            <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" tickFormatter={compact} tick={{ fontSize: 11 }} />
              <YAxis type="category" dataKey="label" width={120} tick={{ fontSize: 11 }} tickFormatter={(v: string) => (v.length > 18 ? `${v.slice(0, 17)}…` : v)} />
              <Tooltip formatter={money} />
              {spec.series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
              {spec.series.map((s, i) => (
                <Bar key={s.key} dataKey={s.key} name={s.label} fill={COLORS[i % COLORS.length]} radius={[0, 3, 3, 0]} isAnimationActive={false} />
              ))}
            </BarChart>
          )}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
