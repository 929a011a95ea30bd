ALTER TABLE "ncf_types" DROP COLUMN "range_from";--> statement-breakpoint
ALTER TABLE "ncf_types" DROP COLUMN "range_to";--> statement-breakpoint
ALTER TABLE "ncf_types" DROP COLUMN "next_number";--> statement-breakpoint
ALTER TABLE "ncf_types" DROP COLUMN "expires_on";