CREATE TABLE "blog_posts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"excerpt" text,
	"content" text DEFAULT '' NOT NULL,
	"featured_image" text,
	"author_name" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "media_library_images" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"url" text NOT NULL,
	"thumbnail_url" text,
	"filename" text NOT NULL,
	"file_size" integer DEFAULT 0 NOT NULL,
	"mime_type" text NOT NULL,
	"category" text DEFAULT 'background' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_library_images_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "online_cart_items" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"cart_id" uuid NOT NULL,
	"store_product_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_cart_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "online_carts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_carts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "online_orders" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"cart_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text NOT NULL,
	"customer_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"rnc" text,
	"fulfillment" text NOT NULL,
	"address" text,
	"notes" text,
	"payment_method" text NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"tax_total" numeric(14, 2) NOT NULL,
	"shipping_total" numeric(14, 2) NOT NULL,
	"discount_total" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"customer_id" uuid,
	"order_id" uuid,
	"payment_link_id" uuid,
	"reserved_until" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "online_stock_reservations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"online_order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_stock_reservations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "store_contact_messages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_contact_messages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "store_pages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"page" text NOT NULL,
	"draft_sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_sections" jsonb,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_pages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "store_products" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"is_online" boolean DEFAULT true NOT NULL,
	"online_price" numeric(14, 2),
	"original_price" numeric(14, 2),
	"is_featured" boolean DEFAULT false NOT NULL,
	"brand" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_products_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"store_name" text NOT NULL,
	"description" text,
	"email" text,
	"phone" text,
	"address" text,
	"theme_config" jsonb DEFAULT '{"testimonials":[]}'::jsonb NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"notify_email" text,
	"warehouse_id" uuid,
	"allow_delivery" boolean DEFAULT true NOT NULL,
	"allow_pickup" boolean DEFAULT true NOT NULL,
	"delivery_fee" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_library_images" ADD CONSTRAINT "media_library_images_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_library_images" ADD CONSTRAINT "media_library_images_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_cart_items" ADD CONSTRAINT "online_cart_items_tenant_id_cart_id_online_carts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","cart_id") REFERENCES "public"."online_carts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_cart_items" ADD CONSTRAINT "online_cart_items_tenant_id_store_product_id_store_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","store_product_id") REFERENCES "public"."store_products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_cart_items" ADD CONSTRAINT "online_cart_items_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_carts" ADD CONSTRAINT "online_carts_tenant_id_store_id_stores_tenant_id_id_fk" FOREIGN KEY ("tenant_id","store_id") REFERENCES "public"."stores"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_orders" ADD CONSTRAINT "online_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_orders" ADD CONSTRAINT "online_orders_tenant_id_store_id_stores_tenant_id_id_fk" FOREIGN KEY ("tenant_id","store_id") REFERENCES "public"."stores"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_orders" ADD CONSTRAINT "online_orders_tenant_id_cart_id_online_carts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","cart_id") REFERENCES "public"."online_carts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_orders" ADD CONSTRAINT "online_orders_tenant_id_customer_id_customers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_orders" ADD CONSTRAINT "online_orders_tenant_id_order_id_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_orders" ADD CONSTRAINT "online_orders_tenant_id_payment_link_id_payment_links_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payment_link_id") REFERENCES "public"."payment_links"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_stock_reservations" ADD CONSTRAINT "online_stock_reservations_tenant_id_online_order_id_online_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","online_order_id") REFERENCES "public"."online_orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_stock_reservations" ADD CONSTRAINT "online_stock_reservations_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_stock_reservations" ADD CONSTRAINT "online_stock_reservations_tenant_id_warehouse_id_warehouses_tenant_id_id_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_contact_messages" ADD CONSTRAINT "store_contact_messages_tenant_id_store_id_stores_tenant_id_id_fk" FOREIGN KEY ("tenant_id","store_id") REFERENCES "public"."stores"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_pages" ADD CONSTRAINT "store_pages_tenant_id_store_id_stores_tenant_id_id_fk" FOREIGN KEY ("tenant_id","store_id") REFERENCES "public"."stores"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_pages" ADD CONSTRAINT "store_pages_tenant_id_published_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","published_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_pages" ADD CONSTRAINT "store_pages_tenant_id_updated_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","updated_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_tenant_id_warehouse_id_warehouses_tenant_id_id_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_key" ON "blog_posts" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "blog_posts_list_idx" ON "blog_posts" USING btree ("tenant_id","status","published_at");--> statement-breakpoint
CREATE INDEX "media_library_images_list_idx" ON "media_library_images" USING btree ("tenant_id","category","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "online_cart_items_product_key" ON "online_cart_items" USING btree ("tenant_id","cart_id","store_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "online_carts_session_key" ON "online_carts" USING btree ("tenant_id","store_id","session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "online_orders_number_key" ON "online_orders" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "online_orders_idempotency_key" ON "online_orders" USING btree ("tenant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "online_orders_list_idx" ON "online_orders" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "online_orders_link_idx" ON "online_orders" USING btree ("tenant_id","payment_link_id");--> statement-breakpoint
CREATE INDEX "online_stock_reservations_active_idx" ON "online_stock_reservations" USING btree ("tenant_id","product_id","warehouse_id") WHERE released_at is null;--> statement-breakpoint
CREATE INDEX "store_contact_messages_list_idx" ON "store_contact_messages" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_pages_page_key" ON "store_pages" USING btree ("tenant_id","store_id","page");--> statement-breakpoint
CREATE UNIQUE INDEX "store_products_product_key" ON "store_products" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE INDEX "store_products_online_idx" ON "store_products" USING btree ("tenant_id","is_online","sort_order");--> statement-breakpoint
CREATE INDEX "store_products_brand_idx" ON "store_products" USING btree ("tenant_id","brand");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_tenant_key" ON "stores" USING btree ("tenant_id");