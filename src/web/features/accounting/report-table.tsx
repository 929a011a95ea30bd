import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ReportColumn, ReportData } from "../../components/report/report-data";
import { SkeletonRows } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { formatDate } from "../../lib/dates";
import { cn } from "../../lib/utils";
import { useMoney } from "./shared";

/** How a report row is drawn beyond its cells: indentation, bold (groups, section totals), a link on its name. */
export interface RowMeta {
  level?: number;
  bold?: boolean;
  /** A section heading: one cell across the table. */
  heading?: boolean;
  href?: string;
  testId?: string;
}

const numeric = (c: ReportColumn) => c.kind === "money" || c.kind === "number" || c.kind === "percent";

/**
 * The table of an accounting report, drawn from the very ReportData the header exports (so screen,
 * Excel and PDF agree). The first text column carries the indentation and the link.
 */
export function ReportTable({ report, meta, loading, empty, testId }: { report: ReportData | undefined; meta?: RowMeta[]; loading: boolean; empty: string; testId: string }) {
  const { i18n } = useTranslation();
  const money = useMoney();
  if (!report) {
    return (
      <Table>
        <TBody>{loading ? <SkeletonRows /> : null}</TBody>
      </Table>
    );
  }
  const nameKey = report.columns.find((c) => !numeric(c) && c.kind !== "date" && c.key !== "code")?.key;
  const show = (c: ReportColumn, v: unknown) => {
    if (v === null || v === undefined || v === "") return "";
    if (c.kind === "money") return money(String(v));
    if (c.kind === "date") return formatDate(String(v), i18n.language);
    return String(v);
  };
  // Stacked (narrow): the code leads the name on the row's first line; the other cells follow with their labels.
  const stackOf = (key: string) => (key === "code" ? "lead" : key === nameKey ? "primary" : undefined);
  const labelOf = (c: ReportColumn) => (c.key === "code" || c.key === nameKey ? undefined : c.label);
  return (
    <Table stack aria-label={report.title} data-testid={testId}>
      <THead>
        <TR>
          {report.columns.map((c) => (
            <TH key={c.key} className={numeric(c) ? "text-right" : undefined}>
              {c.label}
            </TH>
          ))}
        </TR>
      </THead>
      <TBody>
        {report.rows.map((r, i) => {
          const m = meta?.[i] ?? {};
          if (m.heading) {
            return (
              <TR key={i} className="bg-muted/30 hover:bg-muted/30" data-testid={m.testId}>
                <TD colSpan={report.columns.length} className="font-semibold" stack="primary">
                  {String(r[nameKey ?? ""] ?? r[report.columns[0]!.key] ?? "")}
                </TD>
              </TR>
            );
          }
          return (
            <TR key={i} className={cn(m.bold && "font-semibold")} data-testid={m.testId}>
              {report.columns.map((c) => {
                const value = show(c, r[c.key]);
                const isName = c.key === nameKey;
                const content =
                  isName && m.href ? (
                    <Link to={m.href} className="hover:underline">
                      {value}
                    </Link>
                  ) : (
                    value
                  );
                return (
                  <TD
                    key={c.key}
                    className={cn(numeric(c) ? "whitespace-nowrap text-right tabular-nums" : "break-words", c.key === "code" && "font-mono text-xs")}
                    style={isName && m.level ? { paddingLeft: `${0.75 + Math.min(m.level, 6) * 0.9}rem` } : undefined}
                    stack={value === "" && c.key !== nameKey ? "hide" : stackOf(c.key)}
                    label={labelOf(c)}
                    data-col={c.key}
                  >
                    {content}
                  </TD>
                );
              })}
            </TR>
          );
        })}
        {report.rows.length === 0 ? (
          <TR>
            <TD colSpan={report.columns.length} className="py-10 text-center text-muted-foreground" data-testid={`${testId}-empty`}>
              {empty}
            </TD>
          </TR>
        ) : null}
        {report.totals ? (
          <TR className="border-t-2 font-bold" data-testid={`${testId}-totals`}>
            {report.columns.map((c) => {
              const value = show(c, report.totals?.[c.key]);
              return (
                <TD
                  key={c.key}
                  className={numeric(c) ? "whitespace-nowrap text-right tabular-nums" : undefined}
                  stack={value === "" && c.key !== nameKey ? "hide" : stackOf(c.key)}
                  label={labelOf(c)}
                  data-col={c.key}
                >
                  {value}
                </TD>
              );
            })}
          </TR>
        ) : null}
      </TBody>
    </Table>
  );
}
