CREATE TABLE "credit_note_items" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"credit_note_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"order_item_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"tax_amount" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"reason" text,
	CONSTRAINT "credit_note_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "credit_note_usages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"credit_note_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" uuid,
	"amount" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_note_usages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" text NOT NULL,
	"client_key" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"ncf_type_id" uuid,
	"ncf" text,
	"ncf_expires_on" date,
	"modified_ncf" text,
	"kind" text DEFAULT 'return' NOT NULL,
	"reason" text NOT NULL,
	"notes" text,
	"status" text DEFAULT 'approved' NOT NULL,
	"refund_method" text NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"tax_total" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"available" numeric(14, 2) DEFAULT '0' NOT NULL,
	"itbis_creditable" boolean DEFAULT true NOT NULL,
	"cashbox_session_id" uuid,
	"user_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "currency_rates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"currency_id" uuid NOT NULL,
	"rate" numeric(14, 6) NOT NULL,
	"effective_date" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoice_conditions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_conditions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoice_types" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"ncf_type_id" uuid,
	"order" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "ncf_ranges" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"ncf_type_id" uuid NOT NULL,
	"range_from" integer NOT NULL,
	"range_to" integer NOT NULL,
	"next_number" integer NOT NULL,
	"expires_on" date NOT NULL,
	"authorization_ref" text,
	"authorized_on" date,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" uuid,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ncf_ranges_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "ncf_types" ALTER COLUMN "range_from" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ncf_types" ALTER COLUMN "range_to" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ncf_types" ALTER COLUMN "next_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ncf_types" ALTER COLUMN "expires_on" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "credit_limit" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "ncf_types" ADD COLUMN "warn_remaining" integer;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "use_currencies" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "use_card_provider" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "available_for_appointments" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "available_for_online_store" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cashboxes" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "cashboxes" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "cashboxes" ADD COLUMN "show_notifications" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cashboxes" ADD COLUMN "wait_for_print" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cashboxes" ADD COLUMN "open_drawer_on_print" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cashboxes" ADD COLUMN "drawer_service_url" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "returned_quantity" numeric(14, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "client_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "cashbox_session_id" uuid;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_due" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credited_total" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_condition_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_type_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_employee_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'pos' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "share_token" text;--> statement-breakpoint
