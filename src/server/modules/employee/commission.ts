import { type SQL, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { CommissionSource } from "../../../shared/employees/commission";
import type { CommissionLinesInput, CommissionReportInput } from "../../../shared/employees/employee";
import { translate } from "../../../shared/i18n/translate";
import { offsetOf, pageOf } from "../../../shared/platform/pagination";
import { rowsOf, type Tx } from "../../db/client";
import { notFound } from "../../trpc/errors";

/**
 * The commissions report (the 'Vendedores' screen): every sale line credited to a seller in a
 * period, with the commission rule of src/shared/employees/commission.ts written as one
 * set-based query. Lines of cancelled orders are left out (they earn nothing). Commissions are
 * computed when the report runs, from the current links and product settings.
 */

/**
 * The period's sale lines with their commission. Each line carries its amount (base after
 * discount, before tax), the rule that applied (src), the percentage used and the commission.
 */
function linesQuery(tenantId: string, input: { from: string; to: string; employeeId?: string }): SQL {
  return sql`
    select
      oi.seller_employee_id as employee_id,
      o.id as order_id,
      o.number as order_number,
      o.business_date::text as business_date,
      oi.line_no,
      oi.product_id,
      oi.product_name,
      oi.quantity,
      b.amount,
      s.src,
      q.pct,
      case
        when s.src = 'product_fixed' then round(p.commission_value * oi.quantity, 2)
        when q.pct is null then 0
        else round(b.amount * q.pct / 100, 2)
      end as commission
    from orders o
    join order_items oi on oi.tenant_id = o.tenant_id and oi.order_id = o.id
    join employees e on e.tenant_id = oi.tenant_id and e.id = oi.seller_employee_id
    join products p on p.tenant_id = oi.tenant_id and p.id = oi.product_id
    left join employee_products ep on ep.tenant_id = oi.tenant_id and ep.employee_id = oi.seller_employee_id and ep.product_id = oi.product_id
    left join employee_categories ec on ec.tenant_id = oi.tenant_id and ec.employee_id = oi.seller_employee_id and ec.category_id = p.category_id
    cross join lateral (select oi.base_amount - oi.discount_amount as amount) b
    cross join lateral (
      select case
        when ep.commission_percentage is not null then 'employee_product'
        when ec.commission_percentage is not null then 'employee_category'
        when p.pays_commission and p.commission_type = 'fixed' then 'product_fixed'
        when p.pays_commission then 'product_percentage'
        when e.salary_type in ('commission', 'mixed') and e.commission_rate is not null then 'employee_rate'
        else 'none'
      end as src
    ) s
    cross join lateral (
      select case s.src
        when 'employee_product' then ep.commission_percentage
        when 'employee_category' then ec.commission_percentage
        when 'product_percentage' then p.commission_value
        when 'employee_rate' then e.commission_rate
      end as pct
    ) q
    where o.tenant_id = ${tenantId}
      and o.status <> 'cancelled'
      and o.business_date between ${input.from}::date and ${input.to}::date
      and oi.seller_employee_id is not null
      ${input.employeeId ? sql`and oi.seller_employee_id = ${input.employeeId}` : sql``}
  `;
}

/** A filter on an employee of another business (or none at all) is NOT_FOUND, not an empty report. */
async function assertEmployee(tx: Tx, tenantId: string, employeeId: string | undefined) {
  if (!employeeId) return;
  const found = rowsOf<{ id: string }>(await tx.execute(sql`select id from employees where tenant_id = ${tenantId} and id = ${employeeId}`));
  if (found.length === 0) throw notFound();
}

export interface CommissionReportRow {
  employeeId: string;
  code: string;
  name: string;
  isActive: boolean;
  /** orders with at least one line of the employee */
  salesCount: number;
  lineCount: number;
  /** sum of line amounts (after discount, before tax) */
  salesAmount: string;
  commission: string;
}

export interface CommissionReport {
  from: string;
  to: string;
  employees: CommissionReportRow[];
  totals: Omit<CommissionReportRow, "employeeId" | "code" | "name" | "isActive">;
}

type RawRow = {
  employee_id: string | null;
  code: string | null;
  name: string | null;
  is_active: boolean | null;
  sales_count: number;
  line_count: number;
  sales_amount: string;
  commission: string;
};

/** commission.report: one row per seller with sales in the period (by commission, highest first) and the totals, in one query. */
export async function commissionReport(tx: Tx, tenantId: string, input: CommissionReportInput): Promise<CommissionReport> {
  await assertEmployee(tx, tenantId, input.employeeId);
  const result = await tx.execute(sql`
    with lines as (${linesQuery(tenantId, input)})
    select
      l.employee_id, e.code, e.name, e.is_active,
      count(distinct l.order_id)::int as sales_count,
      count(*)::int as line_count,
      coalesce(sum(l.amount), 0)::numeric(14, 2)::text as sales_amount,
      coalesce(sum(l.commission), 0)::numeric(14, 2)::text as commission
    from lines l
    join employees e on e.tenant_id = ${tenantId} and e.id = l.employee_id
    group by grouping sets ((l.employee_id, e.code, e.name, e.is_active), ())
    order by (l.employee_id is null), sum(l.commission) desc, lower(e.name), e.code
  `);
  const rows = rowsOf<RawRow>(result);
  const totalRow = rows.find((r) => r.employee_id === null);
  return {
    from: input.from,
    to: input.to,
    employees: rows
      .filter((r) => r.employee_id !== null)
      .map((r) => ({
        employeeId: r.employee_id!,
        code: r.code!,
        name: r.name!,
        isActive: r.is_active!,
        salesCount: Number(r.sales_count),
        lineCount: Number(r.line_count),
        salesAmount: r.sales_amount,
        commission: r.commission,
      })),
    totals: {
      salesCount: Number(totalRow?.sales_count ?? 0),
      lineCount: Number(totalRow?.line_count ?? 0),
      salesAmount: totalRow?.sales_amount ?? "0.00",
      commission: totalRow?.commission ?? "0.00",
    },
  };
}

export interface CommissionLine {
  employeeId: string;
  orderId: string;
  orderNumber: string;
  businessDate: string;
  lineNo: number;
  productId: string;
  productName: string;
  quantity: string;
  amount: string;
  source: CommissionSource;
  percentage: string | null;
  commission: string;
}

type RawLine = {
  employee_id: string;
  order_id: string;
  order_number: string;
  business_date: string;
  line_no: number;
  product_id: string;
  product_name: string;
  quantity: string;
  amount: string;
  src: CommissionSource;
  pct: string | null;
  commission: string;
  total?: number;
};

function lineOf(r: RawLine): CommissionLine {
  return {
    employeeId: r.employee_id,
    orderId: r.order_id,
    orderNumber: r.order_number,
    businessDate: r.business_date,
    lineNo: Number(r.line_no),
    productId: r.product_id,
    productName: r.product_name,
    quantity: r.quantity,
    amount: r.amount,
    source: r.src,
    percentage: r.pct,
    commission: r.commission,
  };
}

const lineColumns = sql`
  l.employee_id, l.order_id, l.order_number, l.business_date, l.line_no, l.product_id, l.product_name,
  l.quantity::text as quantity, l.amount::numeric(14, 2)::text as amount, l.src, l.pct::numeric(14, 2)::text as pct,
  l.commission::numeric(14, 2)::text as commission`;

/** commission.lines: the drill-down of one employee's row, by date and invoice, paged. */
export async function commissionLines(tx: Tx, tenantId: string, input: CommissionLinesInput) {
  await assertEmployee(tx, tenantId, input.employeeId);
  const result = await tx.execute(sql`
    with lines as (${linesQuery(tenantId, input)})
    select ${lineColumns}, count(*) over ()::int as total
    from lines l
    order by l.business_date, l.order_number, l.line_no
    limit ${input.pageSize} offset ${offsetOf(input.page, input.pageSize)}
  `);
  const rows = rowsOf<RawLine>(result);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && input.page > 1) {
    const [count] = rowsOf<{ n: number }>(await tx.execute(sql`with lines as (${linesQuery(tenantId, input)}) select count(*)::int as n from lines`));
    total = Number(count?.n ?? 0);
  }
  return pageOf(rows.map(lineOf), total, input.page, input.pageSize);
}

