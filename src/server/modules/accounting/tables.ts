import { sql } from "drizzle-orm";
import { boolean, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { childTenantKey, money, tenantKey, timestamps } from "../../db/columns";
import { users } from "../auth/tables";

/**
 * The books (issue 14): the chart of accounts, fiscal periods, the accounts each kind of document
 * posts to, and the journal. Journal entries are never deleted once posted: a posted entry is
 * cancelled by a reversing entry; only a draft may be deleted (it never counted).
 */
export const accounts = pgTable(
  "accounts",
  {
    ...tenantKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    /** asset | liability | equity | income | expense */
    type: text("type").notNull(),
    /** debit | credit: the side that increases it */
    nature: text("nature").notNull(),
    parentId: uuid("parent_id"),
    /** A group account (has children) only sums; entries post to the accounts under it. */
    isGroup: boolean("is_group").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("accounts_code_key").on(t.tenantId, t.code),
    foreignKey({ columns: [t.tenantId, t.parentId], foreignColumns: [t.tenantId, t.id] }),
  ],
);

/** A month of a fiscal year; a closed period takes no entry. A date no period covers is open. */
export const fiscalPeriods = pgTable(
  "fiscal_periods",
  {
    ...tenantKey(),
    name: text("name").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    fiscalYear: integer("fiscal_year").notNull(),
    /** open | closed */
    status: text("status").notNull().default("open"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: uuid("closed_by"),
    /** Why it was last reopened (owner only). */
    reopenReason: text("reopen_reason"),
    reopenedAt: timestamp("reopened_at", { withTimezone: true }),
    reopenedBy: uuid("reopened_by"),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("fiscal_periods_start_key").on(t.tenantId, t.startDate)],
);

/**
 * Which account a kind of document posts to: `sales`, `receivables`, `itbis_payable`…, and
 * `payment_method:{id}` / `warehouse:{id}` for a method's or a warehouse's own account.
 * A tenant with no rows has not initialized accounting: documents post nothing.
 */
export const accountMappings = pgTable(
  "account_mappings",
  {
    ...tenantKey(),
    key: text("key").notNull(),
    accountId: uuid("account_id").notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("account_mappings_key").on(t.tenantId, t.key),
    foreignKey({ columns: [t.tenantId, t.accountId], foreignColumns: [accounts.tenantId, accounts.id] }),
  ],
);

export const journalEntries = pgTable(
  "journal_entries",
  {
    ...tenantKey(),
    /** AS-000001 for entries made by hand; an automatic entry carries its document's number. */
    number: text("number").notNull(),
    date: date("date").notNull(),
    reference: text("reference"),
    description: text("description").notNull(),
    /** draft | posted | cancelled (a cancelled posted entry has its reversal in reversed_by_id) */
    status: text("status").notNull().default("draft"),
    /** manual, or the document that made it: sale, invoice_payment, credit_note, cash_difference, supplier_bill, bill_payment, stock_movement, reversal */
    sourceType: text("source_type").notNull().default("manual"),
    sourceId: uuid("source_id"),
    reversalOfId: uuid("reversal_of_id"),
    reversedById: uuid("reversed_by_id"),
    total: money("total").notNull().default("0"),
    clientKey: uuid("client_key"),
    userId: uuid("user_id").notNull(),
    postedAt: timestamp("posted_at", { withTimezone: true }),
    postedBy: uuid("posted_by"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: uuid("cancelled_by"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("journal_entries_date_idx").on(t.tenantId, t.date),
    index("journal_entries_source_idx").on(t.tenantId, t.sourceType, t.sourceId),
    uniqueIndex("journal_entries_client_key").on(t.tenantId, t.clientKey),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** An entry's lines. `date` and `posted` repeat the entry's so balances read the lines alone. */
export const journalLines = pgTable(
  "journal_lines",
  {
    ...childTenantKey(),
    entryId: uuid("entry_id").notNull(),
    lineNo: integer("line_no").notNull(),
    accountId: uuid("account_id").notNull(),
    description: text("description"),
    debit: money("debit").notNull().default("0"),
    credit: money("credit").notNull().default("0"),
    date: date("date").notNull(),
    posted: boolean("posted").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("journal_lines_entry_idx").on(t.tenantId, t.entryId),
    index("journal_lines_balance_idx").on(t.tenantId, t.accountId, t.date).where(sql`posted`),
    foreignKey({ columns: [t.tenantId, t.entryId], foreignColumns: [journalEntries.tenantId, journalEntries.id] }),
    foreignKey({ columns: [t.tenantId, t.accountId], foreignColumns: [accounts.tenantId, accounts.id] }),
  ],
);
