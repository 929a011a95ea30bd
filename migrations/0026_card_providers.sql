CREATE TABLE "card_providers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"api_url" text NOT NULL,
	"cashbox_id" uuid,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_providers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "card_provider_id" uuid;--> statement-breakpoint
ALTER TABLE "card_providers" ADD CONSTRAINT "card_providers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_providers" ADD CONSTRAINT "card_providers_tenant_id_cashbox_id_cashboxes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","cashbox_id") REFERENCES "public"."cashboxes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_providers_code_key" ON "card_providers" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "card_providers_default_key" ON "card_providers" USING btree ("tenant_id") WHERE "card_providers"."is_default";