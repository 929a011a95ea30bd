import { type SQL, sql } from "drizzle-orm";
import { Big } from "../../../shared/catalog/decimal";
import { rowsOf, type Tx } from "../../db/client";
import { jsonInsert } from "../../db/json-insert";
import { newId } from "../../ids";
import { appError } from "../../trpc/errors";
import type { Books, EntryDraft } from "./postings";
import { journalEntries, journalLines } from "./tables";

/**
 * Where postings meet the database: the tenant's books (mapping and ITBIS accounts, and whether
 * the document's date falls in a closed period) read in one statement, and an entry written as
 * two statements the caller sends in its own transaction (the checkout sends them in its commit
 * round trip).
 */
export interface BooksState {
  /** null: accounting is not initialized, documents post nothing */
  books: Books | null;
  closed: boolean;
}

export function booksQuery(tenantId: string, date: string): SQL {
  return sql`SELECT
    (SELECT coalesce(jsonb_object_agg(key, account_id), '{}'::jsonb) FROM account_mappings WHERE tenant_id = ${tenantId}) AS mappings,
    (SELECT coalesce(jsonb_object_agg(rate::text, account_id), '{}'::jsonb) FROM taxes WHERE tenant_id = ${tenantId} AND kind = 'itbis' AND applies_to <> 'purchases' AND account_id IS NOT NULL AND is_active) AS taxes,
    EXISTS (SELECT 1 FROM fiscal_periods WHERE tenant_id = ${tenantId} AND status = 'closed' AND ${date}::date BETWEEN start_date AND end_date) AS closed`;
}

function jsonOf(v: unknown): Record<string, string> {
  return (typeof v === "string" ? JSON.parse(v) : v) as Record<string, string>;
}

export function booksOf(row: { mappings: unknown; taxes: unknown; closed: boolean }): BooksState {
  const mappings = new Map(Object.entries(jsonOf(row.mappings)));
  if (mappings.size === 0) return { books: null, closed: row.closed };
  return { books: { mappings, salesTaxAccounts: new Map(Object.entries(jsonOf(row.taxes))) }, closed: row.closed };
}

export async function loadBooks(tx: Tx, tenantId: string, date: string): Promise<BooksState> {
  const [row] = rowsOf<{ mappings: unknown; taxes: unknown; closed: boolean }>(await tx.execute(booksQuery(tenantId, date)));
  return booksOf(row!);
}

export function periodClosed(date: string) {
  const [y, m, d] = date.split("-");
  return appError("BAD_REQUEST", "accounting:errors.periodClosed", { date: `${d}/${m}/${y}` });
}

/** The books to post a document of `date` with; null when accounting is off. A closed period refuses it. */
export async function booksFor(tx: Tx, tenantId: string, date: string): Promise<Books | null> {
  const state = await loadBooks(tx, tenantId, date);
  if (state.books && state.closed) throw periodClosed(date);
  return state.books;
}

export interface WriteOptions {
  tenantId: string;
  userId: string;
  status?: "posted" | "draft";
  /** the number is read from this order's row when the statement runs (the checkout numbers the order in the same round trip) */
  numberOfOrder?: string;
  reversalOfId?: string | null;
}

/** The two statements that write an entry (posted unless said otherwise). */
export function entryStatements(draft: EntryDraft, opts: WriteOptions): { id: string; statements: SQL[] } {
  const id = newId();
  const posted = (opts.status ?? "posted") === "posted";
  const total = draft.lines.reduce((s, l) => s.plus(l.debit), new Big(0));
  const row = {
    tenantId: opts.tenantId,
    id,
    number: draft.number,
    date: draft.date,
    reference: draft.reference,
    description: draft.description,
    status: posted ? "posted" : "draft",
    sourceType: draft.sourceType,
    sourceId: draft.sourceId,
    reversalOfId: opts.reversalOfId ?? null,
    total: total.toFixed(2),
    userId: opts.userId,
    postedAt: posted ? new Date() : null,
    postedBy: posted ? opts.userId : null,
  } satisfies typeof journalEntries.$inferInsert;
  const lines = draft.lines.map((l, i) => ({
    tenantId: opts.tenantId,
    id: newId(),
    entryId: id,
    lineNo: i + 1,
    accountId: l.accountId,
    description: l.description,
    debit: l.debit,
    credit: l.credit,
    date: draft.date,
    posted,
  }));
  const head = opts.numberOfOrder
    ? sql`INSERT INTO journal_entries (tenant_id, id, number, date, reference, description, status, source_type, source_id, total, user_id, posted_at, posted_by)
        SELECT ${row.tenantId}, ${row.id}, o.number, ${row.date}::date, o.number, 'Venta ' || o.number, ${row.status}, ${row.sourceType}, ${row.sourceId}, ${row.total}::numeric, ${row.userId}, now(), ${row.postedBy}
        FROM orders o WHERE o.tenant_id = ${opts.tenantId} AND o.id = ${opts.numberOfOrder}`
    : jsonInsert(journalEntries, [row]);
  return { id, statements: [head, jsonInsert(journalLines, lines)] };
}

export async function writeEntry(tx: Tx, draft: EntryDraft | null, opts: WriteOptions): Promise<string | null> {
  if (!draft) return null;
  const { id, statements } = entryStatements(draft, opts);
  for (const s of statements) await tx.execute(s);
  return id;
}
