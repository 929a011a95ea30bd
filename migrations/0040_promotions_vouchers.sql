CREATE TABLE "promotion_categories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"promotion_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "promotion_categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "promotion_products" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"promotion_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	CONSTRAINT "promotion_products_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"discount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"param1" integer,
	"param2" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"stackable" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "voucher_batches" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"batch_number" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"quantity" integer NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"type" text NOT NULL,
	"valid_from" date NOT NULL,
	"expires_on" date NOT NULL,
	"keep_remainder" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_batches_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "voucher_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"voucher_id" uuid NOT NULL,
	"event" text NOT NULL,
	"amount" numeric(14, 2),
	"order_id" uuid,
	"notes" text,
	"details" jsonb,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"code" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"balance" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"used_at" timestamp with time zone,
	"used_by_customer_id" uuid,
	"used_in_order_id" uuid,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"reported_at" timestamp with time zone,
	"report_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "promotion_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "promotion_name" text;--> statement-breakpoint
ALTER TABLE "promotion_categories" ADD CONSTRAINT "promotion_categories_tenant_id_promotion_id_promotions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","promotion_id") REFERENCES "public"."promotions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_categories" ADD CONSTRAINT "promotion_categories_tenant_id_category_id_product_categories_tenant_id_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."product_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_products" ADD CONSTRAINT "promotion_products_tenant_id_promotion_id_promotions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","promotion_id") REFERENCES "public"."promotions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_products" ADD CONSTRAINT "promotion_products_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_batches" ADD CONSTRAINT "voucher_batches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_batches" ADD CONSTRAINT "voucher_batches_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_events" ADD CONSTRAINT "voucher_events_tenant_id_voucher_id_vouchers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","voucher_id") REFERENCES "public"."vouchers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_tenant_id_batch_id_voucher_batches_tenant_id_id_fk" FOREIGN KEY ("tenant_id","batch_id") REFERENCES "public"."voucher_batches"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_tenant_id_used_by_customer_id_customers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","used_by_customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_categories_key" ON "promotion_categories" USING btree ("tenant_id","promotion_id","category_id");--> statement-breakpoint
CREATE INDEX "promotion_categories_category_idx" ON "promotion_categories" USING btree ("tenant_id","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_products_key" ON "promotion_products" USING btree ("tenant_id","promotion_id","product_id");--> statement-breakpoint
CREATE INDEX "promotion_products_product_idx" ON "promotion_products" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_key" ON "promotions" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "promotions_active_idx" ON "promotions" USING btree ("tenant_id","is_active","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_batches_number_key" ON "voucher_batches" USING btree ("tenant_id","batch_number");--> statement-breakpoint
CREATE INDEX "voucher_events_voucher_idx" ON "voucher_events" USING btree ("tenant_id","voucher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_key" ON "vouchers" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "vouchers_batch_idx" ON "vouchers" USING btree ("tenant_id","batch_id","status");