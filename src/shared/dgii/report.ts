import { Big, toBig } from "../catalog/decimal";
import { isNcf } from "../fiscal/ncf";
import { compactTaxId, isValidCedula, isValidRnc, taxIdKind } from "../fiscal/tax-id";
import { assertExact, centsText, toCents } from "./cents";
import {
  CANCEL_REASONS_608,
  CONSUMER_DETAIL_THRESHOLD,
  type DgiiFormat,
  EXPENSE_TYPES_606,
  ISR_WITHHOLDING_TYPES_606,
  PAYMENT_FORMS_606,
  type PaymentForm606,
  SALE_FORMS,
  type SaleForm,
  type SaleForms,
} from "./codes";
import { dgiiFile, dgiiFileName, dgiiTaxId, headerLine, line606, line607, line608 } from "./txt";

/**
 * The 606/607/608 of a month from its documents, pure: which documents are detail lines, the
 * validation issues of each row, the totals by payment form, the 607's summary of consumer
 * invoices under RD$250,000, and the TXT. The server only reads the documents.
 */

export type IssueCode =
  | "rncMissing"
  | "rncInvalid"
  | "ncfInvalid"
  | "ncfTypeUnexpected"
  | "taxIdRequired"
  | "taxIdInvalid"
  | "cedulaRequired"
  | "modifiedNcfMissing"
  | "modifiedNcfInvalid"
  | "expenseTypeInvalid"
  | "paymentFormInvalid"
  | "isrTypeMissing"
  | "withholdingWithoutPayment"
  | "reasonMissing"
  | "reasonAssumed";
export interface Issue {
  code: IssueCode;
  /** the row's field it concerns */
  field: string;
  /** an error makes DGII refuse the file; a warning is worth a look */
  severity: "error" | "warning";
}

const issue = (code: IssueCode, field: string, severity: Issue["severity"] = "error"): Issue => ({ code, field, severity });

/** The NCF's type (B01, E32 …): the letter and the two digits. */
export const ncfTypeOf = (ncf: string | null | undefined) => (ncf ?? "").trim().toUpperCase().slice(0, 3);
/** Consumer invoices: B02 and its electronic E32. */
export const isConsumerNcf = (ncf: string | null | undefined) => ["B02", "E32"].includes(ncfTypeOf(ncf));
/** Credit notes: B04 and E34. */
export const isCreditNoteNcf = (ncf: string | null | undefined) => ["B04", "E34"].includes(ncfTypeOf(ncf));
/** Sale types whose buyer's RNC/cédula is always required (dr-fiscal.md §1). */
const BUYER_ID_TYPES = ["B01", "E31", "B03", "E33", "B14", "E44", "B15", "E45", "B16", "E46"];
const SALE_TYPES = ["B01", "E31", "B02", "E32", "B03", "E33", "B12", "B14", "E44", "B15", "E45", "B16", "E46"];
const PURCHASE_TYPES = ["B01", "E31", "B11", "E41", "B13", "E43", "B14", "E44", "B15", "E45", "B17", "E47"];

/** The tenant's own RNC/cédula for the header. */
export function headerIssues(rnc: string | null | undefined): Issue[] {
  const v = dgiiTaxId(rnc);
  if (!v) return [issue("rncMissing", "rnc")];
  return taxIdKind(v) ? [] : [issue("rncInvalid", "rnc")];
}

/** A counterpart's RNC/cédula: required or not, check digits (a DGII exception the customer form allowed is accepted). */
function taxIdIssues(taxId: string | null | undefined, required: boolean, opts: { override?: boolean; cedulaOnly?: boolean } = {}): Issue[] {
  const v = taxId ? compactTaxId(taxId) : "";
  if (!v) return required ? [issue(opts.cedulaOnly ? "cedulaRequired" : "taxIdRequired", "taxId")] : [];
  if (opts.cedulaOnly) return v.length === 11 && (opts.override || isValidCedula(v)) ? [] : [issue("cedulaRequired", "taxId")];
  if (!/^\d{9}$|^\d{11}$/.test(v)) return [issue("taxIdInvalid", "taxId")];
  if (opts.override) return [];
  return (v.length === 9 ? isValidRnc(v) : isValidCedula(v)) ? [] : [issue("taxIdInvalid", "taxId")];
}

