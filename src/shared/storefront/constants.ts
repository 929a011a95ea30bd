/** Storefront constants of spec 03 ('Storefront' under business constants), used by the shop, the editor and the server. */

/** Pages of the store built from sections in the editor. */
export const STORE_PAGES = ["home", "about", "contact"] as const;
export type StorePage = (typeof STORE_PAGES)[number];

/** Media library and background uploads: 5 MB and these types. */
export const STORE_IMAGE_MAX_BYTES = 5_242_880;
export const STORE_IMAGE_TYPES = ["png", "jpg", "jpeg", "gif", "webp"] as const;
export const MEDIA_CATEGORIES = ["background"] as const;

/** Rotation and carousel timing (ms). */
export const TESTIMONIAL_ROTATION_MS = 5000;
export const HERO_DEFAULT_INTERVAL_MS = 5000;
export const HERO_PAUSE_AFTER_INTERACTION_MS = 10_000;
export const HERO_SIZES = ["full", "large", "medium", "small", "none"] as const;

/** Mobile settings apply at this width and below (the editor's mobile preview is this wide). */
export const MOBILE_BREAKPOINT_PX = 768;
export const DEFAULT_GAP = "2rem";
export const DEFAULT_GRADIENT = { start: "#667eea", end: "#764ba2" } as const;
export const COLUMN_RATIOS = { "1/4": "25%", "1/3": "33.333%", "1/2": "50%", "2/3": "66.666%", "3/4": "75%" } as const;
export type ColumnRatio = keyof typeof COLUMN_RATIOS;

/** Online orders: how long a payment-link order holds its stock (minutes). */
export const ONLINE_RESERVATION_MINUTES = 30;
/** The most of one product a visitor may put in a cart. */
export const CART_MAX_QUANTITY = 999;

/** Shop lists. */
export const SHOP_PAGE_SIZE = 24;
export const SHOP_BLOG_PAGE_SIZE = 9;

/** Free trial of the marketing pages' plans. */
export const TRIAL_DAYS = 30;