/** Every line of the period (for the export), by employee, date and invoice. */
async function allLines(tx: Tx, tenantId: string, input: CommissionReportInput): Promise<(CommissionLine & { employeeName: string; employeeCode: string })[]> {
  const result = await tx.execute(sql`
    with lines as (${linesQuery(tenantId, input)})
    select ${lineColumns}, e.name as employee_name, e.code as employee_code
    from lines l
    join employees e on e.tenant_id = ${tenantId} and e.id = l.employee_id
    order by lower(e.name), e.code, l.business_date, l.order_number, l.line_no
  `);
  return rowsOf<RawLine & { employee_name: string; employee_code: string }>(result).map((r) => ({ ...lineOf(r), employeeName: r.employee_name, employeeCode: r.employee_code }));
}

export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * commission.export: the report as an .xlsx (a summary sheet and a sheet of lines), in the
 * user's language, returned as base64 with its file name 'comisiones-{from}-{to}.xlsx'.
 */
export async function exportCommissionReport(tx: Tx, tenantId: string, lang: string, input: CommissionReportInput) {
  const [report, lines] = await Promise.all([commissionReport(tx, tenantId, input), allLines(tx, tenantId, input)]);
  const t = (key: string) => translate(lang, `employees:${key}`);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Enzzo";
  const moneyFormat = "#,##0.00";

  const summary = workbook.addWorksheet(t("report.export.summarySheet"));
  summary.columns = [
    { header: t("report.columns.code"), key: "code", width: 12 },
    { header: t("report.columns.employee"), key: "name", width: 32 },
    { header: t("report.columns.salesCount"), key: "salesCount", width: 12 },
    { header: t("report.columns.lineCount"), key: "lineCount", width: 12 },
    { header: t("report.columns.salesAmount"), key: "salesAmount", width: 18, style: { numFmt: moneyFormat } },
    { header: t("report.columns.commission"), key: "commission", width: 16, style: { numFmt: moneyFormat } },
  ];
  for (const r of report.employees) {
    summary.addRow({ code: r.code, name: r.name, salesCount: r.salesCount, lineCount: r.lineCount, salesAmount: Number(r.salesAmount), commission: Number(r.commission) });
  }
  const totals = summary.addRow({
    name: t("report.totals"),
    salesCount: report.totals.salesCount,
    lineCount: report.totals.lineCount,
    salesAmount: Number(report.totals.salesAmount),
    commission: Number(report.totals.commission),
  });
  totals.font = { bold: true };
  summary.getRow(1).font = { bold: true };
  summary.addRow([]);
  summary.addRow([`${t("report.period")}: ${input.from} — ${input.to}`]);

  const detail = workbook.addWorksheet(t("report.export.linesSheet"));
  detail.columns = [
    { header: t("report.columns.date"), key: "date", width: 12 },
    { header: t("report.columns.invoice"), key: "invoice", width: 16 },
    { header: t("report.columns.code"), key: "code", width: 12 },
    { header: t("report.columns.employee"), key: "employee", width: 28 },
    { header: t("report.columns.product"), key: "product", width: 32 },
    { header: t("report.columns.quantity"), key: "quantity", width: 10 },
    { header: t("report.columns.amount"), key: "amount", width: 16, style: { numFmt: moneyFormat } },
    { header: t("report.columns.rule"), key: "rule", width: 28 },
    { header: t("report.columns.percentage"), key: "percentage", width: 12 },
    { header: t("report.columns.commission"), key: "commission", width: 16, style: { numFmt: moneyFormat } },
  ];
  for (const l of lines) {
    detail.addRow({
      date: l.businessDate,
      invoice: l.orderNumber,
      code: l.employeeCode,
      employee: l.employeeName,
      product: l.productName,
      quantity: Number(l.quantity),
      amount: Number(l.amount),
      rule: t(`report.sources.${l.source}`),
      percentage: l.percentage === null ? "" : Number(l.percentage),
      commission: Number(l.commission),
    });
  }
  detail.getRow(1).font = { bold: true };

  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return { fileName: `${t("report.export.filePrefix")}-${input.from}-${input.to}.xlsx`, mimeType: XLSX_MIME, base64: bytes.toString("base64") };
}
