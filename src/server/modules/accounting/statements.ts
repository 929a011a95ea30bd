import { and, asc, eq, sql } from "drizzle-orm";
import { Big, toBig } from "../../../shared/catalog/decimal";
import { rowsOf, type Tx } from "../../db/client";
import { notFound } from "../../trpc/errors";
import type { PosContext } from "../pos/service";
import { accounts, journalEntries, journalLines } from "./tables";

/**
 * Balances and financial statements (issue 14 §4), read from posted journal lines only (a
 * cancelled entry counts with its reversal, so both net out). Amounts are decimal strings.
 */
interface AccountRow {
  id: string;
  code: string;
  name: string;
  type: string;
  nature: string;
  parentId: string | null;
  isGroup: boolean;
}

interface Sums {
  openingDebit: Big;
  openingCredit: Big;
  debit: Big;
  credit: Big;
}

const zero = (): Sums => ({ openingDebit: new Big(0), openingCredit: new Big(0), debit: new Big(0), credit: new Big(0) });

/** Per account: what was posted before `from` and within [from, to]. */
async function sumsByAccount(tx: Tx, tenantId: string, from: string | null, to: string) {
  const rows = rowsOf<{ account_id: string; od: string; oc: string; d: string; c: string }>(
    await tx.execute(sql`
      SELECT account_id,
        coalesce(sum(debit) FILTER (WHERE ${from}::date IS NOT NULL AND date < ${from}::date), 0)::text AS od,
        coalesce(sum(credit) FILTER (WHERE ${from}::date IS NOT NULL AND date < ${from}::date), 0)::text AS oc,
        coalesce(sum(debit) FILTER (WHERE ${from}::date IS NULL OR date >= ${from}::date), 0)::text AS d,
        coalesce(sum(credit) FILTER (WHERE ${from}::date IS NULL OR date >= ${from}::date), 0)::text AS c
      FROM journal_lines
      WHERE tenant_id = ${tenantId} AND posted AND date <= ${to}::date
      GROUP BY account_id`),
  );
  return new Map(rows.map((r) => [r.account_id, { openingDebit: toBig(r.od), openingCredit: toBig(r.oc), debit: toBig(r.d), credit: toBig(r.c) }]));
}

async function chart(tx: Tx, tenantId: string): Promise<AccountRow[]> {
  return tx
    .select({ id: accounts.id, code: accounts.code, name: accounts.name, type: accounts.type, nature: accounts.nature, parentId: accounts.parentId, isGroup: accounts.isGroup })
    .from(accounts)
    .where(eq(accounts.tenantId, tenantId))
    .orderBy(asc(accounts.code));
}

/** Sums of every account, each group's being the sum of the accounts under it; with each account's depth. */
function rollUp(list: AccountRow[], sums: Map<string, Sums>) {
  const byId = new Map(list.map((a) => [a.id, a]));
  const total = new Map(list.map((a) => [a.id, zero()]));
  for (const a of list) {
    const s = sums.get(a.id);
    if (!s) continue;
    for (let cur: AccountRow | undefined = a; cur; cur = cur.parentId ? byId.get(cur.parentId) : undefined) {
      const t = total.get(cur.id)!;
      t.openingDebit = t.openingDebit.plus(s.openingDebit);
      t.openingCredit = t.openingCredit.plus(s.openingCredit);
      t.debit = t.debit.plus(s.debit);
      t.credit = t.credit.plus(s.credit);
    }
  }
  const depth = (a: AccountRow): number => (a.parentId && byId.get(a.parentId) ? depth(byId.get(a.parentId)!) + 1 : 0);
  return { total, depth };
}

/** A balance on its nature's side (debit accounts: debit − credit). */
function side(nature: string, debit: Big, credit: Big): Big {
  return nature === "debit" ? debit.minus(credit) : credit.minus(debit);
}

/** The same-length range just before [from, to]. */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const day = 86_400_000;
  // Whole months (the 1st to a month's last day) compare with as many months before.
  const next = new Date(Date.parse(`${to}T00:00:00Z`) + day);
  if (from.endsWith("-01") && next.getUTCDate() === 1) {
    const [fy, fm] = from.split("-").map(Number) as [number, number];
    const [ty, tm] = to.split("-").map(Number) as [number, number];
    const months = (ty - fy) * 12 + (tm - fm) + 1;
    const start = new Date(Date.UTC(fy, fm - 1 - months, 1));
    const end = new Date(Date.UTC(fy, fm - 1, 0));
    return { from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) };
  }
  const f = Date.parse(`${from}T00:00:00Z`);
  const t = Date.parse(`${to}T00:00:00Z`);
  const len = Math.round((t - f) / day) + 1;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: iso(f - len * day), to: iso(f - day) };
}

// ——— Trial balance and general ledger ———

