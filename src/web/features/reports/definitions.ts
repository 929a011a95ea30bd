import type { inferRouterOutputs } from "@trpc/server";
import type { TFunction } from "i18next";
import { AGING_BUCKETS } from "../../../shared/invoices/schemas";
import { formatQuantity } from "../../../shared/money/format";
import type { ReportKey } from "../../../shared/reports/schemas";
import type { AppRouter } from "../../app/trpc";
import type { ReportCell, ReportColumn } from "../../components/report/report-data";
import { formatDate } from "../../lib/dates";

type Out = inferRouterOutputs<AppRouter>["report"];
export type Procedure = keyof Out;

/** What the chart draws: the rows' `label` column against each series' column (top rows by the first series unless `days`). */
export interface ChartSpec {
  kind: "days" | "top";
  label: string;
  series: { key: string; label: string }[];
}

/** A report as the screen, Excel and PDF show it: the same columns, rows and totals. */
export interface ReportView {
  columns: ReportColumn[];
  rows: Record<string, ReportCell>[];
  totals: Record<string, ReportCell>;
  chart?: ChartSpec;
  /** what the chart draws when not `rows` (sales by day: every day; the table only the days with activity) */
  chartRows?: Record<string, ReportCell>[];
  truncated?: boolean;
}

export interface ReportDefinition {
  key: ReportKey;
  procedure: Procedure;
  /** a cut-off date (aging, stock) instead of a period */
  snapshot: boolean;
  /** the warehouse filter applies */
  warehouse: boolean;
  view(data: unknown, t: TFunction, lang: string): ReportView;
}

const money = (key: string, t: TFunction): ReportColumn => ({ key, label: t(`reports:columns.${key}`), kind: "money" });
const num = (key: string, t: TFunction): ReportColumn => ({ key, label: t(`reports:columns.${key}`), kind: "number" });
const text = (key: string, t: TFunction): ReportColumn => ({ key, label: t(`reports:columns.${key}`), kind: "text" });
const qty = (v: string) => formatQuantity(v);

/** The sales reports of one dimension: name, [quantities], invoices, sales, returns, net. */
function dimension(
  key: ReportKey,
  procedure: Procedure,
  opts: { nameColumn: string; none: string; extra?: string[]; quantities?: boolean; balance?: boolean },
): ReportDefinition {
  return {
    key,
    procedure,
    snapshot: false,
    warehouse: true,
    view(data, t) {
      const d = data as Out["getSalesByProduct"] & Out["getSalesByCustomer"];
      type Row = (typeof d.rows)[number] & Record<string, unknown>;
      const columns = [
        text(opts.nameColumn, t),
        ...(opts.extra ?? []).map((k) => text(k, t)),
        ...(opts.quantities ? [num("quantity", t), num("returnedQuantity", t)] : []),
        num("invoices", t),
        money("total", t),
        money("returns", t),
        money("net", t),
        ...(opts.balance ? [money("balance", t)] : []),
      ];
      const rows = (d.rows as Row[]).map((r) => ({
        [opts.nameColumn]: r.name ?? t(`reports:labels.${opts.none}`),
        ...Object.fromEntries((opts.extra ?? []).map((k) => [k, (r[k] as string | null) ?? ""])),
        ...(opts.quantities ? { quantity: qty(r.quantity), returnedQuantity: qty(r.returnedQuantity) } : {}),
        invoices: r.invoices,
        total: r.total,
        returns: r.returns,
        net: r.net,
        ...(opts.balance ? { balance: r.balance } : {}),
      }));
      const tot = d.totals as Record<string, string | number>;
      const totals: Record<string, ReportCell> = {
        [opts.nameColumn]: t("reports:total"),
        ...(opts.quantities ? { quantity: qty(String(tot.quantity)), returnedQuantity: qty(String(tot.returnedQuantity)) } : {}),
        invoices: tot.invoices === undefined ? null : Number(tot.invoices),
        total: tot.total ?? null,
        returns: tot.returns ?? null,
        net: tot.net ?? null,
        ...(opts.balance ? { balance: tot.balance ?? null } : {}),
      };
      if (tot.invoices === undefined) delete totals.invoices;
      return {
        columns,
        rows,
        totals,
        truncated: d.truncated,
        chart: { kind: "top", label: opts.nameColumn, series: [{ key: "net", label: t("reports:columns.net") }] },
      };
    },
  };
}

function aging(key: ReportKey, procedure: Procedure, nameColumn: string): ReportDefinition {
  return {
    key,
    procedure,
    snapshot: true,
    warehouse: key === "receivables-aging",
    view(data, t) {
      const d = data as Out["getReceivablesAging"];
      const columns = [text(nameColumn, t), text("code", t), num("invoices", t), ...AGING_BUCKETS.map((b) => money(b, t)), money("balance", t)];
      const rows = d.rows.map((r) => ({ [nameColumn]: r.name, code: r.code, invoices: r.invoices, ...r.buckets, balance: r.total }));
      const totals = { [nameColumn]: t("reports:total"), code: "", invoices: d.totals.invoices, ...d.totals.buckets, balance: d.totals.total };
      return { columns, rows, totals, chart: { kind: "top", label: nameColumn, series: [{ key: "balance", label: t("reports:columns.balance") }] } };
    },
  };
}