type CentForms = Record<SaleForm, number>;
const zeroForms = (): CentForms => ({ cash: 0, bank: 0, card: 0, credit: 0, swap: 0, bond: 0, others: 0 });
const fixedForms = (forms: CentForms): SaleForms => ({
  cash: centsText(assertExact(forms.cash)),
  bank: centsText(forms.bank),
  card: centsText(forms.card),
  credit: centsText(forms.credit),
  swap: centsText(forms.swap),
  bond: centsText(forms.bond),
  others: centsText(forms.others),
});
const THRESHOLD_CENTS = toCents(CONSUMER_DETAIL_THRESHOLD);

export interface Paged<R> {
  rows: R[];
  rowCount: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

export interface ReportBase<R> {
  format: DgiiFormat;
  period: string;
  rnc: string;
  fileName: string;
  /** the header line and what is wrong with it */
  header: { line: string; count: number; issues: Issue[] };
  rows: R[];
  /** rows with at least one issue, and the issues of every row and the header */
  rowsWithIssues: number;
  issueCount: number;
  errorCount: number;
}

function countIssues<R extends { issues: Issue[] }>(rows: readonly R[], header: Issue[]) {
  let rowsWithIssues = 0;
  let issueCount = header.length;
  let errorCount = header.filter((i) => i.severity === "error").length;
  for (const r of rows) {
    if (r.issues.length === 0) continue;
    rowsWithIssues++;
    issueCount += r.issues.length;
    for (const i of r.issues) if (i.severity === "error") errorCount++;
  }
  return { rowsWithIssues, issueCount, errorCount };
}

/** One page of rows (the totals stay the whole month's). */
export function pageRows<R extends { issues: Issue[] }>(rows: readonly R[], page: number, pageSize: number, onlyIssues = false): Paged<R> {
  const chosen = onlyIssues ? rows.filter((r) => r.issues.length > 0) : rows;
  const pageCount = Math.max(1, Math.ceil(chosen.length / pageSize));
  const p = Math.min(Math.max(1, page), pageCount);
  return { rows: chosen.slice((p - 1) * pageSize, p * pageSize), rowCount: chosen.length, page: p, pageSize, pageCount };
}

// ——— 606 ———

export interface Bill606 {
  id: string;
  /** our reference (FP-000001) */
  number: string;
  providerName: string;
  ncf: string;
  ncfDate: string;
  /** the supplier's RNC/cédula (B13: the file carries the business's own) */
  taxId: string | null;
  expenseType: string;
  paymentForm: string;
  paymentDate: string | null;
  servicesAmount: string;
  goodsAmount: string;
  itbis: string;
  itbisWithheld: string;
  isrWithholdingType: string | null;
  isrWithheld: string;
}

export interface Row606 extends Bill606 {
  /** what the file carries as the RNC/cédula */
  fileTaxId: string | null;
  total: string;
  line: string;
  issues: Issue[];
}

export interface Report606 extends ReportBase<Row606> {
  totals: { count: number; services: string; goods: string; total: string; itbis: string; itbisWithheld: string; isrWithheld: string };
  byPaymentForm: { form: PaymentForm606; count: number; total: string; itbis: string }[];
  content: string;
}

export function report606(rnc: string | null | undefined, period: string, bills: readonly Bill606[]): Report606 {
  const totals = { services: new Big(0), goods: new Big(0), itbis: new Big(0), itbisWithheld: new Big(0), isrWithheld: new Big(0) };
  const byForm = new Map<string, { count: number; total: Big; itbis: Big }>();
  const rows = bills.map((b): Row606 => {
    const type = ncfTypeOf(b.ncf);
    const fileTaxId = ["B13", "E43"].includes(type) ? dgiiTaxId(rnc) || null : b.taxId;
    const issues: Issue[] = [];
    if (!isNcf(b.ncf)) issues.push(issue("ncfInvalid", "ncf"));
    else if (!PURCHASE_TYPES.includes(type)) issues.push(issue("ncfTypeUnexpected", "ncf"));
    if (!["B13", "E43"].includes(type)) issues.push(...taxIdIssues(b.taxId, true, { cedulaOnly: ["B11", "E41"].includes(type) }));
    if (!(EXPENSE_TYPES_606 as readonly string[]).includes(b.expenseType)) issues.push(issue("expenseTypeInvalid", "expenseType"));
    if (!(PAYMENT_FORMS_606 as readonly string[]).includes(b.paymentForm)) issues.push(issue("paymentFormInvalid", "paymentForm"));
    const isrType = b.isrWithholdingType ? b.isrWithholdingType.padStart(2, "0") : null;
    if (toBig(b.isrWithheld).gt(0) && !(isrType && (ISR_WITHHOLDING_TYPES_606 as readonly string[]).includes(isrType))) issues.push(issue("isrTypeMissing", "isrWithholdingType"));
    if ((toBig(b.itbisWithheld).gt(0) || toBig(b.isrWithheld).gt(0)) && !b.paymentDate) issues.push(issue("withholdingWithoutPayment", "paymentDate", "warning"));
    const total = toBig(b.servicesAmount).plus(toBig(b.goodsAmount));
    totals.services = totals.services.plus(toBig(b.servicesAmount));
    totals.goods = totals.goods.plus(toBig(b.goodsAmount));
    totals.itbis = totals.itbis.plus(toBig(b.itbis));
    totals.itbisWithheld = totals.itbisWithheld.plus(toBig(b.itbisWithheld));
    totals.isrWithheld = totals.isrWithheld.plus(toBig(b.isrWithheld));
    const f = byForm.get(b.paymentForm) ?? { count: 0, total: new Big(0), itbis: new Big(0) };
    byForm.set(b.paymentForm, { count: f.count + 1, total: f.total.plus(total), itbis: f.itbis.plus(toBig(b.itbis)) });
    const line = line606({ ...b, taxId: fileTaxId, isrWithholdingType: isrType });
    return { ...b, fileTaxId, total: total.toFixed(2), line, issues };
  });
  const header = headerIssues(rnc);
  return {
    format: "606",
    period,
    rnc: dgiiTaxId(rnc),
    fileName: dgiiFileName("606", rnc, period),
    header: { line: headerLine("606", rnc, period, rows.length), count: rows.length, issues: header },
    rows,
    ...countIssues(rows, header),
    totals: {
      count: rows.length,
      services: totals.services.toFixed(2),
      goods: totals.goods.toFixed(2),
      total: totals.services.plus(totals.goods).toFixed(2),
      itbis: totals.itbis.toFixed(2),
      itbisWithheld: totals.itbisWithheld.toFixed(2),
      isrWithheld: totals.isrWithheld.toFixed(2),
    },
    byPaymentForm: PAYMENT_FORMS_606.filter((f) => byForm.has(f)).map((form) => {
      const f = byForm.get(form)!;
      return { form, count: f.count, total: f.total.toFixed(2), itbis: f.itbis.toFixed(2) };
    }),
    content: dgiiFile(
      "606",
      rnc,
      period,
      rows.map((r) => r.line),
    ),
  };
}

// ——— 607 ———

export interface Sale607 {
  kind: "invoice" | "creditNote";
  id: string;
  /** FAC-000001 / NC-000001 */
  number: string;
  customerName: string;
  ncf: string;
  /** a credit note: the NCF of the invoice it modifies */
  modifiedNcf: string | null;
  ncfDate: string;
  taxId: string | null;
  /** the customer's RNC/cédula was accepted as a DGII exception (fails the check digit) */
  taxIdOverride?: boolean;
  /** untaxed */
  amount: string;
  itbis: string;
  /** what was paid by each 607 form (the rest owed in credit); all positive, a credit note's too */
  forms: SaleForms;
}

/** A detail line of the 607 (the consumer invoices under RD$250,000 are only counted in the summary). */
export interface Row607 extends Sale607 {
  total: string;
  /** listed one by one in the file: always true for a row (kept for the screen and the export) */
  inDetail: boolean;
  /** the TXT line */
  line: string;
  issues: Issue[];
}

export interface ConsumerSummary {
  count: number;
  amount: string;
  itbis: string;
  total: string;
  forms: SaleForms;
}

export interface Report607 extends ReportBase<Row607> {
  /** consumer invoices under RD$250,000: out of the detail, summed by payment form */
  summary: ConsumerSummary;
  /** every sale of the month by payment form, credit notes taken off */
  byPaymentForm: SaleForms;
  totals: {
    detailCount: number;
    invoices: { count: number; amount: string; itbis: string };
    creditNotes: { count: number; amount: string; itbis: string };
    /** invoices − credit notes */
    net: { amount: string; itbis: string };
  };
  content: string;
}

/** A consumer invoice whose untaxed amount is below RD$250,000: summarized, not a detail line. */
export function isSummarizedSale(s: Pick<Sale607, "kind" | "ncf" | "amount">): boolean {
  return s.kind === "invoice" && isConsumerNcf(s.ncf) && toCents(s.amount) < THRESHOLD_CENTS;
}

/** The 607 (money added as exact cents: the month may hold 100,000 sales). */
export function report607(rnc: string | null | undefined, period: string, sales: readonly Sale607[]): Report607 {
  const summary = { count: 0, amount: 0, itbis: 0, forms: zeroForms() };
  const all = zeroForms();
  const inv = { count: 0, amount: 0, itbis: 0 };
  const notes = { count: 0, amount: 0, itbis: 0 };
  const rows: Row607[] = [];
  const lines: string[] = [];
  for (const s of sales) {
    const isNote = s.kind === "creditNote";
    const amount = toCents(s.amount);
    const itbis = toCents(s.itbis);
    const type = ncfTypeOf(s.ncf);
    const summarized = !isNote && (type === "B02" || type === "E32") && amount < THRESHOLD_CENTS;
    const issues: Issue[] = [];
    if (!isNcf(s.ncf)) issues.push(issue("ncfInvalid", "ncf"));
    else if (isNote ? !isCreditNoteNcf(s.ncf) : !SALE_TYPES.includes(type)) issues.push(issue("ncfTypeUnexpected", "ncf"));
    if (isNote) {
      if (!s.modifiedNcf) issues.push(issue("modifiedNcfMissing", "modifiedNcf"));
      else if (!isNcf(s.modifiedNcf)) issues.push(issue("modifiedNcfInvalid", "modifiedNcf"));
    }
    // The buyer's id: always for B01/B14/B15 (and a note modifying one), a consumer invoice listed one by one.
    if (!summarized) {
      const required = isNote ? BUYER_ID_TYPES.includes(ncfTypeOf(s.modifiedNcf)) : BUYER_ID_TYPES.includes(type) || isConsumerNcf(s.ncf);
      issues.push(...taxIdIssues(s.taxId, required, { override: s.taxIdOverride }));
    }
    const f = s.forms;
    const cash = toCents(f.cash);
    const bank = toCents(f.bank);
    const card = toCents(f.card);
    const credit = toCents(f.credit);
    const swap = toCents(f.swap);
    const bond = toCents(f.bond);
    const others = toCents(f.others);
    const target = summarized ? summary.forms : all;
    const sign = isNote ? -1 : 1;
    target.cash += sign * cash;
    target.bank += sign * bank;
    target.card += sign * card;
    target.credit += sign * credit;
    target.swap += sign * swap;
    target.bond += sign * bond;
    target.others += sign * others;
    const bucket = isNote ? notes : inv;
    bucket.count++;
    bucket.amount += amount;
    bucket.itbis += itbis;
    if (summarized) {
      summary.count++;
      summary.amount += amount;
      summary.itbis += itbis;
      continue;
    }
    const line = line607({ taxId: s.taxId, ncf: s.ncf, modifiedNcf: isNote ? s.modifiedNcf : null, incomeType: "01", ncfDate: s.ncfDate, amount: s.amount, itbis: s.itbis, forms: s.forms });
    lines.push(line);
    rows.push({ ...s, total: centsText(amount + itbis), inDetail: true, line, issues });
  }
  // every sale of the month by form: the detail's and the summary's
  for (const f of SALE_FORMS) all[f] += summary.forms[f];
  const header = headerIssues(rnc);
  return {
    format: "607",
    period,
    rnc: dgiiTaxId(rnc),
    fileName: dgiiFileName("607", rnc, period),
    header: { line: headerLine("607", rnc, period, lines.length), count: lines.length, issues: header },
    rows,
    ...countIssues(rows, header),
    summary: {
      count: summary.count,
      amount: centsText(assertExact(summary.amount)),
      itbis: centsText(assertExact(summary.itbis)),
      total: centsText(assertExact(summary.amount + summary.itbis)),
      forms: fixedForms(summary.forms),
    },
    byPaymentForm: fixedForms(all),
    totals: {
      detailCount: lines.length,
      invoices: { count: inv.count, amount: centsText(assertExact(inv.amount)), itbis: centsText(assertExact(inv.itbis)) },
      creditNotes: { count: notes.count, amount: centsText(assertExact(notes.amount)), itbis: centsText(assertExact(notes.itbis)) },
      net: { amount: centsText(assertExact(inv.amount - notes.amount)), itbis: centsText(assertExact(inv.itbis - notes.itbis)) },
    },
    content: dgiiFile("607", rnc, period, lines),
  };
}

/**
 * What a sale's payments paid by 607 form: each completed payment (in pesos) under its method's
 * form, the change given back taken off cash first, and what the payments leave of the total owed
 * in credit. Amounts are decimal strings; the forms always add up to the total.
 */
export function saleForms(total: string, paid: readonly { form: SaleForm; amount: string }[], change: string): SaleForms {
  const forms = zeroForms();
  for (const p of paid) forms[p.form] += toCents(p.amount);
  let excess = toCents(change);
  for (const f of CHANGE_ORDER) {
    if (excess <= 0) break;
    const take = forms[f] < excess ? forms[f] : excess;
    forms[f] -= take;
    excess -= take;
  }
  let paidNet = 0;
  for (const f of SALE_FORMS) paidNet += forms[f];
  const owed = toCents(total) - paidNet;
  if (owed > 0) forms.credit += owed;
  else if (owed < 0) {
    // more recorded than the total (should not happen): trim from the end, never below zero
    let over = -owed;
    for (const f of [...SALE_FORMS].reverse()) {
      const take = forms[f] < over ? forms[f] : over;
      forms[f] -= take;
      over -= take;
    }
  }
  return fixedForms(forms);
}
const CHANGE_ORDER: readonly SaleForm[] = ["cash", ...SALE_FORMS.filter((x) => x !== "cash")];

/**
 * A payment method's 607 column and 606 form, from what its record carries: the system codes
 * (CASH, CARD, TRANSFER, CHECK, CREDIT, CREDIT_NOTE) and whether it charges a card terminal.
 * A tenant's own method that is neither is 'others' in the 607 and keeps the bill's form in the 606.
 */
export function methodForms(method: { code: string; useCardProvider?: boolean }): { sale: SaleForm; purchase: PaymentForm606 | null } {
  const code = method.code.toUpperCase();
  if (code === "CASH") return { sale: "cash", purchase: "01" };
  if (code === "CHECK" || code === "TRANSFER") return { sale: "bank", purchase: "02" };
  if (code === "CARD" || method.useCardProvider) return { sale: "card", purchase: "03" };
  if (code === "CREDIT") return { sale: "credit", purchase: "04" };
  // store credit spent as a tender: 'other forms of sale' in the 607, form 06 in the 606
  if (code === "CREDIT_NOTE") return { sale: "others", purchase: "06" };
  // a gift voucher redeemed: the 607's 'bonos o certificados de regalo' column
  if (code === "GIFT_VOUCHER") return { sale: "bond", purchase: null };
  return { sale: "others", purchase: null };
}

/**
 * A credit note's forms: what it settled of the invoice's balance in credit, the refund by how it
 * was given (cash, card, or store credit as 'others', like its later spend as a tender).
 */
export function creditNoteForms(note: { appliedAmount: string; refundAmount: string; refundMethod: string; total: string }): SaleForms {
  const forms = zeroForms();
  const applied = toCents(note.appliedAmount);
  const refund = toCents(note.refundAmount);
  forms.credit += applied;
  const form: SaleForm = note.refundMethod === "cash" ? "cash" : note.refundMethod === "card" ? "card" : "others";
  forms[form] += refund;
  const rest = toCents(note.total) - applied - refund;
  if (rest > 0) forms.credit += rest;
  return fixedForms(forms);
}

/**
 * A supplier bill's 606 payment form from its payments made by the end of the month: none keeps
 * the form the bill was entered with; one form for everything paid in full is that form; several
 * forms, or part paid and part owed, is 07 (mixed).
 */
export function billPaymentForm(entered: string, payments: readonly { form: PaymentForm606 | null }[], fullyPaid: boolean): string {
  if (payments.length === 0) return entered;
  const forms = new Set(payments.map((p) => p.form ?? entered));
  if (forms.size > 1 || !fullyPaid) return "07";
  return [...forms][0]!;
}

// ——— 608 ———

export interface Cancelled608 {
  kind: "invoice" | "bill";
  id: string;
  number: string;
  ncf: string;
  ncfDate: string;
  reasonCode: string | null;
  /** the day it was cancelled (tenant's time zone), shown beside it */
  cancelledOn: string | null;
  /** the reason was not recorded with the cancellation and is the default one (a warning on the row) */
  reasonAssumed?: boolean;
}

export interface Row608 extends Cancelled608 {
  line: string;
  issues: Issue[];
}

export interface Report608 extends ReportBase<Row608> {
  byReason: { code: string; count: number }[];
  content: string;
}

export function report608(rnc: string | null | undefined, period: string, cancelled: readonly Cancelled608[]): Report608 {
  const byReason = new Map<string, number>();
  const rows = cancelled.map((c): Row608 => {
    const issues: Issue[] = [];
    if (!isNcf(c.ncf)) issues.push(issue("ncfInvalid", "ncf"));
    if (!c.reasonCode || !(CANCEL_REASONS_608 as readonly string[]).includes(c.reasonCode)) issues.push(issue("reasonMissing", "reasonCode"));
    else if (c.reasonAssumed) issues.push(issue("reasonAssumed", "reasonCode", "warning"));
    const code = c.reasonCode ?? "";
    byReason.set(code, (byReason.get(code) ?? 0) + 1);
    return { ...c, line: line608({ ncf: c.ncf, ncfDate: c.ncfDate, reasonCode: code }), issues };
  });
  const header = headerIssues(rnc);
  return {
    format: "608",
    period,
    rnc: dgiiTaxId(rnc),
    fileName: dgiiFileName("608", rnc, period),
    header: { line: headerLine("608", rnc, period, rows.length), count: rows.length, issues: header },
    rows,
    ...countIssues(rows, header),
    byReason: [...byReason.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([code, count]) => ({ code, count })),
    content: dgiiFile(
      "608",
      rnc,
      period,
      rows.map((r) => r.line),
    ),
  };
}

// ——— IT-1 ———

export interface It1Input {
  /** the month's invoices (all of them, consumer ones under 250k too) */
  salesItbis: string;
  salesAmount: string;
  /** credit notes of the month; creditable: issued within 30 days of their invoice (dr-fiscal.md §1) */
  creditNotesItbis: string;
  creditNotesCreditableItbis: string;
  creditNotesAmount: string;
  /** the 606: ITBIS invoiced by suppliers (carried forward) and what we withheld of it and of ISR */
  purchasesItbis: string;
  purchasesAmount: string;
  itbisWithheld: string;
  isrWithheld: string;
  /** sales by ITBIS rate: the untaxed base and its ITBIS ('0.00' rate: exempt) */
  byRate: { rate: string; amount: string; itbis: string }[];
}

export interface It1 extends It1Input {
  /** ITBIS charged on sales less the creditable ITBIS of credit notes */
  netSalesItbis: string;
  /** net sales ITBIS − purchases ITBIS: positive to pay, negative in the business's favour */
  difference: string;
  /** difference plus the ITBIS withheld (paid by the business as withholding agent) */
  balance: string;
  /** to pay (balance > 0) or in favour */
  toPay: string;
  inFavor: string;
}

export function it1Of(input: It1Input): It1 {
  const net = toBig(input.salesItbis).minus(toBig(input.creditNotesCreditableItbis));
  const difference = net.minus(toBig(input.purchasesItbis));
  const balance = difference.plus(toBig(input.itbisWithheld));
  return {
    ...input,
    netSalesItbis: net.toFixed(2),
    difference: difference.toFixed(2),
    balance: balance.toFixed(2),
    toPay: (balance.gt(0) ? balance : new Big(0)).toFixed(2),
    inFavor: (balance.lt(0) ? balance.abs() : new Big(0)).toFixed(2),
  };
}
