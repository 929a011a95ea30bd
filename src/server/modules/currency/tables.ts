import { boolean, date, foreignKey, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tenantKey, timestamps } from "../../db/columns";

export const currencies = pgTable(
  "currencies",
  {
    ...tenantKey(),
    code: text("code").notNull(),
    numericCode: text("numeric_code").notNull(),
    name: text("name").notNull(),
    symbol: text("symbol").notNull(),
    /** Pesos (DOP) per one unit of this currency: the rate in force (the latest of currency_rates). */
    rate: numeric("rate", { precision: 14, scale: 6 }).notNull().default("1"),
    isDefault: boolean("is_default").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("currencies_code_key").on(t.tenantId, t.code)],
);

/** Rate history: each change of a currency's rate with the date it takes effect. Documents keep the rate they used. */
export const currencyRates = pgTable(
  "currency_rates",
  {
    ...tenantKey(),
    currencyId: uuid("currency_id").notNull(),
    rate: numeric("rate", { precision: 14, scale: 6 }).notNull(),
    effectiveDate: date("effective_date").notNull(),
    createdBy: uuid("created_by"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("currency_rates_date_key").on(t.tenantId, t.currencyId, t.effectiveDate),
    foreignKey({ columns: [t.tenantId, t.currencyId], foreignColumns: [currencies.tenantId, currencies.id] }),
  ],
);
