CREATE TABLE "customer_point_movements" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"points" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_point_movements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "customer_types" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "legal_clients" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"country" text,
	"jurisdiction" text,
	"industry" text,
	"industry_sector" text,
	"company_registration_number" text,
	"company_registration_date" date,
	"employee_count" integer,
	"annual_revenue" numeric(14, 2),
	"legal_representative_name" text,
	"legal_representative_id" text,
	"legal_representative_position" text,
	"billing_type" text,
	"hourly_rate" numeric(14, 2),
	"retainer_amount" numeric(14, 2),
	"retainer_frequency" text,
	"payment_terms" integer DEFAULT 30 NOT NULL,
	"credit_limit" numeric(14, 2),
	"preferred_payment_method" text,
	"billing_address_line1" text,
	"billing_address_line2" text,
	"billing_city" text,
	"billing_state" text,
	"billing_postal_code" text,
	"billing_country" text,
	"status" text DEFAULT 'prospect' NOT NULL,
	"client_since" date,
	"referral_source" text,
	"referral_details" text,
	"risk_level" text,
	"aml_check_completed" boolean DEFAULT false NOT NULL,
	"kyc_verified" boolean DEFAULT false NOT NULL,
	"conflict_check_completed" boolean DEFAULT false NOT NULL,
	"conflict_check_notes" text,
	"preferred_language" text,
	"preferred_communication_method" text,
	"preferred_contact_time" text,
	"send_reminders" boolean DEFAULT true NOT NULL,
	"send_newsletters" boolean DEFAULT false NOT NULL,
	"send_billing_notifications" boolean DEFAULT true NOT NULL,
	"portal_access_enabled" boolean DEFAULT false NOT NULL,
	"portal_username" text,
	"document_retention_policy" text,
	"preferred_document_format" text,
	"notes" text,
	"internal_notes" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_clients_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "employee_categories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"commission_percentage" numeric(5, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "employee_products" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"commission_percentage" numeric(5, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_products_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"address" text,
	"identification" text,
	"birth_date" date,
	"emergency_contact" text,
	"emergency_phone" text,
	"department" text,
	"position" text,
	"job_position" text DEFAULT 'other' NOT NULL,
	"hire_date" date,
	"salary_type" text DEFAULT 'monthly' NOT NULL,
	"base_salary" numeric(14, 2) DEFAULT '0' NOT NULL,
	"commission_rate" numeric(5, 2),
	"user_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"deactivated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employees_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"to_address" text NOT NULL,
	"to_user_id" uuid,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	CONSTRAINT "mail_messages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "cashbox_sessions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"cashbox_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opening_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"opened_by" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	"closing" jsonb,
	"total_expected" numeric(14, 2),
	"total_counted" numeric(14, 2),
	"total_difference" numeric(14, 2),
	"comments" text,
	CONSTRAINT "cashbox_sessions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "cashboxes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"warehouse_id" uuid,
	"print_server" text,
	"will_open_drawer" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashboxes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "held_invoices" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"customer_id" uuid,
	"items" jsonb NOT NULL,
	"item_count" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "held_invoices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"sku" text,
	"quantity" numeric(14, 4) NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"price_includes_tax" boolean NOT NULL,
	"is_taxable" boolean NOT NULL,
	"tax_rate" numeric(5, 2) NOT NULL,
	"discount_type" text,
	"discount_value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"discount_description" text,
	"base_amount" numeric(14, 2) NOT NULL,
	"discount_amount" numeric(14, 2) NOT NULL,
	"tax_amount" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"cost_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"seller_employee_id" uuid,
	"alternate_code_usages" jsonb,
	CONSTRAINT "order_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_method_id" uuid NOT NULL,
	"currency_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"rate" numeric(14, 6) NOT NULL,
	"base_amount" numeric(14, 2) NOT NULL,
	"reference" text,
	"status" text DEFAULT 'completed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" text NOT NULL,
	"client_order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"cashbox_session_id" uuid,
	"ncf_type_id" uuid,
	"ncf" text,
	"ncf_expires_on" date,
	"status" text DEFAULT 'completed' NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"discount_total" numeric(14, 2) NOT NULL,
	"tax_total" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"paid_total" numeric(14, 2) NOT NULL,
	"change_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"notes" text,
	"points_earned" integer DEFAULT 0 NOT NULL,
	"user_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "otp_requests" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"request_id" text NOT NULL,
	"product_id" text NOT NULL,
	"product_name" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"requested_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "otp_requests_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tax_id_override" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || code || ' ' || coalesce(tax_id, '') || ' ' || coalesce(regexp_replace(tax_id, '[^0-9]', '', 'g'), '') || ' ' || coalesce(phone, '') || ' ' || coalesce(regexp_replace(phone, '[^0-9]', '', 'g'), ''))) STORED;--> statement-breakpoint