export async function trialBalance(ctx: PosContext, input: { dateFrom: string; dateTo: string }) {
  const { tx, tenant } = ctx;
  const [list, sums] = await Promise.all([chart(tx, tenant.id), sumsByAccount(tx, tenant.id, input.dateFrom, input.dateTo)]);
  const rows = list
    .filter((a) => !a.isGroup && sums.has(a.id))
    .map((a) => {
      const s = sums.get(a.id)!;
      const opening = s.openingDebit.minus(s.openingCredit);
      const closing = opening.plus(s.debit).minus(s.credit);
      return {
        accountId: a.id,
        code: a.code,
        name: a.name,
        type: a.type,
        nature: a.nature,
        opening: opening.toFixed(2),
        debit: s.debit.toFixed(2),
        credit: s.credit.toFixed(2),
        /** closing balance split on its side, as a trial balance shows it */
        closingDebit: closing.gt(0) ? closing.toFixed(2) : "0.00",
        closingCredit: closing.lt(0) ? closing.abs().toFixed(2) : "0.00",
      };
    });
  const sum = (k: "debit" | "credit" | "closingDebit" | "closingCredit") => rows.reduce((s, r) => s.plus(r[k]), new Big(0)).toFixed(2);
  const totals = { debit: sum("debit"), credit: sum("credit"), closingDebit: sum("closingDebit"), closingCredit: sum("closingCredit") };
  return { rows, totals, difference: toBig(totals.closingDebit).minus(totals.closingCredit).toFixed(2) };
}

/** The general balance: every account with its group totals, opening, movements and closing on its nature's side. */
export async function generalBalance(ctx: PosContext, input: { dateFrom: string; dateTo: string }) {
  const { tx, tenant } = ctx;
  const [list, sums] = await Promise.all([chart(tx, tenant.id), sumsByAccount(tx, tenant.id, input.dateFrom, input.dateTo)]);
  const { total, depth } = rollUp(list, sums);
  return {
    rows: list
      .filter((a) => {
        const t = total.get(a.id)!;
        return !(t.openingDebit.eq(0) && t.openingCredit.eq(0) && t.debit.eq(0) && t.credit.eq(0));
      })
      .map((a) => {
        const t = total.get(a.id)!;
        const opening = side(a.nature, t.openingDebit, t.openingCredit);
        return {
          accountId: a.id,
          code: a.code,
          name: a.name,
          type: a.type,
          nature: a.nature,
          isGroup: a.isGroup,
          level: depth(a),
          opening: opening.toFixed(2),
          debit: t.debit.toFixed(2),
          credit: t.credit.toFixed(2),
          closing: opening.plus(side(a.nature, t.debit, t.credit)).toFixed(2),
        };
      }),
  };
}

/** One account's lines in a range with the running balance (on its nature's side) from the opening. */
export async function accountDetail(ctx: PosContext, input: { accountId: string; dateFrom: string; dateTo: string }) {
  const { tx, tenant } = ctx;
  const [account] = await tx.select().from(accounts).where(and(eq(accounts.tenantId, tenant.id), eq(accounts.id, input.accountId)));
  if (!account) throw notFound();
  const [[opening], lines] = await Promise.all([
    rowsOf<{ d: string; c: string }>(
      await tx.execute(
        sql`SELECT coalesce(sum(debit),0)::text AS d, coalesce(sum(credit),0)::text AS c FROM journal_lines WHERE tenant_id = ${tenant.id} AND account_id = ${account.id} AND posted AND date < ${input.dateFrom}::date`,
      ),
    ),
    tx
      .select({
        entryId: journalEntries.id,
        number: journalEntries.number,
        date: journalLines.date,
        description: journalEntries.description,
        lineDescription: journalLines.description,
        reference: journalEntries.reference,
        sourceType: journalEntries.sourceType,
        debit: journalLines.debit,
        credit: journalLines.credit,
      })
      .from(journalLines)
      .innerJoin(journalEntries, and(eq(journalEntries.tenantId, journalLines.tenantId), eq(journalEntries.id, journalLines.entryId)))
      .where(and(eq(journalLines.tenantId, tenant.id), eq(journalLines.accountId, account.id), eq(journalLines.posted, true), sql`${journalLines.date} BETWEEN ${input.dateFrom} AND ${input.dateTo}`))
      .orderBy(asc(journalLines.date), asc(journalEntries.postedAt), asc(journalLines.lineNo))
      .limit(5000),
  ]);
  let running = side(account.nature, toBig(opening!.d), toBig(opening!.c));
  const openingBalance = running.toFixed(2);
  const rows = lines.map((l) => {
    running = running.plus(side(account.nature, toBig(l.debit), toBig(l.credit)));
    return { ...l, balance: running.toFixed(2) };
  });
  return {
    account: { id: account.id, code: account.code, name: account.name, type: account.type, nature: account.nature },
    opening: openingBalance,
    debit: lines.reduce((s, l) => s.plus(l.debit), new Big(0)).toFixed(2),
    credit: lines.reduce((s, l) => s.plus(l.credit), new Big(0)).toFixed(2),
    closing: running.toFixed(2),
    rows,
    truncated: lines.length === 5000,
  };
}

