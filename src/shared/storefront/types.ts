/**
 * What the shop shows a visitor (spec 03 'Storefront' entities). Only public fields: never cost,
 * stock per warehouse or anything else of the back office. Money is a decimal string.
 */

export interface StoreTestimonial {
  id: string;
  name: string;
  /** 1–5 */
  rating: number;
  text: string;
}

export interface StoreThemeConfig {
  /** a #rrggbb accent for buttons and links */
  primaryColor?: string;
  testimonials: StoreTestimonial[];
}

/** The store as the shop shows it. */
export interface StoreInfo {
  id: string;
  store_name: string;
  description: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  theme_config: StoreThemeConfig;
  /** the tenant's currency code (DOP…) prices are shown in */
  currency: string;
  allow_delivery: boolean;
  allow_pickup: boolean;
  delivery_fee: string;
}

/** Storefront product card (spec fields). */
export interface StoreProductCard {
  /** the store product's id */
  id: string;
  product_id: string;
  name: string;
  image_url: string | null;
  category_name: string | null;
  /** the price the visitor pays */
  online_price: string;
  /** the 'before' price when on sale, else null */
  original_price: string | null;
  /** whole percent off original_price, else null */
  discount_percentage: number | null;
  /** false: shown, but 'Agotado' and not addable */
  in_stock: boolean;
}

export interface StoreCategory {
  id: string;
  name: string;
  product_count: number;
}

export interface StoreBrand {
  /** the brand's name (brands have no table: /shop/products?brand={name}) */
  id: string;
  name: string;
  product_count: number;
}

export interface BlogPostCard {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  featured_image: string | null;
  author_name: string | null;
  published_at: string | null;
}

/** Product lists a section may show, by source. */
export type ProductSource = "featured" | "new" | "sale";

/**
 * Everything the sections of a page need from the database, loaded once per page
 * (src/server/modules/ecommerce/shop/section-data.ts loadSectionData) and passed to the renderers.
 * Lists are as long as the largest limit any section of the page asks for.
 */
export interface SectionData {
  store: StoreInfo;
  products: Record<ProductSource, StoreProductCard[]>;
  categories: StoreCategory[];
  brands: StoreBrand[];
  posts: BlogPostCard[];
}

/** Online cart (spec 02 'Online cart'). */
export interface OnlineCartItem {
  id: string;
  store_product_id: string;
  product_id: string;
  name: string;
  /** the catalogue price */
  price: string;
  quantity: number;
  image_url: string | null;
  /** the price charged online */
  online_price: string;
}

export interface OnlineCart {
  id: string;
  store_id: string;
  items: OnlineCartItem[];
  subtotal: string;
  tax_total: string;
  shipping_total: string;
  discount_total: string;
  total: string;
  item_count: number;
}
