import { sql } from "drizzle-orm";
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { childTenantKey, money, quantity, tenantKey, timestamps } from "../../db/columns";
import { users } from "../auth/tables";
import { customers } from "../customer/tables";
import { paymentLinks } from "../payment-link/tables";
import { orders } from "../pos/tables";
import { products } from "../product/tables";
import { warehouses } from "../warehouse/tables";

/**
 * The online storefront (spec 03 'Storefront'; spec 02 'Online cart'; issue 19). One store per
 * tenant, served at {subdomain}.{BASE_DOMAIN}/shop. Its pages are lists of sections edited in the
 * back office (draft) and copied to published_sections on publish; /shop shows only what is
 * published.
 */
export const stores = pgTable(
  "stores",
  {
    ...tenantKey(),
    storeName: text("store_name").notNull(),
    description: text("description"),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    /** { primaryColor?: string, testimonials: {id,name,rating,text}[] } (src/shared/storefront/types.ts StoreThemeConfig) */
    themeConfig: jsonb("theme_config").notNull().default(sql`'{"testimonials":[]}'::jsonb`),
    /** the shop is visible to visitors only once published */
    isPublished: boolean("is_published").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** where online orders and contact messages are mailed (null: the store's email) */
    notifyEmail: text("notify_email"),
    /** the warehouse online orders sell from (null: the tenant's default warehouse) */
    warehouseId: uuid("warehouse_id"),
    allowDelivery: boolean("allow_delivery").notNull().default(true),
    allowPickup: boolean("allow_pickup").notNull().default(true),
    /** flat delivery fee in the tenant's currency */
    deliveryFee: money("delivery_fee").notNull().default("0"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("stores_tenant_key").on(t.tenantId),
    foreignKey({ columns: [t.tenantId, t.warehouseId], foreignColumns: [warehouses.tenantId, warehouses.id] }),
  ],
);

/**
 * A page of the store built from sections (home, about, contact). draft_sections is what the
 * editor saves; published_sections is what /shop shows (null: never published). Both are
 * PageSection[] (src/shared/storefront/sections.ts), validated by the server on save.
 */
export const storePages = pgTable(
  "store_pages",
  {
    ...childTenantKey(),
    storeId: uuid("store_id").notNull(),
    /** home | about | contact */
    page: text("page").notNull(),
    draftSections: jsonb("draft_sections").notNull().default(sql`'[]'::jsonb`),
    publishedSections: jsonb("published_sections"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    publishedBy: uuid("published_by"),
    updatedBy: uuid("updated_by"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("store_pages_page_key").on(t.tenantId, t.storeId, t.page),
    foreignKey({ columns: [t.tenantId, t.storeId], foreignColumns: [stores.tenantId, stores.id] }),
    foreignKey({ columns: [t.tenantId, t.publishedBy], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.updatedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/**
 * A catalogue product offered online (the spec's store product: the cart's store_product_id).
 * online_price null sells at the product's price; original_price is the struck-through 'before'
 * price of a sale item. Only active products with is_online are shown or sold.
 */
export const storeProducts = pgTable(
  "store_products",
  {
    ...childTenantKey(),
    productId: uuid("product_id").notNull(),
    isOnline: boolean("is_online").notNull().default(true),
    onlinePrice: money("online_price"),
    originalPrice: money("original_price"),
    isFeatured: boolean("is_featured").notNull().default(false),
    brand: text("brand"),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("store_products_product_key").on(t.tenantId, t.productId),
    index("store_products_online_idx").on(t.tenantId, t.isOnline, t.sortOrder),
    index("store_products_brand_idx").on(t.tenantId, t.brand),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }),
  ],
);

/** A visitor's cart, keyed by the session id the browser keeps in local storage. */
export const onlineCarts = pgTable(
  "online_carts",
  {
    ...childTenantKey(),
    storeId: uuid("store_id").notNull(),
    sessionId: text("session_id").notNull(),
    /** open | ordered */
    status: text("status").notNull().default("open"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("online_carts_session_key").on(t.tenantId, t.storeId, t.sessionId),
    foreignKey({ columns: [t.tenantId, t.storeId], foreignColumns: [stores.tenantId, stores.id] }),
  ],
);

export const onlineCartItems = pgTable(
  "online_cart_items",
  {
    ...childTenantKey(),
    cartId: uuid("cart_id").notNull(),
    storeProductId: uuid("store_product_id").notNull(),
    productId: uuid("product_id").notNull(),
    quantity: integer("quantity").notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("online_cart_items_product_key").on(t.tenantId, t.cartId, t.storeProductId),
    foreignKey({ columns: [t.tenantId, t.cartId], foreignColumns: [onlineCarts.tenantId, onlineCarts.id] }),
    foreignKey({ columns: [t.tenantId, t.storeProductId], foreignColumns: [storeProducts.tenantId, storeProducts.id] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }),
  ],
);

/**
 * An order placed at checkout. Paid by payment link: pending_payment with its stock reserved until
 * reserved_until, then invoiced when the link is paid (or expired: the reservation lapses). Paid on
 * delivery: invoiced at once (on credit). The invoice is made by createInvoice, the one invoice
 * path (order_id).
 */
export const onlineOrders = pgTable(
  "online_orders",
  {
    ...tenantKey(),
    storeId: uuid("store_id").notNull(),
    cartId: uuid("cart_id").notNull(),
    /** per-tenant running number, shown WEB-0001 */
    number: integer("number").notNull(),
    /** pending_payment | invoiced | expired | cancelled */
    status: text("status").notNull(),
    customerName: text("customer_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    /** the buyer's RNC or cédula: the invoice is then B01 (crédito fiscal), otherwise B02 */
    rnc: text("rnc"),
    /** delivery | pickup */
    fulfillment: text("fulfillment").notNull(),
    address: text("address"),
    notes: text("notes"),
    /** payment_link | on_delivery */
    paymentMethod: text("payment_method").notNull(),
    /** [{ storeProductId, productId, name, price, quantity, taxPercent, isTaxable, priceIncludesTax }] at checkout */
    lines: jsonb("lines").notNull(),
    subtotal: money("subtotal").notNull(),
    taxTotal: money("tax_total").notNull(),
    shippingTotal: money("shipping_total").notNull(),
    discountTotal: money("discount_total").notNull(),
    total: money("total").notNull(),
    customerId: uuid("customer_id"),
    /** the invoice (orders.id) once invoiced */
    orderId: uuid("order_id"),
    paymentLinkId: uuid("payment_link_id"),
    reservedUntil: timestamp("reserved_until", { withTimezone: true }),
    idempotencyKey: text("idempotency_key").notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("online_orders_number_key").on(t.tenantId, t.number),
    uniqueIndex("online_orders_idempotency_key").on(t.tenantId, t.idempotencyKey),
    index("online_orders_list_idx").on(t.tenantId, t.createdAt),
    index("online_orders_link_idx").on(t.tenantId, t.paymentLinkId),
    foreignKey({ columns: [t.tenantId, t.storeId], foreignColumns: [stores.tenantId, stores.id] }),
    foreignKey({ columns: [t.tenantId, t.cartId], foreignColumns: [onlineCarts.tenantId, onlineCarts.id] }),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }),
    foreignKey({ columns: [t.tenantId, t.paymentLinkId], foreignColumns: [paymentLinks.tenantId, paymentLinks.id] }),
  ],
);

/**
 * Stock held for a pending online order: it counts against what the shop may sell while
 * released_at is null and expires_at is in the future (an expired reservation needs no job to
 * lapse). Released when the order is invoiced (the invoice then moves the stock) or cancelled.
 */
export const onlineStockReservations = pgTable(
  "online_stock_reservations",
  {
    ...childTenantKey(),
    onlineOrderId: uuid("online_order_id").notNull(),
    productId: uuid("product_id").notNull(),
    warehouseId: uuid("warehouse_id").notNull(),
    quantity: quantity("quantity").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("online_stock_reservations_active_idx").on(t.tenantId, t.productId, t.warehouseId).where(sql`released_at is null`),
    foreignKey({ columns: [t.tenantId, t.onlineOrderId], foreignColumns: [onlineOrders.tenantId, onlineOrders.id] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }),
    foreignKey({ columns: [t.tenantId, t.warehouseId], foreignColumns: [warehouses.tenantId, warehouses.id] }),
  ],
);

/** The tenant's media library (the 'Select Background Image' dialog's Library tab). */
export const mediaLibraryImages = pgTable(
  "media_library_images",
  {
    ...tenantKey(),
    url: text("url").notNull(),
    thumbnailUrl: text("thumbnail_url"),
    filename: text("filename").notNull(),
    fileSize: integer("file_size").notNull().default(0),
    mimeType: text("mime_type").notNull(),
    /** background */
    category: text("category").notNull().default("background"),
    /** { width, height, uploadedAt, isExternal } */
    metadata: jsonb("metadata").notNull().default(sql`'{}'::jsonb`),
    createdBy: uuid("created_by"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("media_library_images_list_idx").on(t.tenantId, t.category, t.createdAt),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** A message sent from the shop's contact form (storePages.submitContactForm). */
export const storeContactMessages = pgTable(
  "store_contact_messages",
  {
    ...childTenantKey(),
    storeId: uuid("store_id").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("store_contact_messages_list_idx").on(t.tenantId, t.createdAt),
    foreignKey({ columns: [t.tenantId, t.storeId], foreignColumns: [stores.tenantId, stores.id] }),
  ],
);

/** A blog post of the shop (/shop/blog/{slug}); visible when published and published_at has come. */
export const blogPosts = pgTable(
  "blog_posts",
  {
    ...tenantKey(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    excerpt: text("excerpt"),
    /** plain text with blank-line paragraphs */
    content: text("content").notNull().default(""),
    featuredImage: text("featured_image"),
    authorName: text("author_name"),
    /** draft | published */
    status: text("status").notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdBy: uuid("created_by"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("blog_posts_slug_key").on(t.tenantId, t.slug),
    index("blog_posts_list_idx").on(t.tenantId, t.status, t.publishedAt),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);
