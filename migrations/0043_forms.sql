CREATE TABLE "form_permissions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"role" text NOT NULL,
	"can_view" boolean DEFAULT true NOT NULL,
	"can_submit" boolean DEFAULT true NOT NULL,
	"can_edit" boolean DEFAULT false NOT NULL,
	"can_delete" boolean DEFAULT false NOT NULL,
	"can_manage_submissions" boolean DEFAULT false NOT NULL,
	CONSTRAINT "form_permissions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"data" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_changed_by" uuid,
	"status_changed_at" timestamp with time zone,
	"submitted_by" uuid,
	"submitter_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_submissions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "form_versions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"schema" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid,
	CONSTRAINT "form_versions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"category" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"max_submissions" integer,
	"closed_message" text,
	"schema" jsonb NOT NULL,
	"published_version_id" uuid,
	"submission_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forms_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "form_permissions" ADD CONSTRAINT "form_permissions_tenant_id_form_id_forms_tenant_id_id_fk" FOREIGN KEY ("tenant_id","form_id") REFERENCES "public"."forms"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_tenant_id_form_id_forms_tenant_id_id_fk" FOREIGN KEY ("tenant_id","form_id") REFERENCES "public"."forms"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_tenant_id_version_id_form_versions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","version_id") REFERENCES "public"."form_versions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_tenant_id_submitted_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","submitted_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_tenant_id_status_changed_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","status_changed_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_tenant_id_form_id_forms_tenant_id_id_fk" FOREIGN KEY ("tenant_id","form_id") REFERENCES "public"."forms"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_tenant_id_published_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","published_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_tenant_id_updated_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","updated_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_permissions_role_key" ON "form_permissions" USING btree ("tenant_id","form_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "form_submissions_number_key" ON "form_submissions" USING btree ("tenant_id","form_id","number");--> statement-breakpoint
CREATE INDEX "form_submissions_status_idx" ON "form_submissions" USING btree ("tenant_id","form_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "form_versions_version_key" ON "form_versions" USING btree ("tenant_id","form_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "forms_slug_key" ON "forms" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "forms_status_idx" ON "forms" USING btree ("tenant_id","status","updated_at");