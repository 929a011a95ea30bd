CREATE TABLE "legal_case_communications" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"type" text NOT NULL,
	"direction" text NOT NULL,
	"subject" text NOT NULL,
	"content" text,
	"sender" text,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'delivered' NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"requires_followup" boolean DEFAULT false NOT NULL,
	"followup_date" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_case_communications_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "legal_case_documents" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"document_number" text NOT NULL,
	"title" text NOT NULL,
	"document_type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"document_date" date NOT NULL,
	"filed_date" date,
	"content" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"template_id" uuid,
	"file_name" text,
	"file_size" integer,
	"file_type" text,
	"file_url" text,
	"requires_signature" boolean DEFAULT false NOT NULL,
	"signature_status" text DEFAULT 'not_required' NOT NULL,
	"is_confidential" boolean DEFAULT false NOT NULL,
	"author_id" uuid,
	"author_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_case_documents_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "legal_case_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"event_date" date NOT NULL,
	"start_time" time,
	"end_time" time,
	"all_day" boolean DEFAULT false NOT NULL,
	"location" text,
	"location_type" text,
	"priority" text DEFAULT 'normal' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"reminder_enabled" boolean DEFAULT false NOT NULL,
	"reminder_minutes" integer DEFAULT 1440 NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_case_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "legal_case_parties" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"party_type" text NOT NULL,
	"party_role" text,
	"name" text NOT NULL,
	"entity_type" text DEFAULT 'individual' NOT NULL,
	"tax_id" text,
	"email" text,
	"phone" text,
	"address" text,
	"attorney_name" text,
	"attorney_firm" text,
	"attorney_email" text,
	"attorney_phone" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_case_parties_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "legal_case_tasks" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"task_type" text NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"assignee_id" uuid,
	"due_date" date,
	"completed_date" date,
	"estimated_hours" numeric(7, 2),
	"actual_hours" numeric(7, 2),
	"is_billable" boolean DEFAULT true NOT NULL,
	"hourly_rate" numeric(14, 2),
	"completion_percentage" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_case_tasks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "legal_cases" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"case_number" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"case_type" text NOT NULL,
	"case_subtype" text,
	"status" text DEFAULT 'active' NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"date_opened" date NOT NULL,
	"date_closed" date,
	"limitation_date" date,
	"primary_client_id" uuid NOT NULL,
	"lead_attorney_id" uuid,
	"supervising_partner" text,
	"court_name" text,
	"court_jurisdiction" text,
	"judge_name" text,
	"billing_type" text DEFAULT 'hourly' NOT NULL,
	"estimated_value" numeric(14, 2),
	"retainer_amount" numeric(14, 2),
	"total_billed" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_paid" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"risk_level" text DEFAULT 'low' NOT NULL,
	"conflict_check_completed" boolean DEFAULT false NOT NULL,
	"conflict_check_date" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_cases_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "legal_document_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"document_type" text NOT NULL,
	"content" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_document_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "legal_document_versions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_document_versions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "legal_time_entries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"entry_date" date NOT NULL,
	"start_time" time,
	"end_time" time,
	"duration_hours" numeric(7, 2) NOT NULL,
	"activity_type" text NOT NULL,
	"description" text NOT NULL,
	"is_billable" boolean DEFAULT true NOT NULL,
	"hourly_rate" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"billing_status" text DEFAULT 'unbilled' NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_time_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "legal_case_communications" ADD CONSTRAINT "legal_case_communications_tenant_id_case_id_legal_cases_tenant_id_id_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."legal_cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_case_communications" ADD CONSTRAINT "legal_case_communications_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_case_documents" ADD CONSTRAINT "legal_case_documents_tenant_id_case_id_legal_cases_tenant_id_id_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."legal_cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_case_documents" ADD CONSTRAINT "legal_case_documents_tenant_id_author_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","author_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_case_events" ADD CONSTRAINT "legal_case_events_tenant_id_case_id_legal_cases_tenant_id_id_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."legal_cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_case_parties" ADD CONSTRAINT "legal_case_parties_tenant_id_case_id_legal_cases_tenant_id_id_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."legal_cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_case_tasks" ADD CONSTRAINT "legal_case_tasks_tenant_id_case_id_legal_cases_tenant_id_id_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."legal_cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_case_tasks" ADD CONSTRAINT "legal_case_tasks_tenant_id_assignee_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","assignee_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_cases" ADD CONSTRAINT "legal_cases_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_cases" ADD CONSTRAINT "legal_cases_tenant_id_primary_client_id_customers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","primary_client_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_cases" ADD CONSTRAINT "legal_cases_tenant_id_lead_attorney_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","lead_attorney_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_cases" ADD CONSTRAINT "legal_cases_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_document_templates" ADD CONSTRAINT "legal_document_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_document_templates" ADD CONSTRAINT "legal_document_templates_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_document_versions" ADD CONSTRAINT "legal_document_versions_tenant_id_document_id_legal_case_documents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","document_id") REFERENCES "public"."legal_case_documents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_document_versions" ADD CONSTRAINT "legal_document_versions_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_time_entries" ADD CONSTRAINT "legal_time_entries_tenant_id_case_id_legal_cases_tenant_id_id_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."legal_cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_time_entries" ADD CONSTRAINT "legal_time_entries_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_case_communications_case_idx" ON "legal_case_communications" USING btree ("tenant_id","case_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_case_documents_number_key" ON "legal_case_documents" USING btree ("tenant_id","document_number");--> statement-breakpoint
CREATE INDEX "legal_case_documents_case_idx" ON "legal_case_documents" USING btree ("tenant_id","case_id","document_date");--> statement-breakpoint
CREATE INDEX "legal_case_events_date_idx" ON "legal_case_events" USING btree ("tenant_id","event_date");--> statement-breakpoint
CREATE INDEX "legal_case_events_case_idx" ON "legal_case_events" USING btree ("tenant_id","case_id");--> statement-breakpoint
CREATE INDEX "legal_case_events_reminder_idx" ON "legal_case_events" USING btree ("event_date") WHERE reminder_enabled and reminder_sent_at is null;--> statement-breakpoint
CREATE INDEX "legal_case_parties_case_idx" ON "legal_case_parties" USING btree ("tenant_id","case_id");--> statement-breakpoint
CREATE INDEX "legal_case_tasks_case_idx" ON "legal_case_tasks" USING btree ("tenant_id","case_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_cases_number_key" ON "legal_cases" USING btree ("tenant_id","case_number");--> statement-breakpoint
CREATE INDEX "legal_cases_list_idx" ON "legal_cases" USING btree ("tenant_id","status","date_opened");--> statement-breakpoint
CREATE INDEX "legal_cases_client_idx" ON "legal_cases" USING btree ("tenant_id","primary_client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_document_templates_name_key" ON "legal_document_templates" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_document_versions_key" ON "legal_document_versions" USING btree ("tenant_id","document_id","version");--> statement-breakpoint
CREATE INDEX "legal_time_entries_case_idx" ON "legal_time_entries" USING btree ("tenant_id","case_id","entry_date");