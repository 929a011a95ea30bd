import type { TFunction } from "i18next";
import { SALE_FORMS, type SaleForms } from "../../../shared/dgii/codes";
import type { It1, Row606, Row607, Row608 } from "../../../shared/dgii/report";
import type { ReportColumn, ReportData } from "../../components/report/report-data";

/**
 * The DGII previews as the shared report shape (Exportar → Excel/PDF and the printed page): the
 * rows shown (a page of at most 500) with their issues as text, and the month's totals.
 */
type T = TFunction;

const issuesText = (t: T, issues: { code: string }[]) => issues.map((i) => t(`dgii:issues.${i.code}`)).join(" · ");
const slug = (format: string, period: string) => `dgii-${format}-${period}`;

export function export606(t: T, period: string, rows: Row606[], totals: { total: string; itbis: string; itbisWithheld: string; isrWithheld: string }): ReportData {
  const columns: ReportColumn[] = [
    { key: "number", label: t("dgii:columns.document") },
    { key: "provider", label: t("dgii:columns.provider") },
    { key: "taxId", label: t("dgii:columns.taxId") },
    { key: "expenseType", label: t("dgii:columns.expenseType") },
    { key: "ncf", label: t("dgii:columns.ncf") },
    { key: "ncfDate", label: t("dgii:columns.ncfDate"), kind: "date" },
    { key: "paymentDate", label: t("dgii:columns.paymentDate"), kind: "date" },
    { key: "total", label: t("dgii:columns.total"), kind: "money" },
    { key: "itbis", label: t("dgii:columns.itbis"), kind: "money" },
    { key: "itbisWithheld", label: t("dgii:columns.itbisWithheld"), kind: "money" },
    { key: "isrWithheld", label: t("dgii:columns.isrWithheld"), kind: "money" },
    { key: "paymentForm", label: t("dgii:columns.paymentForm") },
    { key: "issues", label: t("dgii:columns.issues") },
  ];
  return {
    title: t("dgii:reportTitles.606"),
    subtitle: period,
    fileName: slug("606", period),
    columns,
    rows: rows.map((r) => ({
      number: r.number,
      provider: r.providerName,
      taxId: r.fileTaxId,
      expenseType: r.expenseType,
      ncf: r.ncf,
      ncfDate: r.ncfDate,
      paymentDate: r.paymentDate,
      total: r.total,
      itbis: r.itbis,
      itbisWithheld: r.itbisWithheld,
      isrWithheld: r.isrWithheld,
      paymentForm: r.paymentForm,
      issues: issuesText(t, r.issues),
    })),
    totals: { number: t("dgii:totals.title"), total: totals.total, itbis: totals.itbis, itbisWithheld: totals.itbisWithheld, isrWithheld: totals.isrWithheld },
  };
}

export function export607(t: T, period: string, rows: Row607[], byForm: SaleForms): ReportData {
  const columns: ReportColumn[] = [
    { key: "number", label: t("dgii:columns.document") },
    { key: "customer", label: t("dgii:columns.customer") },
    { key: "taxId", label: t("dgii:columns.taxId") },
    { key: "ncf", label: t("dgii:columns.ncf") },
    { key: "modifiedNcf", label: t("dgii:columns.modifiedNcf") },
    { key: "ncfDate", label: t("dgii:columns.ncfDate"), kind: "date" },
    { key: "amount", label: t("dgii:columns.amount"), kind: "money" },
    { key: "itbis", label: t("dgii:columns.itbis"), kind: "money" },
    ...SALE_FORMS.map((f): ReportColumn => ({ key: f, label: t(`dgii:forms607.${f}`), kind: "money" })),
    { key: "issues", label: t("dgii:columns.issues") },
  ];
  return {
    title: t("dgii:reportTitles.607"),
    subtitle: period,
    fileName: slug("607", period),
    columns,
    rows: rows.map((r) => ({
      number: r.number,
      customer: r.customerName,
      taxId: r.taxId,
      ncf: r.ncf,
      modifiedNcf: r.modifiedNcf,
      ncfDate: r.ncfDate,
      amount: r.kind === "creditNote" ? `-${r.amount}` : r.amount,
      itbis: r.kind === "creditNote" ? `-${r.itbis}` : r.itbis,
      ...Object.fromEntries(SALE_FORMS.map((f) => [f, r.forms[f]])),
      issues: issuesText(t, r.issues),
    })),
    totals: { number: t("dgii:totals.byForm"), ...byForm },
  };
}

