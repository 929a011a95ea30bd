ALTER TABLE "order_payments" ADD COLUMN "card_provider_id" uuid;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "card_transaction_id" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "card" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_card_transaction_key" ON "order_payments" USING btree ("tenant_id","card_provider_id","card_transaction_id") WHERE card_transaction_id is not null;