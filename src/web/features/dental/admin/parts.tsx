import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../../shared/money/format";

/** Plan statuses in the same colours on the chart and its legend (Okabe–Ito). */
export const STATUS_COLORS: Record<string, string> = {
  draft: "#7f7f7f",
  proposed: "#E69F00",
  active: "#56B4E9",
  approved: "#0072B2",
  in_progress: "#CC79A7",
  completed: "#009E73",
  cancelled: "#D55E00",
};

/** Revenue by procedure as a table (shared with the reports page). */
export function RevenueTable({ rows, label }: { rows: { procedureTypeId: string; name: string; count: number; revenue: string }[]; label: string }) {
  const { t, i18n } = useTranslation();
  return (
    <table className="w-full text-sm" aria-label={label} data-testid="revenue-by-procedure">
      <thead>
        <tr className="border-b text-left text-xs text-muted-foreground">
          <th scope="col" className="py-1.5 font-medium">
            {t("dentalAdmin:dashboard.procedure")}
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            {t("dentalAdmin:dashboard.count")}
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            {t("dentalAdmin:dashboard.revenue")}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.procedureTypeId} className="border-b last:border-0" data-testid="revenue-row">
            <td className="py-1.5 pr-2 [overflow-wrap:anywhere]">{r.name}</td>
            <td className="py-1.5 text-right tabular-nums">{r.count}</td>
            <td className="whitespace-nowrap py-1.5 pl-2 text-right tabular-nums">{formatMoney(r.revenue, i18n.language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

