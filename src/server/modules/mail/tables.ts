import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { tenantKey } from "../../db/columns";

/**
 * Every mail the app sends. Without SMTP it stays here with status 'outbox' and the tenant's
 * administrators read it in the app (e.g. a custom-discount code); with SMTP it is 'sent' or 'failed'.
 */
export const mailMessages = pgTable(
  "mail_messages",
  {
    ...tenantKey(),
    toAddress: text("to_address").notNull(),
    /** the user it is meant for, when it is one of the tenant's users */
    toUserId: uuid("to_user_id"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** otp | receipt | notification */
    kind: text("kind").notNull(),
    /** outbox | sent | failed */
    status: text("status").notNull(),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index("mail_messages_created_idx").on(t.tenantId, t.createdAt)],
);