// ——— Financial statements ———

interface StatementLine {
  accountId: string;
  code: string;
  name: string;
  level: number;
  isGroup: boolean;
  amount: string;
  previous: string | null;
}

function sectionLines(list: AccountRow[], totals: Map<string, Sums>, prev: Map<string, Sums> | null, depth: (a: AccountRow) => number, types: string[], movement: boolean, signOf: (a: AccountRow) => string) {
  const amountOf = (t: Sums, a: AccountRow) => {
    const debit = movement ? t.debit : t.openingDebit.plus(t.debit);
    const credit = movement ? t.credit : t.openingCredit.plus(t.credit);
    return side(signOf(a), debit, credit);
  };
  const lines: StatementLine[] = [];
  for (const a of list) {
    if (!types.includes(a.type)) continue;
    const now = amountOf(totals.get(a.id)!, a);
    const before = prev ? amountOf(prev.get(a.id)!, a) : null;
    if (now.eq(0) && (!before || before.eq(0))) continue;
    lines.push({ accountId: a.id, code: a.code, name: a.name, level: depth(a), isGroup: a.isGroup, amount: now.toFixed(2), previous: before ? before.toFixed(2) : null });
  }
  return lines;
}

function rootTotal(list: AccountRow[], totals: Map<string, Sums>, type: string, movement: boolean, nature: string): Big {
  return list
    .filter((a) => a.type === type && !a.isGroup)
    .reduce((s, a) => {
      const t = totals.get(a.id)!;
      return s.plus(movement ? side(nature, t.debit, t.credit) : side(nature, t.openingDebit.plus(t.debit), t.openingCredit.plus(t.credit)));
    }, new Big(0));
}

/** Income statement: income less costs and expenses over the range (and the range before it). */
export async function incomeStatement(ctx: PosContext, input: { dateFrom: string; dateTo: string; compare: boolean }) {
  const { tx, tenant } = ctx;
  const prevRange = input.compare ? previousRange(input.dateFrom, input.dateTo) : null;
  const [list, sums, prevSums] = await Promise.all([
    chart(tx, tenant.id),
    sumsByAccount(tx, tenant.id, input.dateFrom, input.dateTo),
    prevRange ? sumsByAccount(tx, tenant.id, prevRange.from, prevRange.to) : null,
  ]);
  const now = rollUp(list, sums);
  const prev = prevSums ? rollUp(list, prevSums).total : null;
  // Income on the credit side (returns and discounts, debit-natured, subtract), expenses on the debit side.
  const income = sectionLines(list, now.total, prev, now.depth, ["income"], true, () => "credit");
  const expenses = sectionLines(list, now.total, prev, now.depth, ["expense"], true, () => "debit");
  const totalOf = (m: Map<string, Sums>) => {
    const inc = rootTotal(list, m, "income", true, "credit");
    const exp = rootTotal(list, m, "expense", true, "debit");
    return { income: inc.toFixed(2), expenses: exp.toFixed(2), net: inc.minus(exp).toFixed(2) };
  };
  return { range: { from: input.dateFrom, to: input.dateTo }, previousRange: prevRange, income, expenses, totals: totalOf(now.total), previousTotals: prev ? totalOf(prev) : null };
}

/**
 * Balance sheet at `dateTo`: assets = liabilities + equity, the equity including the result not
 * yet closed into it (income less expenses of every posted entry up to that date).
 */
export async function balanceSheet(ctx: PosContext, input: { dateFrom: string; dateTo: string; compare: boolean }) {
  const { tx, tenant } = ctx;
  const prevTo = input.compare ? previousRange(input.dateFrom, input.dateTo).to : null;
  const [list, sums, prevSums] = await Promise.all([chart(tx, tenant.id), sumsByAccount(tx, tenant.id, null, input.dateTo), prevTo ? sumsByAccount(tx, tenant.id, null, prevTo) : null]);
  const now = rollUp(list, sums);
  const prev = prevSums ? rollUp(list, prevSums).total : null;
  const section = (type: string) => sectionLines(list, now.total, prev, now.depth, [type], true, (a) => (type === "asset" ? "debit" : a.type === type ? "credit" : a.nature));
  const totalsOf = (m: Map<string, Sums>) => {
    const assets = rootTotal(list, m, "asset", true, "debit");
    const liabilities = rootTotal(list, m, "liability", true, "credit");
    const equity = rootTotal(list, m, "equity", true, "credit");
    const result = rootTotal(list, m, "income", true, "credit").minus(rootTotal(list, m, "expense", true, "debit"));
    return {
      assets: assets.toFixed(2),
      liabilities: liabilities.toFixed(2),
      equity: equity.toFixed(2),
      result: result.toFixed(2),
      liabilitiesAndEquity: liabilities.plus(equity).plus(result).toFixed(2),
      difference: assets.minus(liabilities).minus(equity).minus(result).toFixed(2),
    };
  };
  return { asOf: input.dateTo, previousAsOf: prevTo, assets: section("asset"), liabilities: section("liability"), equity: section("equity"), totals: totalsOf(now.total), previousTotals: prev ? totalsOf(prev) : null };
}

