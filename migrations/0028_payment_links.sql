CREATE TABLE "payment_link_settings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"provider" text DEFAULT 'sandbox' NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"ttl_days" integer DEFAULT 7 NOT NULL,
	"payment_method_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_link_settings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"provider" text NOT NULL,
	"order_id" uuid,
	"order_number" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"itbis" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'DOP' NOT NULL,
	"language" text DEFAULT 'ES' NOT NULL,
	"client_contract_number" text NOT NULL,
	"customer_name" text,
	"email" text,
	"description" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"link_url" text NOT NULL,
	"provider_reference" text,
	"authorization_code" text,
	"card_last4" text,
	"paid_at" timestamp with time zone,
	"payment_id" uuid,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_links_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "payment_link_settings" ADD CONSTRAINT "payment_link_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_link_settings" ADD CONSTRAINT "payment_link_settings_tenant_id_payment_method_id_payment_methods_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payment_method_id") REFERENCES "public"."payment_methods"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_tenant_id_order_id_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_link_settings_tenant_key" ON "payment_link_settings" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_order_number_key" ON "payment_links" USING btree ("tenant_id","order_number");--> statement-breakpoint
CREATE INDEX "payment_links_list_idx" ON "payment_links" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_links_order_idx" ON "payment_links" USING btree ("tenant_id","order_id");