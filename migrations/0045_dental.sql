CREATE TABLE "dental_clinical_records" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"visit_date" date NOT NULL,
	"chief_complaint" text,
	"findings" text,
	"diagnosis" text,
	"treatment" text,
	"vital_signs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"follow_up" boolean DEFAULT false NOT NULL,
	"follow_up_date" date,
	"corrects_id" uuid,
	"dentist_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dental_clinical_records_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dental_documents" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"file_url" text NOT NULL,
	"file_size" integer NOT NULL,
	"mime_type" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_confidential" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dental_documents_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dental_lab_orders" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"laboratory" text NOT NULL,
	"order_type" text NOT NULL,
	"teeth" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"due_date" date NOT NULL,
	"specifications" text,
	"tracking_number" text,
	"cost" numeric(14, 2),
	"status" text DEFAULT 'pending' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dental_lab_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dental_patients" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"birth_date" date,
	"gender" text,
	"blood_type" text,
	"allergies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"medications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"insurance" jsonb,
	"emergency_contact" jsonb,
	"dentition" text DEFAULT 'adult' NOT NULL,
	"notes" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dental_patients_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dental_plan_phases" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"duration_value" integer,
	"duration_unit" text DEFAULT 'weeks' NOT NULL,
	"estimated_end_date" date,
	"estimated_cost" numeric(14, 2) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'DOP' NOT NULL,
	"notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	CONSTRAINT "dental_plan_phases_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dental_plan_procedures" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"phase_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"procedure_type_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"tooth" smallint,
	"surfaces" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" uuid,
	"clinical_record_id" uuid,
	"order_id" uuid,
	CONSTRAINT "dental_plan_procedures_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dental_prescriptions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"items" jsonb NOT NULL,
	"pharmacy_notes" text,
	"status" text DEFAULT 'active' NOT NULL,
	"dentist_id" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dental_prescriptions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dental_procedure_types" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"code" text NOT NULL,
	"scope" text DEFAULT 'tooth' NOT NULL,
	"result_status" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dental_procedure_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dental_settings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"role_rights" jsonb NOT NULL,
	"chart_notation" text DEFAULT 'fdi' NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dental_settings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dental_tooth_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"tooth" smallint NOT NULL,
	"surface" text NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"clinical_record_id" uuid,
	"plan_procedure_id" uuid,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dental_tooth_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dental_treatment_plans" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"diagnosis" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"currency" text DEFAULT 'DOP' NOT NULL,
	"discount_type" text DEFAULT 'amount' NOT NULL,
	"discount_value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"insurance_coverage" numeric(14, 2) DEFAULT '0' NOT NULL,
	"notes" text,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"consent_signed_by" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dental_treatment_plans_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dental_xrays" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"type" text NOT NULL,
	"file_url" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"teeth" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"findings" text,
	"annotations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"taken_by" text,
	"taken_at" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dental_xrays_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "dental_clinical_records" ADD CONSTRAINT "dental_clinical_records_tenant_id_patient_id_dental_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."dental_patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_clinical_records" ADD CONSTRAINT "dental_clinical_records_tenant_id_corrects_id_dental_clinical_records_tenant_id_id_fk" FOREIGN KEY ("tenant_id","corrects_id") REFERENCES "public"."dental_clinical_records"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_clinical_records" ADD CONSTRAINT "dental_clinical_records_tenant_id_dentist_id_employees_tenant_id_id_fk" FOREIGN KEY ("tenant_id","dentist_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_clinical_records" ADD CONSTRAINT "dental_clinical_records_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_documents" ADD CONSTRAINT "dental_documents_tenant_id_patient_id_dental_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."dental_patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_documents" ADD CONSTRAINT "dental_documents_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_documents" ADD CONSTRAINT "dental_documents_tenant_id_deleted_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","deleted_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_lab_orders" ADD CONSTRAINT "dental_lab_orders_tenant_id_patient_id_dental_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."dental_patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_lab_orders" ADD CONSTRAINT "dental_lab_orders_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_patients" ADD CONSTRAINT "dental_patients_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_patients" ADD CONSTRAINT "dental_patients_tenant_id_customer_id_customers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_patients" ADD CONSTRAINT "dental_patients_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_plan_phases" ADD CONSTRAINT "dental_plan_phases_tenant_id_plan_id_dental_treatment_plans_tenant_id_id_fk" FOREIGN KEY ("tenant_id","plan_id") REFERENCES "public"."dental_treatment_plans"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_plan_procedures" ADD CONSTRAINT "dental_plan_procedures_tenant_id_plan_id_dental_treatment_plans_tenant_id_id_fk" FOREIGN KEY ("tenant_id","plan_id") REFERENCES "public"."dental_treatment_plans"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_plan_procedures" ADD CONSTRAINT "dental_plan_procedures_tenant_id_phase_id_dental_plan_phases_tenant_id_id_fk" FOREIGN KEY ("tenant_id","phase_id") REFERENCES "public"."dental_plan_phases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_plan_procedures" ADD CONSTRAINT "dental_plan_procedures_tenant_id_procedure_type_id_dental_procedure_types_tenant_id_id_fk" FOREIGN KEY ("tenant_id","procedure_type_id") REFERENCES "public"."dental_procedure_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_plan_procedures" ADD CONSTRAINT "dental_plan_procedures_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_plan_procedures" ADD CONSTRAINT "dental_plan_procedures_tenant_id_done_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","done_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_plan_procedures" ADD CONSTRAINT "dental_plan_procedures_tenant_id_clinical_record_id_dental_clinical_records_tenant_id_id_fk" FOREIGN KEY ("tenant_id","clinical_record_id") REFERENCES "public"."dental_clinical_records"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_plan_procedures" ADD CONSTRAINT "dental_plan_procedures_tenant_id_order_id_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_prescriptions" ADD CONSTRAINT "dental_prescriptions_tenant_id_patient_id_dental_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."dental_patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_prescriptions" ADD CONSTRAINT "dental_prescriptions_tenant_id_dentist_id_employees_tenant_id_id_fk" FOREIGN KEY ("tenant_id","dentist_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_prescriptions" ADD CONSTRAINT "dental_prescriptions_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_procedure_types" ADD CONSTRAINT "dental_procedure_types_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_procedure_types" ADD CONSTRAINT "dental_procedure_types_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_settings" ADD CONSTRAINT "dental_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_settings" ADD CONSTRAINT "dental_settings_tenant_id_updated_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","updated_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_tooth_events" ADD CONSTRAINT "dental_tooth_events_tenant_id_patient_id_dental_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."dental_patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_tooth_events" ADD CONSTRAINT "dental_tooth_events_tenant_id_clinical_record_id_dental_clinical_records_tenant_id_id_fk" FOREIGN KEY ("tenant_id","clinical_record_id") REFERENCES "public"."dental_clinical_records"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_tooth_events" ADD CONSTRAINT "dental_tooth_events_tenant_id_plan_procedure_id_dental_plan_procedures_tenant_id_id_fk" FOREIGN KEY ("tenant_id","plan_procedure_id") REFERENCES "public"."dental_plan_procedures"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_tooth_events" ADD CONSTRAINT "dental_tooth_events_tenant_id_recorded_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","recorded_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_treatment_plans" ADD CONSTRAINT "dental_treatment_plans_tenant_id_patient_id_dental_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."dental_patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_treatment_plans" ADD CONSTRAINT "dental_treatment_plans_tenant_id_approved_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","approved_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_treatment_plans" ADD CONSTRAINT "dental_treatment_plans_tenant_id_cancelled_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","cancelled_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_treatment_plans" ADD CONSTRAINT "dental_treatment_plans_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_xrays" ADD CONSTRAINT "dental_xrays_tenant_id_patient_id_dental_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."dental_patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_xrays" ADD CONSTRAINT "dental_xrays_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dental_clinical_records_patient_idx" ON "dental_clinical_records" USING btree ("tenant_id","patient_id","visit_date","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dental_clinical_records_corrects_key" ON "dental_clinical_records" USING btree ("tenant_id","corrects_id");--> statement-breakpoint
CREATE INDEX "dental_documents_patient_idx" ON "dental_documents" USING btree ("tenant_id","patient_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dental_lab_orders_number_key" ON "dental_lab_orders" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "dental_lab_orders_patient_idx" ON "dental_lab_orders" USING btree ("tenant_id","patient_id","created_at");--> statement-breakpoint
CREATE INDEX "dental_lab_orders_due_idx" ON "dental_lab_orders" USING btree ("tenant_id","status","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "dental_patients_customer_key" ON "dental_patients" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dental_patients_number_key" ON "dental_patients" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "dental_patients_status_idx" ON "dental_patients" USING btree ("tenant_id","status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dental_plan_phases_position_key" ON "dental_plan_phases" USING btree ("tenant_id","plan_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "dental_plan_procedures_position_key" ON "dental_plan_procedures" USING btree ("tenant_id","phase_id","position");--> statement-breakpoint
CREATE INDEX "dental_plan_procedures_plan_idx" ON "dental_plan_procedures" USING btree ("tenant_id","plan_id");--> statement-breakpoint
CREATE INDEX "dental_plan_procedures_order_idx" ON "dental_plan_procedures" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dental_prescriptions_number_key" ON "dental_prescriptions" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "dental_prescriptions_patient_idx" ON "dental_prescriptions" USING btree ("tenant_id","patient_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dental_procedure_types_code_key" ON "dental_procedure_types" USING btree ("tenant_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "dental_procedure_types_product_key" ON "dental_procedure_types" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dental_settings_tenant_key" ON "dental_settings" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "dental_tooth_events_patient_idx" ON "dental_tooth_events" USING btree ("tenant_id","patient_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dental_treatment_plans_number_key" ON "dental_treatment_plans" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "dental_treatment_plans_patient_idx" ON "dental_treatment_plans" USING btree ("tenant_id","patient_id","created_at");--> statement-breakpoint
CREATE INDEX "dental_treatment_plans_status_idx" ON "dental_treatment_plans" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "dental_xrays_patient_idx" ON "dental_xrays" USING btree ("tenant_id","patient_id","taken_at");