import { boolean, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { tenantKey, timestamps } from "../../db/columns";

export const providers = pgTable(
  "providers",
  {
    ...tenantKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    companyName: text("company_name"),
    taxId: text("tax_id"),
    email: text("email"),
    phone: text("phone"),
    mobile: text("mobile"),
    website: text("website"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    country: text("country"),
    postalCode: text("postal_code"),
    contactPerson: text("contact_person"),
    contactPosition: text("contact_position"),
    /** days */
    paymentTerms: integer("payment_terms"),
    creditLimit: numeric("credit_limit", { precision: 14, scale: 2 }),
    discountPercent: numeric("discount_percent", { precision: 5, scale: 2 }),
    description: text("description"),
    notes: text("notes"),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("providers_code_key").on(t.tenantId, t.code)],
);
