-- invoice.getAll over 200,000 invoices: the page walks orders_list_idx from the end in its order
-- (business_date, created_at, id), so a date range a year back reads only its own rows; the totals by
-- status (no filter, paid, pending, partial, cancelled) come from orders_status_totals_idx alone
-- (index-only); a number or an NCF typed is a byte-wise range of a text_pattern_ops index (LIKE is not
-- leakproof, so under row-level security it never used an index). orders_list_idx covers what
-- orders_business_date_idx served and the status index replaces orders_payment_status_idx, whose
-- created_at order the list no longer uses.
-- The NCF type and seller filters read their own index in the list's order (tenant, ncf type or
-- seller, business_date, created_at, id), so a page of them never sorts the filtered set.
-- status closes each of these three indexes, so the page's match count (up to 10,000) is an index-only scan.
DROP INDEX "orders_payment_status_idx";--> statement-breakpoint
DROP INDEX "orders_business_date_idx";--> statement-breakpoint
DROP INDEX "orders_ncf_type_idx";--> statement-breakpoint
DROP INDEX "orders_seller_idx";--> statement-breakpoint
CREATE INDEX "orders_status_totals_idx" ON "orders" USING btree ("tenant_id","status","payment_status","total","balance_due","paid_total","change_amount");--> statement-breakpoint
CREATE INDEX "orders_list_idx" ON "orders" USING btree ("tenant_id","business_date","created_at","id","status");--> statement-breakpoint
CREATE INDEX "orders_number_prefix_idx" ON "orders" USING btree ("tenant_id","number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_ncf_prefix_idx" ON "orders" USING btree ("tenant_id","ncf" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_ncf_type_idx" ON "orders" USING btree ("tenant_id","ncf_type_id","business_date","created_at","id","status");--> statement-breakpoint
CREATE INDEX "orders_seller_idx" ON "orders" USING btree ("tenant_id","seller_employee_id","business_date","created_at","id","status");