/**
 * Cash flow (direct method): the change of the cash and equivalents accounts (the group 1101 and
 * everything under it), each entry's cash change classed by the accounts on its other side —
 * investing when it touches non-current assets (12), financing for equity or non-current
 * liabilities (3, 22), operating otherwise — and listed by that account.
 */
export async function cashFlow(ctx: PosContext, input: { dateFrom: string; dateTo: string; compare: boolean }) {
  const { tx, tenant } = ctx;
  const run = async (from: string, to: string) => {
    const rows = rowsOf<{ category: string; code: string; name: string; amount: string }>(
      await tx.execute(sql`
        WITH RECURSIVE cash AS (
          SELECT id FROM accounts WHERE tenant_id = ${tenant.id} AND code = '1101'
          UNION ALL SELECT a.id FROM accounts a JOIN cash c ON a.parent_id = c.id AND a.tenant_id = ${tenant.id}
        ),
        moves AS (
          SELECT l.entry_id, sum(l.debit - l.credit) AS delta
          FROM journal_lines l WHERE l.tenant_id = ${tenant.id} AND l.posted AND l.date BETWEEN ${from}::date AND ${to}::date AND l.account_id IN (SELECT id FROM cash)
          GROUP BY l.entry_id HAVING sum(l.debit - l.credit) <> 0
        ),
        other AS (
          SELECT DISTINCT ON (l.entry_id) l.entry_id, a.code, a.name
          FROM journal_lines l JOIN accounts a ON a.tenant_id = l.tenant_id AND a.id = l.account_id
          WHERE l.tenant_id = ${tenant.id} AND l.entry_id IN (SELECT entry_id FROM moves) AND l.account_id NOT IN (SELECT id FROM cash)
          ORDER BY l.entry_id, (l.debit + l.credit) DESC, l.line_no
        )
        SELECT CASE WHEN o.code LIKE '12%' THEN 'investing' WHEN o.code LIKE '3%' OR o.code LIKE '22%' THEN 'financing' ELSE 'operating' END AS category,
          coalesce(o.code, '') AS code, coalesce(o.name, '') AS name, sum(m.delta)::text AS amount
        FROM moves m LEFT JOIN other o ON o.entry_id = m.entry_id
        GROUP BY 1, 2, 3 ORDER BY 1, 2`),
    );
    const [opening] = rowsOf<{ v: string }>(
      await tx.execute(sql`
        WITH RECURSIVE cash AS (
          SELECT id FROM accounts WHERE tenant_id = ${tenant.id} AND code = '1101'
          UNION ALL SELECT a.id FROM accounts a JOIN cash c ON a.parent_id = c.id AND a.tenant_id = ${tenant.id}
        )
        SELECT coalesce(sum(debit - credit), 0)::text AS v FROM journal_lines WHERE tenant_id = ${tenant.id} AND posted AND date < ${from}::date AND account_id IN (SELECT id FROM cash)`),
    );
    const by = (c: string) => rows.filter((r) => r.category === c).map((r) => ({ code: r.code, name: r.name, amount: toBig(r.amount).toFixed(2) }));
    const sum = (c: string) => rows.filter((r) => r.category === c).reduce((s, r) => s.plus(r.amount), new Big(0));
    const net = sum("operating").plus(sum("investing")).plus(sum("financing"));
    return {
      operating: by("operating"),
      investing: by("investing"),
      financing: by("financing"),
      totals: { operating: sum("operating").toFixed(2), investing: sum("investing").toFixed(2), financing: sum("financing").toFixed(2), net: net.toFixed(2) },
      opening: toBig(opening!.v).toFixed(2),
      closing: toBig(opening!.v).plus(net).toFixed(2),
    };
  };
  const prevRange = input.compare ? previousRange(input.dateFrom, input.dateTo) : null;
  const [current, previous] = await Promise.all([run(input.dateFrom, input.dateTo), prevRange ? run(prevRange.from, prevRange.to) : null]);
  return { range: { from: input.dateFrom, to: input.dateTo }, previousRange: prevRange, ...current, previous };
}