export const REPORTS: Record<ReportKey, ReportDefinition> = {
  "sales-by-day": {
    key: "sales-by-day",
    procedure: "getSalesByDay",
    snapshot: false,
    warehouse: true,
    view(data, t, lang) {
      const d = data as Out["getSalesByDay"];
      const columns = [
        { key: "date", label: t("reports:columns.date"), kind: "date" as const },
        num("invoices", t),
        money("base", t),
        money("itbis", t),
        money("total", t),
        money("returns", t),
        money("net", t),
        num("cancelledCount", t),
      ];
      const all = d.rows.map((r) => ({ date: formatDate(r.date, lang), invoices: r.invoices, base: r.base, itbis: r.itbis, total: r.total, returns: r.returns, net: r.net, cancelledCount: r.cancelledCount }));
      const rows = all.filter((r) => r.invoices > 0 || r.cancelledCount > 0 || r.returns !== "0.00");
      const x = d.totals;
      const totals = { date: t("reports:total"), invoices: x.invoices, base: x.base, itbis: x.itbis, total: x.total, returns: x.returns, net: x.net, cancelledCount: x.cancelledCount };
      return {
        columns,
        rows,
        totals,
        chartRows: all,
        chart: {
          kind: "days",
          label: "date",
          series: [
            { key: "total", label: t("reports:columns.total") },
            { key: "returns", label: t("reports:columns.returns") },
          ],
        },
      };
    },
  },
  "sales-by-product": dimension("sales-by-product", "getSalesByProduct", { nameColumn: "product", none: "noProduct", extra: ["sku", "category"], quantities: true }),
  "sales-by-category": dimension("sales-by-category", "getSalesByCategory", { nameColumn: "category", none: "noCategory", quantities: true }),
  "sales-by-seller": dimension("sales-by-seller", "getSalesBySeller", { nameColumn: "seller", none: "noSeller", extra: ["code"] }),
  "sales-by-payment-method": {
    key: "sales-by-payment-method",
    procedure: "getSalesByPaymentMethod",
    snapshot: false,
    warehouse: true,
    view(data, t) {
      const d = data as Out["getSalesByPaymentMethod"];
      const columns = [text("method", t), num("invoices", t), money("amount", t), money("refunds", t), money("net", t)];
      const rows = d.rows.map((r) => ({ method: r.name, invoices: r.invoices, amount: r.amount, refunds: r.refunds, net: r.net }));
      const totals = { method: t("reports:total"), amount: d.totals.amount, refunds: d.totals.refunds, net: d.totals.net };
      return { columns, rows, totals, chart: { kind: "top", label: "method", series: [{ key: "net", label: t("reports:columns.net") }] } };
    },
  },
  "sales-by-cashbox": dimension("sales-by-cashbox", "getSalesByCashbox", { nameColumn: "cashbox", none: "noCashbox", extra: ["code"] }),
  "sales-by-customer": dimension("sales-by-customer", "getSalesByCustomer", { nameColumn: "customer", none: "noCustomer", extra: ["taxId"], balance: true }),
  "itbis-by-rate": {
    key: "itbis-by-rate",
    procedure: "getItbisByRate",
    snapshot: false,
    warehouse: true,
    view(data, t) {
      const d = data as Out["getItbisByRate"];
      const columns = [text("rate", t), num("lines", t), money("base", t), money("itbis", t), money("returnsBase", t), money("returnsItbis", t), money("netBase", t), money("netItbis", t)];
      const rows = d.rows.map((r) => ({
        rate: r.exempt ? t("reports:labels.exempt") : t("reports:labels.rate", { rate: Number(r.rate) }),
        lines: r.lines,
        base: r.base,
        itbis: r.itbis,
        returnsBase: r.returnsBase,
        returnsItbis: r.returnsItbis,
        netBase: r.netBase,
        netItbis: r.netItbis,
      }));
      const x = d.totals;
      const totals = { rate: t("reports:total"), base: x.base, itbis: x.itbis, returnsBase: x.returnsBase, returnsItbis: x.returnsItbis, netBase: x.netBase, netItbis: x.netItbis };
      return {
        columns,
        rows,
        totals,
        chart: {
          kind: "top",
          label: "rate",
          series: [
            { key: "netBase", label: t("reports:columns.netBase") },
            { key: "netItbis", label: t("reports:columns.netItbis") },
          ],
        },
      };
    },
  },
  "inventory-valuation": {
    key: "inventory-valuation",
    procedure: "getInventoryValuation",
    snapshot: true,
    warehouse: true,
    view(data, t) {
      const d = data as Out["getInventoryValuation"];
      const columns = [text("sku", t), text("product", t), text("category", t), num("stock", t), money("unitCost", t), money("value", t)];
      const rows = d.rows.map((r) => ({ sku: r.sku, product: r.name, category: r.category ?? t("reports:labels.noCategory"), stock: qty(r.quantity), unitCost: r.unitCost, value: r.value }));
      const totals = { sku: t("reports:total"), product: t("reports:labels.products", { count: d.totals.products }), stock: qty(d.totals.quantity), value: d.totals.value };
      return { columns, rows, totals, truncated: d.truncated, chart: { kind: "top", label: "product", series: [{ key: "value", label: t("reports:columns.value") }] } };
    },
  },
  "receivables-aging": aging("receivables-aging", "getReceivablesAging", "customer"),
  "payables-aging": aging("payables-aging", "getPayablesAging", "provider"),
};