export function export608(t: T, period: string, rows: Row608[]): ReportData {
  return {
    title: t("dgii:reportTitles.608"),
    subtitle: period,
    fileName: slug("608", period),
    columns: [
      { key: "number", label: t("dgii:columns.document") },
      { key: "ncf", label: t("dgii:columns.ncf") },
      { key: "ncfDate", label: t("dgii:columns.ncfDate"), kind: "date" },
      { key: "reason", label: t("dgii:columns.reason") },
      { key: "cancelledOn", label: t("dgii:columns.cancelledOn"), kind: "date" },
      { key: "issues", label: t("dgii:columns.issues") },
    ],
    rows: rows.map((r) => ({
      number: r.number,
      ncf: r.ncf,
      ncfDate: r.ncfDate,
      reason: r.reasonCode ? t(`dgii:reasons.${r.reasonCode}`) : t("dgii:reasons.none"),
      cancelledOn: r.cancelledOn,
      issues: issuesText(t, r.issues),
    })),
  };
}

/** The IT-1 helper's figures as label/amount rows. */
export function it1Lines(it1: It1 & { salesCount: number; creditNotesCount: number; purchasesCount: number }, t: T) {
  return [
    { key: "salesAmount", label: t("dgii:it1.salesAmount", { count: it1.salesCount }), value: it1.salesAmount },
    { key: "salesItbis", label: t("dgii:it1.salesItbis"), value: it1.salesItbis },
    { key: "creditNotesAmount", label: t("dgii:it1.creditNotesAmount", { count: it1.creditNotesCount }), value: it1.creditNotesAmount },
    { key: "creditNotesItbis", label: t("dgii:it1.creditNotesItbis"), value: it1.creditNotesItbis },
    { key: "creditNotesCreditableItbis", label: t("dgii:it1.creditNotesCreditableItbis"), value: it1.creditNotesCreditableItbis },
    { key: "netSalesItbis", label: t("dgii:it1.netSalesItbis"), value: it1.netSalesItbis, strong: true },
    { key: "purchasesAmount", label: t("dgii:it1.purchasesAmount", { count: it1.purchasesCount }), value: it1.purchasesAmount },
    { key: "purchasesItbis", label: t("dgii:it1.purchasesItbis"), value: it1.purchasesItbis, strong: true },
    { key: "difference", label: t("dgii:it1.difference"), value: it1.difference },
    { key: "itbisWithheld", label: t("dgii:it1.itbisWithheld"), value: it1.itbisWithheld },
    { key: "isrWithheld", label: t("dgii:it1.isrWithheld"), value: it1.isrWithheld },
    { key: "balance", label: t("dgii:it1.balance"), value: it1.balance, strong: true },
    { key: "toPay", label: t("dgii:it1.toPay"), value: it1.toPay, strong: true },
    { key: "inFavor", label: t("dgii:it1.inFavor"), value: it1.inFavor, strong: true },
  ];
}

export function exportIt1(t: T, period: string, lines: ReturnType<typeof it1Lines>): ReportData {
  return {
    title: t("dgii:reportTitles.it1"),
    subtitle: period,
    fileName: slug("it1", period),
    columns: [
      { key: "label", label: t("dgii:reportTitles.it1") },
      { key: "value", label: t("dgii:summary.total"), kind: "money" },
    ],
    rows: lines.map((l) => ({ label: l.label, value: l.value })),
  };
}
