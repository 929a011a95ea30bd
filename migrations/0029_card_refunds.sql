ALTER TABLE "credit_notes" ADD COLUMN "refund_payment_method_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "card_provider_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "card_transaction_id" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "card" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_card_transaction_key" ON "credit_notes" USING btree ("tenant_id","card_provider_id","card_transaction_id") WHERE card_transaction_id is not null;