ALTER TABLE "tenant_configs" ADD COLUMN "rewards_points_per_unit" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_configs" ADD COLUMN "rewards_amount_per_point" numeric(14, 2) DEFAULT '100' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_configs" ADD COLUMN "time_zone" text DEFAULT 'America/Santo_Domingo' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_configs" ADD COLUMN "return_policy_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_point_movements" ADD CONSTRAINT "customer_point_movements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_point_movements" ADD CONSTRAINT "customer_point_movements_tenant_id_customer_id_customers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_types" ADD CONSTRAINT "customer_types_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_clients" ADD CONSTRAINT "legal_clients_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_clients" ADD CONSTRAINT "legal_clients_tenant_id_id_customers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_categories" ADD CONSTRAINT "employee_categories_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_categories" ADD CONSTRAINT "employee_categories_tenant_id_employee_id_employees_tenant_id_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_categories" ADD CONSTRAINT "employee_categories_tenant_id_category_id_product_categories_tenant_id_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."product_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_products" ADD CONSTRAINT "employee_products_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_products" ADD CONSTRAINT "employee_products_tenant_id_employee_id_employees_tenant_id_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_products" ADD CONSTRAINT "employee_products_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_sessions" ADD CONSTRAINT "cashbox_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_sessions" ADD CONSTRAINT "cashbox_sessions_tenant_id_cashbox_id_cashboxes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","cashbox_id") REFERENCES "public"."cashboxes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_sessions" ADD CONSTRAINT "cashbox_sessions_tenant_id_opened_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","opened_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashboxes" ADD CONSTRAINT "cashboxes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashboxes" ADD CONSTRAINT "cashboxes_tenant_id_warehouse_id_warehouses_tenant_id_id_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_invoices" ADD CONSTRAINT "held_invoices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_invoices" ADD CONSTRAINT "held_invoices_tenant_id_customer_id_customers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_tenant_id_order_id_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_tenant_id_seller_employee_id_employees_tenant_id_id_fk" FOREIGN KEY ("tenant_id","seller_employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_tenant_id_order_id_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_tenant_id_payment_method_id_payment_methods_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payment_method_id") REFERENCES "public"."payment_methods"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_tenant_id_currency_id_currencies_tenant_id_id_fk" FOREIGN KEY ("tenant_id","currency_id") REFERENCES "public"."currencies"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tenant_id_customer_id_customers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tenant_id_warehouse_id_warehouses_tenant_id_id_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tenant_id_cashbox_session_id_cashbox_sessions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","cashbox_session_id") REFERENCES "public"."cashbox_sessions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tenant_id_ncf_type_id_ncf_types_tenant_id_id_fk" FOREIGN KEY ("tenant_id","ncf_type_id") REFERENCES "public"."ncf_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_requests" ADD CONSTRAINT "otp_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_point_movements_customer_idx" ON "customer_point_movements" USING btree ("tenant_id","customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_types_name_key" ON "customer_types" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_categories_key" ON "employee_categories" USING btree ("tenant_id","employee_id","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_products_key" ON "employee_products" USING btree ("tenant_id","employee_id","product_id");--> statement-breakpoint
CREATE INDEX "employee_products_product_idx" ON "employee_products" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_code_key" ON "employees" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "employees_user_idx" ON "employees" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "mail_messages_created_idx" ON "mail_messages" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cashbox_sessions_open_key" ON "cashbox_sessions" USING btree ("tenant_id","cashbox_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "cashbox_sessions_user_idx" ON "cashbox_sessions" USING btree ("tenant_id","opened_by","status");--> statement-breakpoint
CREATE UNIQUE INDEX "cashboxes_name_key" ON "cashboxes" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "held_invoices_status_idx" ON "held_invoices" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_line_key" ON "order_items" USING btree ("tenant_id","order_id","line_no");--> statement-breakpoint
CREATE INDEX "order_items_seller_idx" ON "order_items" USING btree ("tenant_id","seller_employee_id");--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_client_order_key" ON "orders" USING btree ("tenant_id","client_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_ncf_key" ON "orders" USING btree ("tenant_id","ncf");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("tenant_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_cashbox_session_idx" ON "orders" USING btree ("tenant_id","cashbox_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "otp_requests_request_key" ON "otp_requests" USING btree ("tenant_id","request_id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_tenant_id_customer_type_id_customer_types_tenant_id_id_fk" FOREIGN KEY ("tenant_id","customer_type_id") REFERENCES "public"."customer_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_recent_idx" ON "customers" USING btree ("tenant_id","last_used_at");