CREATE TABLE "appointment_messages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"channel" text NOT NULL,
	"recipient_group" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_messages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "appointment_payments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"payment_type" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"payment_method_id" uuid NOT NULL,
	"ncf_type_id" uuid,
	"notes" text,
	"generate_invoice" boolean NOT NULL,
	"order_id" uuid,
	"deposit_status" text,
	"transaction_id" text,
	"refunded_at" timestamp with time zone,
	"refund_reason" text,
	"idempotency_key" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_payments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "appointment_policies" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"min_notice_hours" integer DEFAULT 0 NOT NULL,
	"max_advance_days" integer DEFAULT 60 NOT NULL,
	"slot_interval_minutes" integer DEFAULT 30 NOT NULL,
	"deposit_percent" numeric(5, 2) DEFAULT '30' NOT NULL,
	"cancellation_fee" numeric(14, 2) DEFAULT '0' NOT NULL,
	"retention_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"refund_window_hours" integer DEFAULT 24 NOT NULL,
	"sliding_scale" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reminder_hours_before" integer DEFAULT 24 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_policies_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "appointment_portals" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"subdomain_path" text DEFAULT 'book' NOT NULL,
	"custom_domain" text,
	"logo_url" text,
	"primary_color" text DEFAULT '#0f766e' NOT NULL,
	"secondary_color" text DEFAULT '#f59e0b' NOT NULL,
	"font_family" text DEFAULT 'system-ui' NOT NULL,
	"custom_css" text,
	"pages" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"meta_title" text,
	"meta_description" text,
	"keywords" text,
	"require_deposit" boolean DEFAULT false NOT NULL,
	"terms_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_portals_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "appointment_refunds" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"original_amount" numeric(14, 2) NOT NULL,
	"cancellation_fee" numeric(14, 2) DEFAULT '0' NOT NULL,
	"retention_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending_review' NOT NULL,
	"processing_notes" text,
	"credit_note_id" uuid,
	"user_id" uuid,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_refunds_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "appointment_status_changes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_status_changes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "appointment_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text DEFAULT 'email' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"appointment_number" text NOT NULL,
	"customer_id" uuid,
	"customer_name" text NOT NULL,
	"customer_email" text,
	"customer_phone" text,
	"service_id" uuid NOT NULL,
	"service_name" text NOT NULL,
	"employee_id" uuid NOT NULL,
	"appointment_date" date NOT NULL,
	"start_time" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"busy_from" timestamp with time zone NOT NULL,
	"busy_until" timestamp with time zone NOT NULL,
	"party_size" integer DEFAULT 1 NOT NULL,
	"customer_notes" text,
	"internal_notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"amount_paid" numeric(14, 2) DEFAULT '0' NOT NULL,
	"deposit_amount" numeric(14, 2),
	"invoice_id" uuid,
	"source" text DEFAULT 'staff' NOT NULL,
	"idempotency_key" text NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"confirmation_sent_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "employee_schedules" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"effective_until" date,
	"days" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_schedules_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "employee_time_off" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_time" text,
	"end_time" text,
	"type" text NOT NULL,
	"reason" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_time_off_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "portal_sessions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"link_token_hash" text NOT NULL,
	"link_expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"session_token_hash" text,
	"session_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_sessions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "employee_products" ADD COLUMN "duration_override" integer;--> statement-breakpoint
ALTER TABLE "employee_products" ADD COLUMN "price_override" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "employee_products" ADD COLUMN "buffer_before_override" integer;--> statement-breakpoint
ALTER TABLE "employee_products" ADD COLUMN "buffer_after_override" integer;--> statement-breakpoint
ALTER TABLE "employee_products" ADD COLUMN "max_concurrent_bookings" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "employee_products" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "buffer_before" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_attendees" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_attendees" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "allow_employee_selection" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "auto_payment_link" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_messages" ADD CONSTRAINT "appointment_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_payments" ADD CONSTRAINT "appointment_payments_tenant_id_appointment_id_appointments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","appointment_id") REFERENCES "public"."appointments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_payments" ADD CONSTRAINT "appointment_payments_tenant_id_payment_method_id_payment_methods_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payment_method_id") REFERENCES "public"."payment_methods"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_payments" ADD CONSTRAINT "appointment_payments_tenant_id_ncf_type_id_ncf_types_tenant_id_id_fk" FOREIGN KEY ("tenant_id","ncf_type_id") REFERENCES "public"."ncf_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_policies" ADD CONSTRAINT "appointment_policies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_portals" ADD CONSTRAINT "appointment_portals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_refunds" ADD CONSTRAINT "appointment_refunds_tenant_id_appointment_id_appointments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","appointment_id") REFERENCES "public"."appointments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_refunds" ADD CONSTRAINT "appointment_refunds_tenant_id_payment_id_appointment_payments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payment_id") REFERENCES "public"."appointment_payments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_status_changes" ADD CONSTRAINT "appointment_status_changes_tenant_id_appointment_id_appointments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","appointment_id") REFERENCES "public"."appointments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_templates" ADD CONSTRAINT "appointment_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_tenant_id_customer_id_customers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_tenant_id_service_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","service_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_tenant_id_employee_id_employees_tenant_id_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_schedules" ADD CONSTRAINT "employee_schedules_tenant_id_employee_id_employees_tenant_id_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_time_off" ADD CONSTRAINT "employee_time_off_tenant_id_employee_id_employees_tenant_id_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_tenant_id_customer_id_customers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_messages_idempotency_key" ON "appointment_messages" USING btree ("tenant_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_payments_idempotency_key" ON "appointment_payments" USING btree ("tenant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "appointment_payments_appointment_idx" ON "appointment_payments" USING btree ("tenant_id","appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_policies_tenant_key" ON "appointment_policies" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_portals_tenant_key" ON "appointment_portals" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_refunds_payment_key" ON "appointment_refunds" USING btree ("tenant_id","payment_id");--> statement-breakpoint
CREATE INDEX "appointment_refunds_status_idx" ON "appointment_refunds" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "appointment_status_changes_appointment_idx" ON "appointment_status_changes" USING btree ("tenant_id","appointment_id");--> statement-breakpoint
CREATE INDEX "appointment_templates_kind_idx" ON "appointment_templates" USING btree ("tenant_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_number_key" ON "appointments" USING btree ("tenant_id","appointment_number");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_idempotency_key" ON "appointments" USING btree ("tenant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "appointments_employee_busy_idx" ON "appointments" USING btree ("tenant_id","employee_id","busy_from") WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX "appointments_date_idx" ON "appointments" USING btree ("tenant_id","appointment_date");--> statement-breakpoint
CREATE INDEX "appointments_customer_idx" ON "appointments" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "appointments_employee_created_idx" ON "appointments" USING btree ("tenant_id","employee_id","created_at");--> statement-breakpoint
CREATE INDEX "appointments_reminder_idx" ON "appointments" USING btree ("tenant_id","starts_at") WHERE reminder_sent_at IS NULL AND status IN ('pending', 'confirmed', 'rescheduled');--> statement-breakpoint
CREATE UNIQUE INDEX "employee_schedules_from_key" ON "employee_schedules" USING btree ("tenant_id","employee_id","effective_from");--> statement-breakpoint
CREATE INDEX "employee_time_off_employee_idx" ON "employee_time_off" USING btree ("tenant_id","employee_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_sessions_link_key" ON "portal_sessions" USING btree ("tenant_id","link_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_sessions_session_key" ON "portal_sessions" USING btree ("tenant_id","session_token_hash");