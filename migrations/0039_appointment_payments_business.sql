CREATE TABLE "appointment_business_profiles" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"display_name" text,
	"phone" text,
	"whatsapp" text,
	"email" text,
	"address" text,
	"city" text,
	"website" text,
	"about" text,
	"opening_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_business_profiles_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
DROP INDEX "appointment_refunds_payment_key";--> statement-breakpoint
ALTER TABLE "appointment_refunds" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_policies" ADD COLUMN "auto_confirm" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_policies" ADD COLUMN "allow_customer_cancel" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_policies" ADD COLUMN "allow_customer_reschedule" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_refunds" ADD COLUMN "refund_percent" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_business_profiles" ADD CONSTRAINT "appointment_business_profiles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_business_profiles_tenant_key" ON "appointment_business_profiles" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_refunds_live_key" ON "appointment_refunds" USING btree ("tenant_id","appointment_id") WHERE status <> 'rejected';