-- Search text without accents: a cashier typing "jose pena" or "jabon" finds "José Peña" and "Jabón".
ALTER TABLE "customers" drop column "search_text";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(name || ' ' || code || ' ' || coalesce(tax_id, '') || ' ' || coalesce(regexp_replace(tax_id, '[^0-9]', '', 'g'), '') || ' ' || coalesce(phone, '') || ' ' || coalesce(regexp_replace(phone, '[^0-9]', '', 'g'), '')), 'áàâäéèêëíìîïóòôöúùûüñç', 'aaaaeeeeiiiioooouuuunc')) STORED;--> statement-breakpoint
ALTER TABLE "products" drop column "search_text";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(name || ' ' || sku || ' ' || coalesce(keywords, '') || ' ' || coalesce(barcode, '')), 'áàâäéèêëíìîïóòôöúùûüñç', 'aaaaeeeeiiiioooouuuunc')) STORED;--> statement-breakpoint
-- Dropping the columns dropped their trigram indexes: build them again on the folded text.
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);
