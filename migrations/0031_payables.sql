CREATE TABLE "supplier_bill_payments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"client_key" uuid NOT NULL,
	"payment_method_id" uuid NOT NULL,
	"cashbox_session_id" uuid,
	"amount" numeric(14, 2) NOT NULL,
	"reference" text,
	"paid_on" date NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	"reversed_by" uuid,
	CONSTRAINT "supplier_bill_payments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "supplier_bills" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" text NOT NULL,
	"client_key" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"receipt_id" uuid,
	"ncf_type" text NOT NULL,
	"ncf" text NOT NULL,
	"ncf_type_id" uuid,
	"ncf_date" date NOT NULL,
	"supplier_tax_id" text,
	"payment_term_id" uuid,
	"due_date" date NOT NULL,
	"goods_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"services_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"itbis" numeric(14, 2) DEFAULT '0' NOT NULL,
	"itbis_withheld" numeric(14, 2) DEFAULT '0' NOT NULL,
	"isr_withholding_type" text,
	"isr_withheld" numeric(14, 2) DEFAULT '0' NOT NULL,
	"expense_type" text NOT NULL,
	"payment_form" text NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"payable" numeric(14, 2) NOT NULL,
	"paid_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"balance" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"notes" text,
	"user_id" uuid NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_bills_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "supplier_bill_payments" ADD CONSTRAINT "supplier_bill_payments_tenant_id_bill_id_supplier_bills_tenant_id_id_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."supplier_bills"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_bill_payments" ADD CONSTRAINT "supplier_bill_payments_tenant_id_payment_method_id_payment_methods_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payment_method_id") REFERENCES "public"."payment_methods"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_bill_payments" ADD CONSTRAINT "supplier_bill_payments_tenant_id_cashbox_session_id_cashbox_sessions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","cashbox_session_id") REFERENCES "public"."cashbox_sessions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_bill_payments" ADD CONSTRAINT "supplier_bill_payments_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_bills" ADD CONSTRAINT "supplier_bills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_bills" ADD CONSTRAINT "supplier_bills_tenant_id_provider_id_providers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."providers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_bills" ADD CONSTRAINT "supplier_bills_tenant_id_receipt_id_purchase_receipts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","receipt_id") REFERENCES "public"."purchase_receipts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_bills" ADD CONSTRAINT "supplier_bills_tenant_id_ncf_type_id_ncf_types_tenant_id_id_fk" FOREIGN KEY ("tenant_id","ncf_type_id") REFERENCES "public"."ncf_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_bills" ADD CONSTRAINT "supplier_bills_tenant_id_payment_term_id_invoice_conditions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payment_term_id") REFERENCES "public"."invoice_conditions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_bills" ADD CONSTRAINT "supplier_bills_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_bill_payments_client_key" ON "supplier_bill_payments" USING btree ("tenant_id","client_key");--> statement-breakpoint
CREATE INDEX "supplier_bill_payments_bill_idx" ON "supplier_bill_payments" USING btree ("tenant_id","bill_id","created_at");--> statement-breakpoint
CREATE INDEX "supplier_bill_payments_session_idx" ON "supplier_bill_payments" USING btree ("tenant_id","cashbox_session_id") WHERE cashbox_session_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_bills_number_key" ON "supplier_bills" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_bills_client_key" ON "supplier_bills" USING btree ("tenant_id","client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_bills_provider_ncf_key" ON "supplier_bills" USING btree ("tenant_id","provider_id","ncf") WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX "supplier_bills_list_idx" ON "supplier_bills" USING btree ("tenant_id","ncf_date","number");--> statement-breakpoint
CREATE INDEX "supplier_bills_provider_idx" ON "supplier_bills" USING btree ("tenant_id","provider_id","ncf_date");--> statement-breakpoint
CREATE INDEX "supplier_bills_open_idx" ON "supplier_bills" USING btree ("tenant_id","due_date") WHERE status in ('open', 'partially_paid');--> statement-breakpoint
CREATE INDEX "supplier_bills_receipt_idx" ON "supplier_bills" USING btree ("tenant_id","receipt_id") WHERE receipt_id is not null;--> statement-breakpoint
-- Data: the new payables module is on wherever purchase orders are (issue 13 §3).
INSERT INTO "tenant_modules" ("tenant_id", "id", "module_code", "enabled")
SELECT m."tenant_id", gen_random_uuid(), 'payables', m."enabled" FROM "tenant_modules" m
WHERE m."module_code" = 'purchase_orders'
AND NOT EXISTS (SELECT 1 FROM "tenant_modules" x WHERE x."tenant_id" = m."tenant_id" AND x."module_code" = 'payables');
