import { methodDefaultKey } from "../../../shared/accounting/chart";
import type { SourceType } from "../../../shared/accounting/rules";
import { Big, toBig } from "../../../shared/catalog/decimal";
import { appError } from "../../trpc/errors";

/**
 * The automatic postings (issue 14 §3) as pure functions: a document in, its journal entry out.
 * The document's own transaction writes what these return (postings.ts never reads or writes),
 * and the rebuild of a period runs the same functions over the stored documents, so the journal
 * and the documents can be compared line by line.
 */

/** The tenant's account mapping and ITBIS accounts: what a posting needs to name accounts. */
export interface Books {
  /** key -> account id (MAPPING_DEFAULTS keys, payment_method:{id}, warehouse:{id}) */
  mappings: Map<string, string>;
  /** ITBIS on sales by rate ("18.00") -> the account its tax names, when it names one */
  salesTaxAccounts: Map<string, string>;
}

export interface EntryLineDraft {
  accountId: string;
  description: string | null;
  debit: string;
  credit: string;
}

export interface EntryDraft {
  sourceType: SourceType;
  sourceId: string;
  number: string;
  date: string;
  description: string;
  reference: string | null;
  lines: EntryLineDraft[];
}

function account(books: Books, key: string, ...fallbacks: string[]): string {
  for (const k of [key, ...fallbacks]) {
    const id = books.mappings.get(k);
    if (id) return id;
  }
  throw appError("BAD_REQUEST", "accounting:errors.mappingMissing", { key });
}

export function methodAccount(books: Books, methodId: string, code: string): string {
  return account(books, `payment_method:${methodId}`, methodDefaultKey(code));
}

function warehouseAccount(books: Books, warehouseId: string): string {
  return account(books, `warehouse:${warehouseId}`, "inventory");
}

/**
 * Debits and credits by account: one account's debits and credits net to one line on the larger
 * side, zero lines are dropped, and lines come out in the order accounts were first named.
 */
class Lines {
  private readonly net = new Map<string, { amount: Big; description: string | null }>();
  debit(accountId: string, amount: Big | string, description: string | null = null) {
    this.add(accountId, typeof amount === "string" ? toBig(amount) : amount, description);
    return this;
  }
  credit(accountId: string, amount: Big | string, description: string | null = null) {
    this.add(accountId, (typeof amount === "string" ? toBig(amount) : amount).times(-1), description);
    return this;
  }
  private add(accountId: string, amount: Big, description: string | null) {
    const row = this.net.get(accountId);
    if (row) row.amount = row.amount.plus(amount);
    else this.net.set(accountId, { amount, description });
  }
  done(): EntryLineDraft[] {
    const out: EntryLineDraft[] = [];
    for (const [accountId, { amount, description }] of this.net) {
      const a = amount.round(2);
      if (a.eq(0)) continue;
      out.push({ accountId, description, debit: a.gt(0) ? a.toFixed(2) : "0.00", credit: a.lt(0) ? a.abs().toFixed(2) : "0.00" });
    }
    return out;
  }
}

function entry(head: Omit<EntryDraft, "lines">, lines: Lines): EntryDraft | null {
  const built = lines.done();
  if (built.length === 0) return null;
  const debit = built.reduce((s, l) => s.plus(l.debit), new Big(0));
  const credit = built.reduce((s, l) => s.plus(l.credit), new Big(0));
  // A document whose figures do not add up must not reach the books (nor be saved): refuse it.
  if (!debit.eq(credit)) throw appError("BAD_REQUEST", "accounting:errors.postingUnbalanced", { number: head.number });
  return { ...head, lines: built };
}

// ——— Sales ———

export interface SaleDoc {
  id: string;
  /** the day it was cancelled or reversed, when it was (its entry is reversed that day) */
  cancelledOn?: string | null;
  number: string;
  date: string;
  warehouseId: string;
  total: string;
  balanceDue: string;
  changeAmount: string;
  /** legal tip (Propina legal), when the sale carries one */
  tip: string;
  lines: { productType: string; total: string; taxAmount: string; taxRate: string; quantity: string; costPrice: string }[];
  /** completed payments (a CREDIT line is not one: it stays in balanceDue) */
  payments: { methodId: string; code: string; amount: string }[];
}

/**
 * A sale: what was paid by each method (the change back out of cash) and what is owed, against
 * sales of goods or services net of ITBIS, ITBIS payable by rate and the legal tip; and the cost
 * of the goods sold out of the warehouse's inventory at the cost each line carries.
 */
