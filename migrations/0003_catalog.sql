CREATE TABLE "product_stock" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"initial_quantity" numeric(14, 4) DEFAULT '0' NOT NULL,
	"current_quantity" numeric(14, 4) DEFAULT '0' NOT NULL,
	"min_stock" numeric(14, 4),
	"max_stock" numeric(14, 4),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_stock_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "stock_ledger" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	"balance_after" numeric(14, 4) NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid,
	"note" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_ledger_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "warehouse_movement_lines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"movement_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	"cost" numeric(14, 2),
	"current_stock" numeric(14, 4),
	"new_stock" numeric(14, 4),
	CONSTRAINT "warehouse_movement_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "warehouse_movements" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" text NOT NULL,
	"type" text NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"destination_warehouse_id" uuid,
	"date" date NOT NULL,
	"reference" text,
	"notes" text,
	"reason" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" uuid,
	"idempotency_key" text,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_movements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_subcategories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_subcategories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_alternative_codes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"provider_id" uuid,
	"sku" text,
	"barcode" text,
	"description" text,
	CONSTRAINT "product_alternative_codes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_max_discounts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"payment_method_id" uuid NOT NULL,
	"is_full_payment" boolean DEFAULT false NOT NULL,
	"max_discount_percent" numeric(5, 2) NOT NULL,
	CONSTRAINT "product_max_discounts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"product_type" text DEFAULT 'product' NOT NULL,
	"sku" text NOT NULL,
	"barcode" text,
	"description" text,
	"keywords" text,
	"price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"price2" numeric(14, 2) DEFAULT '0' NOT NULL,
	"price3" numeric(14, 2) DEFAULT '0' NOT NULL,
	"variable_price" boolean DEFAULT false NOT NULL,
	"cost_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"cost_per_unit_quantity" numeric(14, 4),
	"cost_per_unit_id" uuid,
	"category_id" uuid,
	"subcategory_id" uuid,
	"provider_id" uuid,
	"image_url" text,
	"is_taxable" boolean DEFAULT true NOT NULL,
	"price_includes_tax" boolean DEFAULT true NOT NULL,
	"tax_percent" numeric(5, 2),
	"is_scheduleable" boolean DEFAULT false NOT NULL,
	"default_duration" integer,
	"buffer_time" integer,
	"max_advance_booking_days" integer,
	"min_advance_booking_hours" integer,
	"requires_otp" boolean DEFAULT false NOT NULL,
	"otp_expiration" integer DEFAULT 300 NOT NULL,
	"eligible_for_rewards" boolean DEFAULT true NOT NULL,
	"pays_commission" boolean DEFAULT false NOT NULL,
	"commission_type" text DEFAULT 'percentage' NOT NULL,
	"commission_value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"available_for_pos" boolean DEFAULT true NOT NULL,
	"unit_of_measure" text DEFAULT 'unit' NOT NULL,
	"is_recipe_item" boolean DEFAULT false NOT NULL,
	"has_recipe" boolean DEFAULT false NOT NULL,
	"recipe_yield_quantity" numeric(14, 4),
	"is_favorite" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"company_name" text,
	"tax_id" text,
	"email" text,
	"phone" text,
	"mobile" text,
	"website" text,
	"address" text,
	"city" text,
	"state" text,
	"country" text,
	"postal_code" text,
	"contact_person" text,
	"contact_position" text,
	"payment_terms" integer,
	"credit_limit" numeric(14, 2),
	"discount_percent" numeric(5, 2),
	"description" text,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "providers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "recipe_ingredients" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"recipe_id" uuid NOT NULL,
	"ingredient_product_id" uuid NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	"unit_id" uuid,
	"unit_cost" numeric(20, 6) DEFAULT '0' NOT NULL,
	"total_cost" numeric(14, 2) DEFAULT '0' NOT NULL,
	"preparation_notes" text,
	"is_optional" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "recipe_ingredients_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "recipes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"instructions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"prep_time_minutes" integer,
	"cook_time_minutes" integer,
	"total_time_minutes" integer,
	"yield_quantity" numeric(14, 4) DEFAULT '1' NOT NULL,
	"yield_unit_id" uuid,
	"portions" integer DEFAULT 1 NOT NULL,
	"total_cost" numeric(14, 2) DEFAULT '0' NOT NULL,
	"cost_per_portion" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "units_of_measure" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"dimension" text NOT NULL,
	"factor" numeric(24, 10) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "units_of_measure_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "tenant_configs" ADD COLUMN "allow_negative_stock" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_tenant_id_warehouse_id_warehouses_tenant_id_id_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_tenant_id_warehouse_id_warehouses_tenant_id_id_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_movement_lines" ADD CONSTRAINT "warehouse_movement_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_movement_lines" ADD CONSTRAINT "warehouse_movement_lines_tenant_id_movement_id_warehouse_movements_tenant_id_id_fk" FOREIGN KEY ("tenant_id","movement_id") REFERENCES "public"."warehouse_movements"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_movement_lines" ADD CONSTRAINT "warehouse_movement_lines_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_movements" ADD CONSTRAINT "warehouse_movements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_movements" ADD CONSTRAINT "warehouse_movements_tenant_id_warehouse_id_warehouses_tenant_id_id_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_movements" ADD CONSTRAINT "warehouse_movements_tenant_id_destination_warehouse_id_warehouses_tenant_id_id_fk" FOREIGN KEY ("tenant_id","destination_warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_movements" ADD CONSTRAINT "warehouse_movements_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_subcategories" ADD CONSTRAINT "product_subcategories_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_subcategories" ADD CONSTRAINT "product_subcategories_tenant_id_category_id_product_categories_tenant_id_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."product_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_alternative_codes" ADD CONSTRAINT "product_alternative_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_alternative_codes" ADD CONSTRAINT "product_alternative_codes_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_alternative_codes" ADD CONSTRAINT "product_alternative_codes_tenant_id_provider_id_providers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."providers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_max_discounts" ADD CONSTRAINT "product_max_discounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_max_discounts" ADD CONSTRAINT "product_max_discounts_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_max_discounts" ADD CONSTRAINT "product_max_discounts_tenant_id_payment_method_id_payment_methods_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payment_method_id") REFERENCES "public"."payment_methods"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tenant_id_category_id_product_categories_tenant_id_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."product_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tenant_id_subcategory_id_product_subcategories_tenant_id_id_fk" FOREIGN KEY ("tenant_id","subcategory_id") REFERENCES "public"."product_subcategories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tenant_id_provider_id_providers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."providers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tenant_id_cost_per_unit_id_units_of_measure_tenant_id_id_fk" FOREIGN KEY ("tenant_id","cost_per_unit_id") REFERENCES "public"."units_of_measure"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_tenant_id_recipe_id_recipes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","recipe_id") REFERENCES "public"."recipes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_tenant_id_ingredient_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","ingredient_product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_tenant_id_unit_id_units_of_measure_tenant_id_id_fk" FOREIGN KEY ("tenant_id","unit_id") REFERENCES "public"."units_of_measure"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_tenant_id_yield_unit_id_units_of_measure_tenant_id_id_fk" FOREIGN KEY ("tenant_id","yield_unit_id") REFERENCES "public"."units_of_measure"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units_of_measure" ADD CONSTRAINT "units_of_measure_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_stock_key" ON "product_stock" USING btree ("tenant_id","product_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_ledger_product_idx" ON "stock_ledger" USING btree ("tenant_id","product_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_ledger_source_idx" ON "stock_ledger" USING btree ("tenant_id","source_type","source_id");--> statement-breakpoint
