CREATE INDEX "customers_created_idx" ON "customers" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_browse_idx" ON "customers" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_default_key" ON "customers" USING btree ("tenant_id") WHERE is_default;