import { sql } from "drizzle-orm";
import { boolean, foreignKey, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tenantKey, timestamps } from "../../db/columns";
import { paymentMethods } from "../payment-method/tables";
import { productCategories, productSubcategories } from "../product-category/tables";
import { providers } from "../provider/tables";
import { unitsOfMeasure } from "../unit-of-measure/tables";

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const qty = (name: string) => numeric(name, { precision: 14, scale: 4 });

export const products = pgTable(
  "products",
  {
    ...tenantKey(),
    name: text("name").notNull(),
    /** product | service | combo */
    productType: text("product_type").notNull().default("product"),
    sku: text("sku").notNull(),
    barcode: text("barcode"),
    description: text("description"),
    keywords: text("keywords"),
    price: money("price").notNull().default("0"),
    price2: money("price2").notNull().default("0"),
    price3: money("price3").notNull().default("0"),
    variablePrice: boolean("variable_price").notNull().default(false),
    costPrice: money("cost_price").notNull().default("0"),
    costPerUnitQuantity: qty("cost_per_unit_quantity"),
    costPerUnitId: uuid("cost_per_unit_id"),
    categoryId: uuid("category_id"),
    subcategoryId: uuid("subcategory_id"),
    providerId: uuid("provider_id"),
    imageUrl: text("image_url"),
    isTaxable: boolean("is_taxable").notNull().default(true),
    priceIncludesTax: boolean("price_includes_tax").notNull().default(true),
    taxPercent: numeric("tax_percent", { precision: 5, scale: 2 }),
    isScheduleable: boolean("is_scheduleable").notNull().default(false),
    defaultDuration: integer("default_duration"),
    /** the cleanup time after the service (the service configuration's 'buffer after') */
    bufferTime: integer("buffer_time"),
    /** the preparation time before the service */
    bufferBefore: integer("buffer_before"),
    minAttendees: integer("min_attendees").notNull().default(1),
    maxAttendees: integer("max_attendees").notNull().default(1),
    allowEmployeeSelection: boolean("allow_employee_selection").notNull().default(true),
    autoPaymentLink: boolean("auto_payment_link").notNull().default(false),
    maxAdvanceBookingDays: integer("max_advance_booking_days"),
    minAdvanceBookingHours: integer("min_advance_booking_hours"),
    requiresOtp: boolean("requires_otp").notNull().default(false),
    otpExpiration: integer("otp_expiration").notNull().default(300),
    eligibleForRewards: boolean("eligible_for_rewards").notNull().default(true),
    paysCommission: boolean("pays_commission").notNull().default(false),
    /** percentage | fixed */
    commissionType: text("commission_type").notNull().default("percentage"),
    commissionValue: money("commission_value").notNull().default("0"),
    availableForPos: boolean("available_for_pos").notNull().default(true),
    /** unit, kg, g, lb, oz, l, ml, gal, portion, dozen */
    unitOfMeasure: text("unit_of_measure").notNull().default("unit"),
    isRecipeItem: boolean("is_recipe_item").notNull().default(false),
    hasRecipe: boolean("has_recipe").notNull().default(false),
    recipeYieldQuantity: qty("recipe_yield_quantity"),
    isFavorite: boolean("is_favorite").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Lower-cased name, SKU, keywords and barcode: one trigram index serves the search box. */
    searchText: text("search_text").generatedAlwaysAs(
      sql`translate(lower(name || ' ' || sku || ' ' || coalesce(keywords, '') || ' ' || coalesce(barcode, '')), 'áàâäéèêëíìîïóòôöúùûüñç', 'aaaaeeeeiiiioooouuuunc')`,
    ),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("products_sku_key").on(t.tenantId, t.sku),
    index("products_barcode_idx").on(t.tenantId, t.barcode),
    index("products_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // Browsing the live catalogue in name order (and counting it) reads this index only.
    index("products_browse_idx").on(t.tenantId, t.name, t.id).where(sql`deleted_at is null`),
    // Searching walks products_search_order_idx (tenant_id, search_text collate "C", id) INCLUDE
    // (is_active) WHERE deleted_at is null, made by hand in migration 0023 (enzzo_product_find):
    // drizzle cannot express INCLUDE, so it is not declared here.
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [productCategories.tenantId, productCategories.id] }),
    foreignKey({ columns: [t.tenantId, t.subcategoryId], foreignColumns: [productSubcategories.tenantId, productSubcategories.id] }),
    foreignKey({ columns: [t.tenantId, t.providerId], foreignColumns: [providers.tenantId, providers.id] }),
    foreignKey({ columns: [t.tenantId, t.costPerUnitId], foreignColumns: [unitsOfMeasure.tenantId, unitsOfMeasure.id] }),
  ],
);

export const productAlternativeCodes = pgTable(
  "product_alternative_codes",
  {
    ...tenantKey(),
    productId: uuid("product_id").notNull(),
    providerId: uuid("provider_id"),
    sku: text("sku"),
    barcode: text("barcode"),
    description: text("description"),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("product_alt_codes_product_idx").on(t.tenantId, t.productId),
    index("product_alt_codes_barcode_idx").on(t.tenantId, t.barcode),
    index("product_alt_codes_sku_idx").on(t.tenantId, t.sku),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }),
    foreignKey({ columns: [t.tenantId, t.providerId], foreignColumns: [providers.tenantId, providers.id] }),
  ],
);

export const productMaxDiscounts = pgTable(
  "product_max_discounts",
  {
    ...tenantKey(),
    productId: uuid("product_id").notNull(),
    paymentMethodId: uuid("payment_method_id").notNull(),
    isFullPayment: boolean("is_full_payment").notNull().default(false),
    maxDiscountPercent: numeric("max_discount_percent", { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("product_max_discounts_key").on(t.tenantId, t.productId, t.paymentMethodId, t.isFullPayment),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }),
    foreignKey({ columns: [t.tenantId, t.paymentMethodId], foreignColumns: [paymentMethods.tenantId, paymentMethods.id] }),
  ],
);
