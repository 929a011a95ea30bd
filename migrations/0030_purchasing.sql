CREATE TABLE "purchase_order_lines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"provider_code" text,
	"quantity" numeric(14, 4) NOT NULL,
	"received_quantity" numeric(14, 4) DEFAULT '0' NOT NULL,
	"unit_cost" numeric(14, 2) NOT NULL,
	"tax_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"tax_amount" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	CONSTRAINT "purchase_order_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" text NOT NULL,
	"provider_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"order_date" date NOT NULL,
	"expected_date" date,
	"payment_term_id" uuid,
	"notes" text,
	"subtotal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tax_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"idempotency_key" text,
	"created_by" uuid,
	"submitted_at" timestamp with time zone,
	"submitted_by" uuid,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"auto_approved" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" uuid,
	"sent_via" text,
	"sent_to" text,
	"received_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "purchase_receipt_lines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"receipt_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	"unit_cost" numeric(14, 2) NOT NULL,
	"on_hand_before" numeric(14, 4) NOT NULL,
	"cost_before" numeric(14, 2) NOT NULL,
	"cost_after" numeric(14, 2) NOT NULL,
	CONSTRAINT "purchase_receipt_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "purchase_receipts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"client_key" text NOT NULL,
	"notes" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_receipts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "purchase_settings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"approval_threshold" numeric(14, 2) DEFAULT '25000.00' NOT NULL,
	"receiving_tolerance_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"default_payment_term_id" uuid,
	"number_prefix" text DEFAULT 'OC-' NOT NULL,
	"number_width" integer DEFAULT 6 NOT NULL,
	"digest_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_settings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_tenant_id_order_id_purchase_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."purchase_orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_tenant_id_provider_id_providers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."providers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_tenant_id_warehouse_id_warehouses_tenant_id_id_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_tenant_id_payment_term_id_invoice_conditions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payment_term_id") REFERENCES "public"."invoice_conditions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ADD CONSTRAINT "purchase_receipt_lines_tenant_id_receipt_id_purchase_receipts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","receipt_id") REFERENCES "public"."purchase_receipts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ADD CONSTRAINT "purchase_receipt_lines_tenant_id_order_line_id_purchase_order_lines_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_line_id") REFERENCES "public"."purchase_order_lines"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ADD CONSTRAINT "purchase_receipt_lines_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_tenant_id_order_id_purchase_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."purchase_orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_tenant_id_warehouse_id_warehouses_tenant_id_id_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_settings" ADD CONSTRAINT "purchase_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_settings" ADD CONSTRAINT "purchase_settings_tenant_id_default_payment_term_id_invoice_conditions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","default_payment_term_id") REFERENCES "public"."invoice_conditions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_lines_order_idx" ON "purchase_order_lines" USING btree ("tenant_id","order_id","line_no");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_product_idx" ON "purchase_order_lines" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_number_key" ON "purchase_orders" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_idempotency_key" ON "purchase_orders" USING btree ("tenant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "purchase_orders_list_idx" ON "purchase_orders" USING btree ("tenant_id","order_date","number");--> statement-breakpoint
CREATE INDEX "purchase_orders_status_idx" ON "purchase_orders" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "purchase_orders_provider_idx" ON "purchase_orders" USING btree ("tenant_id","provider_id");--> statement-breakpoint
CREATE INDEX "purchase_receipt_lines_receipt_idx" ON "purchase_receipt_lines" USING btree ("tenant_id","receipt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_receipts_client_key" ON "purchase_receipts" USING btree ("tenant_id","client_key");--> statement-breakpoint
CREATE INDEX "purchase_receipts_order_idx" ON "purchase_receipts" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_settings_tenant_key" ON "purchase_settings" USING btree ("tenant_id");