export function saleEntry(doc: SaleDoc, books: Books): EntryDraft | null {
  const l = new Lines();
  for (const p of doc.payments) l.debit(methodAccount(books, p.methodId, p.code), p.amount);
  if (toBig(doc.changeAmount).gt(0)) {
    const cash = doc.payments.find((p) => p.code === "CASH");
    l.credit(cash ? methodAccount(books, cash.methodId, cash.code) : account(books, "cash"), doc.changeAmount);
  }
  if (toBig(doc.balanceDue).gt(0)) l.debit(account(books, "receivables"), doc.balanceDue);
  let cost = new Big(0);
  for (const line of doc.lines) {
    const net = toBig(line.total).minus(line.taxAmount);
    l.credit(account(books, line.productType === "service" ? "sales_services" : "sales", "sales"), net);
    if (toBig(line.taxAmount).gt(0)) l.credit(books.salesTaxAccounts.get(toBig(line.taxRate).toFixed(2)) ?? account(books, "itbis_payable"), line.taxAmount);
    if (line.productType === "product") cost = cost.plus(toBig(line.costPrice).times(line.quantity));
  }
  if (toBig(doc.tip).gt(0)) l.credit(account(books, "legal_tip"), doc.tip);
  if (cost.gt(0)) l.debit(account(books, "cogs"), cost.round(2)).credit(warehouseAccount(books, doc.warehouseId), cost.round(2));
  return entry({ sourceType: "sale", sourceId: doc.id, number: doc.number, date: doc.date, description: `Venta ${doc.number}`, reference: doc.number }, l);
}

// ——— Payments received on invoices ———

export interface InvoicePaymentDoc {
  id: string;
  /** the day it was cancelled or reversed, when it was (its entry is reversed that day) */
  cancelledOn?: string | null;
  invoiceNumber: string;
  date: string;
  methodId: string;
  code: string;
  amount: string;
}

/** A payment recorded on an invoice: the method's account against receivables. */
export function invoicePaymentEntry(doc: InvoicePaymentDoc, books: Books): EntryDraft | null {
  const l = new Lines().debit(methodAccount(books, doc.methodId, doc.code), doc.amount).credit(account(books, "receivables"), doc.amount);
  return entry({ sourceType: "invoice_payment", sourceId: doc.id, number: doc.invoiceNumber, date: doc.date, description: `Cobro factura ${doc.invoiceNumber}`, reference: doc.invoiceNumber }, l);
}

/** A payment taken at the sale and later reversed (a card transaction voided): owed again. */
export function paymentReversalEntry(doc: InvoicePaymentDoc, books: Books): EntryDraft | null {
  const l = new Lines().debit(account(books, "receivables"), doc.amount).credit(methodAccount(books, doc.methodId, doc.code), doc.amount);
  return entry({ sourceType: "payment_reversal", sourceId: doc.id, number: doc.invoiceNumber, date: doc.date, description: `Reverso de cobro ${doc.invoiceNumber}`, reference: doc.invoiceNumber }, l);
}

// ——— Credit notes ———

export interface CreditNoteDoc {
  id: string;
  number: string;
  invoiceNumber: string;
  date: string;
  warehouseId: string;
  appliedAmount: string;
  refundAmount: string;
  /** the method the refund leaves by (cash, card); null for store credit */
  refund: { methodId: string; code: string } | null;
  lines: { productType: string; subtotal: string; taxAmount: string; taxRate: string; quantity: string; costPrice: string }[];
}

/**
 * A return or a cancellation note: sales returns and the ITBIS given back, against what the
 * invoice still owed, the refund by its method and the rest as credit in the customer's favour;
 * the goods back into the warehouse at the cost they left at.
 */
export function creditNoteEntry(doc: CreditNoteDoc, books: Books): EntryDraft | null {
  const l = new Lines();
  let total = new Big(0);
  let cost = new Big(0);
  for (const line of doc.lines) {
    l.debit(account(books, "sales_returns"), line.subtotal);
    if (toBig(line.taxAmount).gt(0)) l.debit(books.salesTaxAccounts.get(toBig(line.taxRate).toFixed(2)) ?? account(books, "itbis_payable"), line.taxAmount);
    total = total.plus(line.subtotal).plus(line.taxAmount);
    if (line.productType === "product") cost = cost.plus(toBig(line.costPrice).times(line.quantity));
  }
  if (toBig(doc.appliedAmount).gt(0)) l.credit(account(books, "receivables"), doc.appliedAmount);
  if (toBig(doc.refundAmount).gt(0)) l.credit(doc.refund ? methodAccount(books, doc.refund.methodId, doc.refund.code) : account(books, "customer_credit"), doc.refundAmount);
  const rest = total.minus(doc.appliedAmount).minus(doc.refundAmount);
  if (rest.gt(0)) l.credit(account(books, "customer_credit"), rest);
  if (cost.gt(0)) l.debit(warehouseAccount(books, doc.warehouseId), cost.round(2)).credit(account(books, "cogs"), cost.round(2));
  return entry({ sourceType: "credit_note", sourceId: doc.id, number: doc.number, date: doc.date, description: `Nota de crédito ${doc.number} (factura ${doc.invoiceNumber})`, reference: doc.invoiceNumber }, l);
}

// ——— Cash box differences ———

export interface CashDifferenceDoc {
  id: string;
  number: string;
  date: string;
  differences: { methodId: string; code: string; difference: string }[];
}

