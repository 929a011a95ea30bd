import { and, asc, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { allFields, choicesOf, type FormField, type FormSchema } from "../../../shared/forms/schema";
import { translate } from "../../../shared/i18n/translate";
import { businessClock, businessDate } from "../../../shared/platform/dates";
import { likePattern } from "../../../shared/platform/pagination";
import type { Tx } from "../../db/client";
import { appError, notFound } from "../../trpc/errors";
import { users } from "../auth/tables";
import type { SubmissionExportInput } from "./inputs";
import { formSubmissions, forms, formVersions } from "./tables";

/**
 * formSubmission.export (issue 17 §4): a form's submissions as CSV or Excel. One column per field
 * key across ALL published versions (the latest version's fields in its order, then the fields
 * later removed or renamed), headed by the label of the newest version that had the key; each
 * answer goes under its own key's column, formatted with the field of the version it answered.
 */

export const BUSINESS_TIME_ZONE = "America/Santo_Domingo";
export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const CSV_MIME = "text/csv;charset=utf-8";
/** The most rows one export writes; past it the user narrows the list first (search or status). */
export const EXPORT_MAX_ROWS = 50_000;

/** A field key across the form's versions: its field as the newest version that has it defines it. */
export type FieldColumn = { key: string; field: FormField; inLatest: boolean };

/** The form (NOT_FOUND when it is not the tenant's) and its published versions, newest first. */
export async function formWithVersions(tx: Tx, tenantId: string, formId: string) {
  const [form] = await tx
    .select({ id: forms.id, name: forms.name, slug: forms.slug })
    .from(forms)
    .where(and(eq(forms.tenantId, tenantId), eq(forms.id, formId)))
    .limit(1);
  if (!form) throw notFound();
  const versions = await tx
    .select({ id: formVersions.id, version: formVersions.version, schema: formVersions.schema })
    .from(formVersions)
    .where(and(eq(formVersions.tenantId, tenantId), eq(formVersions.formId, formId)))
    .orderBy(desc(formVersions.version));
  return { form, versions: versions.map((v) => ({ ...v, schema: v.schema as FormSchema })) };
}

/** The columns: the newest version's fields in order, then each key only older versions have (newest first). */
export function fieldColumns(versionsNewestFirst: readonly { schema: FormSchema }[]): FieldColumn[] {
  const columns: FieldColumn[] = [];
  const seen = new Set<string>();
  versionsNewestFirst.forEach((v, i) => {
    for (const field of allFields(v.schema)) {
      if (seen.has(field.key)) continue;
      seen.add(field.key);
      columns.push({ key: field.key, field, inLatest: i === 0 });
    }
  });
  return columns;
}

/** A text cell a spreadsheet would read as a formula (= + - @, or a tab/CR first) is prefixed with '. */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180 with a UTF-8 BOM (Excel then reads accents right) and CRLF line ends. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  const cell = (v: string | number) => {
    const text = typeof v === "number" ? String(v) : safeCell(v);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `\uFEFF${rows.map((r) => r.map(cell).join(",")).join("\r\n")}\r\n`;
}

/** 'YYYY-MM-DD HH:mm' in the business time zone. */
export function businessDateTime(at: Date): string {
  const { date, minute } = businessClock(at, BUSINESS_TIME_ZONE);
  return `${date} ${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

type Translate = (key: string, params?: Record<string, string | number>) => string;

const optionLabel = (field: FormField | undefined, value: string) => choicesOf(field ?? {}).find((o) => o.value === value)?.label ?? value;

/** One answer as a cell: option labels for choices, Sí/No, file URLs, '[firma]', arrays joined with ', '. */
export function answerCell(field: FormField | undefined, value: unknown, t: Translate): string | number {
  if (value === undefined || value === null) return "";
  const type = field?.type;
  if (type === "signature") return t("formScreens:export.signature");
  if (type === "file" || type === "image") {
    const files = Array.isArray(value) ? value : [value];
    return files
      .map((f) => (typeof f === "object" && f !== null ? String((f as { url?: string; name?: string }).url ?? (f as { name?: string }).name ?? "") : String(f)))
      .filter((s) => s !== "")
      .join(", ");
  }
  if (typeof value === "boolean") return value ? t("formScreens:yes") : t("formScreens:no");
  if (typeof value === "number") return value;
  if (Array.isArray(value)) return value.map((v) => (typeof v === "string" ? optionLabel(field, v) : typeof v === "object" ? JSON.stringify(v) : String(v))).join(", ");
  if (typeof value === "string") return type === "select" || type === "radio" ? optionLabel(field, value) : value;
  return JSON.stringify(value);
}

export type ExportFilter = Pick<SubmissionExportInput, "search" | "status">;

/** The export's rows: header then one row per submission (oldest first), in the user's language. */
export async function exportRows(tx: Tx, tenantId: string, lang: string, formId: string, filter: ExportFilter) {
  const { form, versions } = await formWithVersions(tx, tenantId, formId);
  const t: Translate = (key, params) => translate(lang, key, params);
  const columns = fieldColumns(versions);
  const schemaOf = new Map(versions.map((v) => [v.id, new Map(allFields(v.schema).map((f) => [f.key, f]))]));

  const filters: (SQL | undefined)[] = [eq(formSubmissions.tenantId, tenantId), eq(formSubmissions.formId, formId)];
  if (filter.search) {
    const number = /^\d{1,9}$/.test(filter.search) ? Number(filter.search) : null;
    const text = ilike(sql`${formSubmissions.data}::text`, likePattern(filter.search));
    filters.push(number === null ? text : or(eq(formSubmissions.number, number), text));
  }
  if (filter.status) filters.push(eq(formSubmissions.status, filter.status));
  const submitter = sql<string | null>`(select u.name from ${users} u where u.tenant_id = "form_submissions"."tenant_id" and u.id = "form_submissions"."submitted_by")`;
  const changer = sql<string | null>`(select u.name from ${users} u where u.tenant_id = "form_submissions"."tenant_id" and u.id = "form_submissions"."status_changed_by")`;
  const rows = await tx
    .select({
      number: formSubmissions.number,
      createdAt: formSubmissions.createdAt,
      submitter,
      submitterIp: formSubmissions.submitterIp,
      status: formSubmissions.status,
      changer,
      statusChangedAt: formSubmissions.statusChangedAt,
      versionId: formSubmissions.versionId,
      version: formVersions.version,
      data: formSubmissions.data,
    })
    .from(formSubmissions)
    .innerJoin(formVersions, and(eq(formVersions.tenantId, formSubmissions.tenantId), eq(formVersions.id, formSubmissions.versionId)))
    .where(and(...filters))
    .orderBy(asc(formSubmissions.number))
    .limit(EXPORT_MAX_ROWS + 1);
  if (rows.length > EXPORT_MAX_ROWS) throw appError("BAD_REQUEST", "formScreens:errors.exportTooLarge", { max: EXPORT_MAX_ROWS.toLocaleString("en-US") });

  const header = [
    t("formScreens:export.number"),
    t("formScreens:export.submittedAt"),
    t("formScreens:export.submitter"),
    t("formScreens:export.status"),
    t("formScreens:export.statusChangedBy"),
    t("formScreens:export.statusChangedAt"),
    t("formScreens:export.version"),
    ...columns.map((c) => (c.field.label.trim() === "" ? c.key : c.field.label)),
  ];
  const body = rows.map((r) => {
    const data = (r.data ?? {}) as Record<string, unknown>;
    const fieldsOfVersion = schemaOf.get(r.versionId);
    return [
      r.number,
      businessDateTime(r.createdAt),
      r.submitter ?? (r.submitterIp ? t("formScreens:anonymousFrom", { ip: r.submitterIp }) : t("formScreens:anonymous")),
      t(`formScreens:submissionStatus.${r.status}`),
      r.changer ?? "",
      r.statusChangedAt ? businessDateTime(r.statusChangedAt) : "",
      r.version,
      ...columns.map((c) => (Object.hasOwn(data, c.key) ? answerCell(fieldsOfVersion?.get(c.key) ?? c.field, data[c.key], t) : "")),
    ];
  });
  return { form, header, body };
}

/** {fileName, mimeType, base64}: '{slug}-respuestas-{YYYY-MM-DD}.csv' or '.xlsx' (the date is the business day). */
export async function exportSubmissions(tx: Tx, tenantId: string, lang: string, input: SubmissionExportInput, now: Date = new Date()) {
  const { form, header, body } = await exportRows(tx, tenantId, lang, input.formId, input);
  const base = `${form.slug}-${translate(lang, "formScreens:export.filePart")}-${businessDate(now, BUSINESS_TIME_ZONE)}`;
  if (input.format === "csv") {
    return { fileName: `${base}.csv`, mimeType: CSV_MIME, base64: Buffer.from(toCsv([header, ...body]), "utf8").toString("base64") };
  }
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Enzzo";
  const sheet = workbook.addWorksheet(translate(lang, "formScreens:export.sheet"));
  sheet.addRow(header);
  sheet.getRow(1).font = { bold: true };
  // Text cells are typed as text in the file, so a leading '=' is never run as a formula.
  for (const row of body) sheet.addRow(row.map((v) => (v === "" ? null : v)));
  sheet.columns.forEach((col, i) => {
    col.width = Math.min(48, Math.max(10, (header[i]?.length ?? 10) + 2));
  });
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return { fileName: `${base}.xlsx`, mimeType: XLSX_MIME, base64: bytes.toString("base64") };
}
