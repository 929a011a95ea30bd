CREATE TABLE "purchase_digests" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"digest_date" date NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_digests_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "purchase_digests" ADD CONSTRAINT "purchase_digests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_digests_date_key" ON "purchase_digests" USING btree ("tenant_id","digest_date");--> statement-breakpoint
-- Low stock (issue 13 §4): exactly the product/warehouse rows under their minimum, by hand because
-- drizzle cannot declare a predicate comparing two columns; the low-stock tab, its counts and
-- the digest read only this index.
CREATE INDEX IF NOT EXISTS "product_stock_low_idx" ON "product_stock" USING btree ("tenant_id","warehouse_id","product_id") INCLUDE ("current_quantity","min_stock","max_stock") WHERE min_stock IS NOT NULL AND current_quantity < min_stock;