/** A cash box closed with more or less than expected: the method's account against over/short. */
export function cashDifferenceEntry(doc: CashDifferenceDoc, books: Books): EntryDraft | null {
  const l = new Lines();
  for (const d of doc.differences) {
    const diff = toBig(d.difference);
    if (diff.gt(0)) l.debit(methodAccount(books, d.methodId, d.code), diff).credit(account(books, "cash_over"), diff);
    if (diff.lt(0)) l.debit(account(books, "cash_short"), diff.abs()).credit(methodAccount(books, d.methodId, d.code), diff.abs());
  }
  return entry({ sourceType: "cash_difference", sourceId: doc.id, number: doc.number, date: doc.date, description: `Diferencia de cierre de caja ${doc.number}`, reference: null }, l);
}

// ——— Supplier bills and their payments ———

export interface SupplierBillDoc {
  id: string;
  /** the day it was cancelled or reversed, when it was (its entry is reversed that day) */
  cancelledOn?: string | null;
  number: string;
  ncf: string;
  date: string;
  expenseType: string;
  /** billed against a purchase receipt: the goods are already in inventory, owed as 'received not billed' */
  fromReceipt: boolean;
  goodsAmount: string;
  servicesAmount: string;
  itbis: string;
  itbisWithheld: string;
  isrWithheld: string;
  payable: string;
}

/** A supplier bill: the expense (or the receipt's goods) and ITBIS paid, against payables and the withholdings. */
export function supplierBillEntry(doc: SupplierBillDoc, books: Books): EntryDraft | null {
  const base = toBig(doc.goodsAmount).plus(doc.servicesAmount);
  const l = new Lines()
    .debit(doc.fromReceipt ? account(books, "goods_received") : account(books, `expense_type:${doc.expenseType}`, "expense_type:02"), base)
    .debit(account(books, "itbis_receivable"), doc.itbis)
    .credit(account(books, "payables"), doc.payable)
    .credit(account(books, "itbis_withheld"), doc.itbisWithheld)
    .credit(account(books, "isr_withheld"), doc.isrWithheld);
  return entry({ sourceType: "supplier_bill", sourceId: doc.id, number: doc.number, date: doc.date, description: `Factura de suplidor ${doc.number} (${doc.ncf})`, reference: doc.ncf }, l);
}

export interface BillPaymentDoc {
  id: string;
  /** the day it was cancelled or reversed, when it was (its entry is reversed that day) */
  cancelledOn?: string | null;
  billNumber: string;
  date: string;
  methodId: string;
  code: string;
  amount: string;
}

export function billPaymentEntry(doc: BillPaymentDoc, books: Books): EntryDraft | null {
  const l = new Lines().debit(account(books, "payables"), doc.amount).credit(methodAccount(books, doc.methodId, doc.code), doc.amount);
  return entry({ sourceType: "bill_payment", sourceId: doc.id, number: doc.billNumber, date: doc.date, description: `Pago a suplidor ${doc.billNumber}`, reference: doc.billNumber }, l);
}

// ——— Stock ———

export interface StockMovementDoc {
  id: string;
  /** the day it was cancelled or reversed, when it was (its entry is reversed that day) */
  cancelledOn?: string | null;
  number: string;
  date: string;
  /** purchase_receipt, entry, exit, adjustment, transfer */
  kind: string;
  warehouseId: string;
  destinationWarehouseId: string | null;
  /** signed value per line (quantity × cost; negative leaves the warehouse) */
  lines: { value: string }[];
}

/**
 * Stock received or moved by hand, at cost: a purchase receipt against 'received not billed', a
 * manual entry, exit or adjustment against inventory adjustments, a transfer between the two
 * warehouses' accounts (nothing when both post to the same account).
 */
export function stockMovementEntry(doc: StockMovementDoc, books: Books): EntryDraft | null {
  const value = doc.lines.reduce((s, line) => s.plus(line.value), new Big(0)).round(2);
  const l = new Lines();
  if (doc.kind === "transfer" && doc.destinationWarehouseId) {
    l.debit(warehouseAccount(books, doc.destinationWarehouseId), value.abs()).credit(warehouseAccount(books, doc.warehouseId), value.abs());
  } else {
    const against = doc.kind === "purchase_receipt" ? account(books, "goods_received") : account(books, "inventory_adjustments");
    l.debit(warehouseAccount(books, doc.warehouseId), value).credit(against, value);
  }
  const label = doc.kind === "purchase_receipt" ? "Recepción de compra" : "Movimiento de almacén";
  return entry({ sourceType: "stock_movement", sourceId: doc.id, number: doc.number, date: doc.date, description: `${label} ${doc.number}`, reference: doc.number }, l);
}

/** The entry that undoes another: every line on the other side. */
export function reversalOf(original: { id: string; number: string; description: string; lines: EntryLineDraft[] }, date: string): EntryDraft {
  return {
    sourceType: "reversal",
    sourceId: original.id,
    number: `${original.number}-R`,
    date,
    description: `Reverso: ${original.description}`.slice(0, 200),
    reference: original.number,
    lines: original.lines.map((x) => ({ accountId: x.accountId, description: x.description, debit: x.credit, credit: x.debit })),
  };
}