ALTER TABLE "credit_note_items" ADD CONSTRAINT "credit_note_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_items" ADD CONSTRAINT "credit_note_items_tenant_id_credit_note_id_credit_notes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","credit_note_id") REFERENCES "public"."credit_notes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_items" ADD CONSTRAINT "credit_note_items_tenant_id_order_item_id_order_items_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_item_id") REFERENCES "public"."order_items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_items" ADD CONSTRAINT "credit_note_items_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_usages" ADD CONSTRAINT "credit_note_usages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_usages" ADD CONSTRAINT "credit_note_usages_tenant_id_credit_note_id_credit_notes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","credit_note_id") REFERENCES "public"."credit_notes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_usages" ADD CONSTRAINT "credit_note_usages_tenant_id_order_id_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_usages" ADD CONSTRAINT "credit_note_usages_tenant_id_payment_id_order_payments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payment_id") REFERENCES "public"."order_payments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_tenant_id_order_id_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_tenant_id_customer_id_customers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_tenant_id_warehouse_id_warehouses_tenant_id_id_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_tenant_id_ncf_type_id_ncf_types_tenant_id_id_fk" FOREIGN KEY ("tenant_id","ncf_type_id") REFERENCES "public"."ncf_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_tenant_id_cashbox_session_id_cashbox_sessions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","cashbox_session_id") REFERENCES "public"."cashbox_sessions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_rates" ADD CONSTRAINT "currency_rates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_rates" ADD CONSTRAINT "currency_rates_tenant_id_currency_id_currencies_tenant_id_id_fk" FOREIGN KEY ("tenant_id","currency_id") REFERENCES "public"."currencies"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_conditions" ADD CONSTRAINT "invoice_conditions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_types" ADD CONSTRAINT "invoice_types_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_types" ADD CONSTRAINT "invoice_types_tenant_id_ncf_type_id_ncf_types_tenant_id_id_fk" FOREIGN KEY ("tenant_id","ncf_type_id") REFERENCES "public"."ncf_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ncf_ranges" ADD CONSTRAINT "ncf_ranges_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ncf_ranges" ADD CONSTRAINT "ncf_ranges_tenant_id_ncf_type_id_ncf_types_tenant_id_id_fk" FOREIGN KEY ("tenant_id","ncf_type_id") REFERENCES "public"."ncf_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_note_items_line_key" ON "credit_note_items" USING btree ("tenant_id","credit_note_id","line_no");--> statement-breakpoint
CREATE INDEX "credit_note_items_order_item_idx" ON "credit_note_items" USING btree ("tenant_id","order_item_id");--> statement-breakpoint
CREATE INDEX "credit_note_usages_note_idx" ON "credit_note_usages" USING btree ("tenant_id","credit_note_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_note_usages_order_idx" ON "credit_note_usages" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_key" ON "credit_notes" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_client_key" ON "credit_notes" USING btree ("tenant_id","client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_ncf_key" ON "credit_notes" USING btree ("tenant_id","ncf");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "credit_notes_customer_idx" ON "credit_notes" USING btree ("tenant_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_notes_created_idx" ON "credit_notes" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_notes_cashbox_session_idx" ON "credit_notes" USING btree ("tenant_id","cashbox_session_id") WHERE cashbox_session_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "currency_rates_date_key" ON "currency_rates" USING btree ("tenant_id","currency_id","effective_date");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_conditions_code_key" ON "invoice_conditions" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_types_code_key" ON "invoice_types" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "ncf_ranges_from_key" ON "ncf_ranges" USING btree ("tenant_id","ncf_type_id","range_from");--> statement-breakpoint
CREATE INDEX "ncf_ranges_usable_idx" ON "ncf_ranges" USING btree ("tenant_id","ncf_type_id","range_from") WHERE status = 'active' and next_number <= range_to;--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_client_key" ON "order_payments" USING btree ("tenant_id","client_payment_id") WHERE client_payment_id is not null;--> statement-breakpoint
CREATE INDEX "order_payments_cashbox_session_idx" ON "order_payments" USING btree ("tenant_id","cashbox_session_id") WHERE cashbox_session_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_share_token_key" ON "orders" USING btree ("tenant_id","share_token") WHERE share_token is not null;--> statement-breakpoint
CREATE INDEX "orders_payment_status_idx" ON "orders" USING btree ("tenant_id","payment_status","created_at");--> statement-breakpoint
CREATE INDEX "orders_receivable_idx" ON "orders" USING btree ("tenant_id","customer_id","due_date") WHERE balance_due > 0 and status = 'completed';--> statement-breakpoint
CREATE INDEX "orders_ncf_type_idx" ON "orders" USING btree ("tenant_id","ncf_type_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_seller_idx" ON "orders" USING btree ("tenant_id","seller_employee_id","created_at");--> statement-breakpoint
-- Data: each type's single range becomes its first DGII authorization.
INSERT INTO "ncf_ranges" ("tenant_id", "id", "ncf_type_id", "range_from", "range_to", "next_number", "expires_on", "status")
SELECT "tenant_id", gen_random_uuid(), "id", "range_from", "range_to", "next_number", "expires_on", 'active'
FROM "ncf_types" WHERE "range_from" IS NOT NULL AND "range_to" IS NOT NULL AND "expires_on" IS NOT NULL;
--> statement-breakpoint
-- Data: the NCF types of dr-fiscal.md that a tenant does not have yet (no range: the owner enters DGII's).
INSERT INTO "ncf_types" ("tenant_id", "id", "code", "description", "requires_tax_id", "is_default", "is_active")
SELECT t."id", gen_random_uuid(), v.code, v.description, v.requires_tax_id, false, true
FROM "tenants" t
CROSS JOIN (VALUES
  ('B01', 'Factura de Crédito Fiscal', true),
  ('B02', 'Factura de Consumo', false),
  ('B03', 'Nota de Débito', true),
  ('B04', 'Nota de Crédito', false),
  ('B11', 'Comprobante de Compras', true),
  ('B12', 'Registro Único de Ingresos', false),
  ('B13', 'Comprobante para Gastos Menores', false),
  ('B14', 'Comprobante para Regímenes Especiales', true),
  ('B15', 'Comprobante Gubernamental', true),
  ('B16', 'Comprobante para Exportaciones', true),
  ('B17', 'Comprobante para Pagos al Exterior', false)
) AS v(code, description, requires_tax_id)
WHERE NOT EXISTS (SELECT 1 FROM "ncf_types" n WHERE n."tenant_id" = t."id" AND n."code" = v.code);
--> statement-breakpoint
-- Data: the rate each currency has today is its first history entry.
INSERT INTO "currency_rates" ("tenant_id", "id", "currency_id", "rate", "effective_date")
SELECT "tenant_id", gen_random_uuid(), "id", "rate", ("created_at" AT TIME ZONE 'America/Santo_Domingo')::date FROM "currencies";
--> statement-breakpoint
-- Data: cash is the default payment method and takes foreign currencies; cards go through a provider; credit notes are a tender.
UPDATE "payment_methods" SET "is_default" = true, "use_currencies" = true WHERE upper("code") = 'CASH';
--> statement-breakpoint
UPDATE "payment_methods" SET "use_card_provider" = true WHERE upper("code") = 'CARD';
--> statement-breakpoint
UPDATE "payment_methods" SET "available_for_appointments" = false WHERE upper("code") = 'CREDIT';
--> statement-breakpoint
INSERT INTO "payment_methods" ("tenant_id", "id", "code", "name", "order", "available_for_appointments")
SELECT t."id", gen_random_uuid(), 'CREDIT_NOTE', 'Nota de crédito', 5, false FROM "tenants" t
WHERE NOT EXISTS (SELECT 1 FROM "payment_methods" p WHERE p."tenant_id" = t."id" AND p."code" = 'CREDIT_NOTE');
--> statement-breakpoint
-- Data: payment terms and invoice kinds every tenant starts with.
INSERT INTO "invoice_conditions" ("tenant_id", "id", "code", "name", "days", "order", "is_default")
SELECT t."id", gen_random_uuid(), v.code, v.name, v.days, v.ord, v.code = 'CONTADO'
FROM "tenants" t
CROSS JOIN (VALUES ('CONTADO', 'Contado', 0, 0), ('CR15', 'Crédito 15 días', 15, 1), ('CR30', 'Crédito 30 días', 30, 2), ('CR45', 'Crédito 45 días', 45, 3)) AS v(code, name, days, ord);
--> statement-breakpoint
INSERT INTO "invoice_types" ("tenant_id", "id", "code", "name", "ncf_type_id", "order", "is_default")
SELECT t."id", gen_random_uuid(), v.code, v.name, (SELECT n."id" FROM "ncf_types" n WHERE n."tenant_id" = t."id" AND n."code" = v.ncf), v.ord, v.code = 'CONSUMO'
FROM "tenants" t
CROSS JOIN (VALUES ('CONSUMO', 'Consumidor final', 'B02', 0), ('CREDITO_FISCAL', 'Crédito fiscal', 'B01', 1), ('GUBERNAMENTAL', 'Gubernamental', 'B15', 2), ('REGIMEN_ESPECIAL', 'Régimen especial', 'B14', 3), ('EXPORTACION', 'Exportación', 'B16', 4)) AS v(code, name, ncf, ord);
--> statement-breakpoint
UPDATE "cashboxes" SET "code" = upper(regexp_replace("name", '[^A-Za-z0-9]+', '', 'g')) WHERE "code" IS NULL;
