DROP INDEX "products_list_idx";--> statement-breakpoint
CREATE INDEX "products_browse_idx" ON "products" USING btree ("tenant_id","name","id") WHERE deleted_at is null;