CREATE INDEX "warehouse_movement_lines_movement_idx" ON "warehouse_movement_lines" USING btree ("tenant_id","movement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_movements_number_key" ON "warehouse_movements" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_movements_idempotency_key" ON "warehouse_movements" USING btree ("tenant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "warehouse_movements_list_idx" ON "warehouse_movements" USING btree ("tenant_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_code_key" ON "product_categories" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "product_subcategories_code_key" ON "product_subcategories" USING btree ("tenant_id","category_id","code");--> statement-breakpoint
CREATE INDEX "product_alt_codes_product_idx" ON "product_alternative_codes" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE INDEX "product_alt_codes_barcode_idx" ON "product_alternative_codes" USING btree ("tenant_id","barcode");--> statement-breakpoint
CREATE INDEX "product_alt_codes_sku_idx" ON "product_alternative_codes" USING btree ("tenant_id","sku");--> statement-breakpoint
CREATE UNIQUE INDEX "product_max_discounts_key" ON "product_max_discounts" USING btree ("tenant_id","product_id","payment_method_id","is_full_payment");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_key" ON "products" USING btree ("tenant_id","sku");--> statement-breakpoint
CREATE INDEX "products_barcode_idx" ON "products" USING btree ("tenant_id","barcode");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_list_idx" ON "products" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "providers_code_key" ON "providers" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "recipe_ingredients_recipe_idx" ON "recipe_ingredients" USING btree ("tenant_id","recipe_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recipes_product_key" ON "recipes" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "units_of_measure_code_key" ON "units_of_measure" USING btree ("tenant_id","code");