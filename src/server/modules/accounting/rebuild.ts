import { sql } from "drizzle-orm";
import { toBig } from "../../../shared/catalog/decimal";
import { rowsOf } from "../../db/client";
import type { PosContext } from "../pos/service";
import { loadBooks } from "./books";
import { POSTED_DOCUMENTS, type PostedKind, type Scope } from "./documents";
import type { Books, EntryDraft } from "./postings";

/**
 * accounting.checkJournal (issue 14 §3): the journal of a range rebuilt from its documents with
 * today's mapping, compared with the entries the documents posted. Each difference names the
 * document: missing (a document without its entry), unexpected (an entry without its document)
 * or different lines. An empty list means the books and the documents agree exactly.
 */
export interface JournalDifference {
  sourceType: string;
  sourceId: string;
  number: string;
  problem: "missing" | "unexpected" | "different";
  expected: string[];
  posted: string[];
}

const lineKey = (l: { accountId: string; debit: string; credit: string }) => `${l.accountId}|${toBig(l.debit).toFixed(2)}|${toBig(l.credit).toFixed(2)}`;

export async function rebuildCheck(ctx: PosContext, input: { dateFrom: string; dateTo: string }) {
  const { tx, tenant } = ctx;
  const { books } = await loadBooks(tx, tenant.id, input.dateTo);
  if (!books) return { documents: 0, entries: 0, differences: [] as JournalDifference[] };
  const scope: Scope = { from: input.dateFrom, to: input.dateTo };
  const expected = new Map<string, { number: string; lines: string[] }>();
  for (const kind of Object.keys(POSTED_DOCUMENTS) as PostedKind[]) {
    const { load, build } = POSTED_DOCUMENTS[kind] as unknown as { load: typeof POSTED_DOCUMENTS.sale.load; build: (doc: unknown, books: Books) => EntryDraft | null };
    for (const doc of await load(tx, tenant.id, scope)) {
      const draft = build(doc, books);
      if (draft) expected.set(`${draft.sourceType}:${draft.sourceId}`, { number: draft.number, lines: draft.lines.map(lineKey).sort() });
    }
  }
  // What the documents posted: their original entries (a cancelled one counts with its reversal).
  const stored = rowsOf<{ source_type: string; source_id: string; number: string; lines: string[] }>(
    await tx.execute(sql`
      SELECT e.source_type, e.source_id, e.number,
        (SELECT array_agg(l.account_id || '|' || l.debit::text || '|' || l.credit::text) FROM journal_lines l WHERE l.tenant_id = e.tenant_id AND l.entry_id = e.id) AS lines
      FROM journal_entries e
      WHERE e.tenant_id = ${tenant.id} AND e.source_type NOT IN ('manual', 'reversal', 'payment_reversal') AND e.posted_at IS NOT NULL
        AND e.date BETWEEN ${input.dateFrom}::date AND ${input.dateTo}::date`),
  );
  const differences: JournalDifference[] = [];
  const seen = new Set<string>();
  for (const e of stored) {
    const key = `${e.source_type}:${e.source_id}`;
    seen.add(key);
    const posted = (e.lines ?? []).map((x) => {
      const [a, d, c] = x.split("|");
      return lineKey({ accountId: a!, debit: d!, credit: c! });
    });
    posted.sort();
    const want = expected.get(key);
    if (!want) differences.push({ sourceType: e.source_type, sourceId: e.source_id, number: e.number, problem: "unexpected", expected: [], posted });
    else if (want.lines.join(";") !== posted.join(";")) differences.push({ sourceType: e.source_type, sourceId: e.source_id, number: e.number, problem: "different", expected: want.lines, posted });
  }
  for (const [key, want] of expected) {
    if (seen.has(key)) continue;
    const [sourceType, sourceId] = key.split(":");
    differences.push({ sourceType: sourceType!, sourceId: sourceId!, number: want.number, problem: "missing", expected: want.lines, posted: [] });
  }
  return { documents: expected.size, entries: stored.length, differences };
}
