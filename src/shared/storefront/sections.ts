import { z } from "zod";
import { COLUMN_RATIOS, type ColumnRatio, DEFAULT_GAP, DEFAULT_GRADIENT, HERO_DEFAULT_INTERVAL_MS, HERO_SIZES } from "./constants";
import type { ProductSource } from "./types";

/**
 * Page sections of the storefront (spec 03 'Page section', 'Section types', 'Storefront' constants).
 * A page is an ordered list of sections; each has settings and mobileSettings (applied at the
 * mobile breakpoint and below). Every value that ends up in the page's CSS is checked here against a
 * strict pattern (colours, lengths, URLs), so the renderers can write it without escaping tricks.
 * Messages are i18n keys of the storefrontEditor namespace.
 */
export const SECTION_TYPES = [
  "hero",
  "promotional_banner",
  "category_banners",
  "featured_products",
  "categories",
  "testimonials",
  "about",
  "newsletter",
  "contact",
  "custom_html",
  "columns_layout",
  "sidebar",
  "new_arrivals",
  "sale_items",
  "brands",
  "product_carousel",
  "video",
  "blog_posts",
  "page_content",
  "contact_form",
] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

export const SECTION_MESSAGES = {
  invalidColor: "storefrontEditor:validation.invalidColor",
  invalidLength: "storefrontEditor:validation.invalidLength",
  invalidUrl: "storefrontEditor:validation.invalidUrl",
  tooLong: "storefrontEditor:validation.tooLong",
  limitRange: "storefrontEditor:validation.limitRange",
  columnsRange: "storefrontEditor:validation.columnsRange",
  tooManyBanners: "storefrontEditor:validation.tooManyBanners",
  tooManySections: "storefrontEditor:validation.tooManySections",
  duplicateSectionId: "storefrontEditor:validation.duplicateSectionId",
  invalidSettings: "storefrontEditor:validation.invalidSettings",
  durationRange: "storefrontEditor:validation.durationRange",
  intervalRange: "storefrontEditor:validation.intervalRange",
  opacityRange: "storefrontEditor:validation.opacityRange",
} as const;
const M = SECTION_MESSAGES;

/** Spec limits and sizes. */
export const SECTION_LIMITS = {
  maxSectionsPerPage: 40,
  maxPromotionalBanners: 3,
  maxCategoryBanners: 8,
  maxHeroBanners: 10,
  maxItems: 48,
  maxColumns: 6,
  customCssMax: 10_000,
  customHtmlMax: 50_000,
  textMax: 5_000,
  titleMax: 200,
} as const;

export const ANIMATION_TYPES = ["fadeIn", "slideInLeft", "slideInRight", "slideInTop", "slideInBottom", "zoomIn"] as const;
export type AnimationType = (typeof ANIMATION_TYPES)[number];
export const BACKGROUND_TYPES = ["color", "gradient", "image"] as const;
export const GRADIENT_DIRECTIONS = ["to right", "to left", "to bottom", "to top", "to bottom right", "to bottom left", "to top right", "to top left"] as const;
export const BACKGROUND_SIZES = ["cover", "contain", "auto"] as const;
export const BACKGROUND_POSITIONS = ["center", "top", "bottom", "left", "right"] as const;
export const BORDER_STYLES = ["solid", "dashed", "dotted"] as const;
export const PRODUCT_SOURCES = ["featured", "new", "sale"] as const satisfies readonly ProductSource[];
export const BANNER_TYPES = ["hero", "promotional", "category"] as const;
export const SIDE_CONTENTS = ["categories", "recent", "text"] as const;

// ---- value patterns (these go into CSS and attributes) ----
const COLOR_RE = /^(#[0-9a-fA-F]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)|transparent)$/;
const LENGTH_RE = /^(0|-?\d{1,4}(\.\d{1,3})?(px|rem|em|%|vh|vw))$/;
const URL_RE = /^(https?:\/\/[^\s"'()<>\\]+|\/[^\s"'()<>\\]*)$/;

export const cssColor = z.string().trim().max(64, M.tooLong).regex(COLOR_RE, M.invalidColor);
export const cssLength = z.string().trim().max(16, M.tooLong).regex(LENGTH_RE, M.invalidLength);
/** An http(s) or same-site (/…) address; '' = none. */
export const urlValue = z
  .string()
  .trim()
  .max(2000, M.tooLong)
  .refine((v) => v === "" || URL_RE.test(v), M.invalidUrl);
/** A link a visitor follows: http(s), mailto:, tel:, same-site or an #anchor; '' = none. */
export const linkValue = z
  .string()
  .trim()
  .max(2000, M.tooLong)
  .refine((v) => v === "" || URL_RE.test(v) || /^(mailto:|tel:)[^\s"'<>]+$/.test(v) || /^#[\w-]+$/.test(v), M.invalidUrl);
const text = (max: number) => z.string().max(max, M.tooLong);
const count = (max: number = SECTION_LIMITS.maxItems) => z.number().int(M.limitRange).min(1, M.limitRange).max(max, M.limitRange);
const columns = z.number().int(M.columnsRange).min(1, M.columnsRange).max(SECTION_LIMITS.maxColumns, M.columnsRange);

export const backgroundSchema = z.object({
  type: z.enum(BACKGROUND_TYPES),
  color: cssColor.optional(),
  gradientStart: cssColor.optional(),
  gradientEnd: cssColor.optional(),
  gradientDirection: z.enum(GRADIENT_DIRECTIONS).optional(),
  image: urlValue.optional(),
  size: z.enum(BACKGROUND_SIZES).optional(),
  position: z.enum(BACKGROUND_POSITIONS).optional(),
  fixed: z.boolean().optional(),
  parallax: z.boolean().optional(),
});
export type SectionBackground = z.infer<typeof backgroundSchema>;

export const sidesSchema = z.object({
  top: cssLength.optional(),
  right: cssLength.optional(),
  bottom: cssLength.optional(),
  left: cssLength.optional(),
});
export type Sides = z.infer<typeof sidesSchema>;

export const borderSchema = z.object({
  enabled: z.boolean(),
  width: cssLength.optional(),
  style: z.enum(BORDER_STYLES).optional(),
  color: cssColor.optional(),
});
export type SectionBorder = z.infer<typeof borderSchema>;

export const overlaySchema = z.object({
  enabled: z.boolean(),
  color: cssColor.optional(),
  opacity: z.number().min(0, M.opacityRange).max(1, M.opacityRange).optional(),
});

export const animationSchema = z.object({
  enabled: z.boolean(),
  type: z.enum(ANIMATION_TYPES),
  /** ms */
  duration: z.number().int(M.durationRange).min(0, M.durationRange).max(10_000, M.durationRange),
  /** ms */
  delay: z.number().int(M.durationRange).min(0, M.durationRange).max(10_000, M.durationRange),
});
export type SectionAnimation = z.infer<typeof animationSchema>;

/** Settings every section has (spec 'Page section'). */
export const commonSettingsShape = {
  title: text(SECTION_LIMITS.titleMax).optional(),
  subtitle: text(SECTION_LIMITS.titleMax * 2).optional(),
  limit: count().optional(),
  columns: columns.optional(),
  background: backgroundSchema.optional(),
  padding: sidesSchema.optional(),
  margin: sidesSchema.optional(),
  borderTop: borderSchema.optional(),
  borderBottom: borderSchema.optional(),
  customCss: text(SECTION_LIMITS.customCssMax).optional(),
  overlay: overlaySchema.optional(),
  animation: animationSchema.optional(),
};
const commonSettings = z.object(commonSettingsShape);
export type CommonSettings = z.infer<typeof commonSettings>;

/** Mobile settings: the common settings (but custom CSS and animation), any of them, applied at <= 768 px. */
export const mobileSettingsSchema = z.object({
  title: commonSettingsShape.title,
  limit: commonSettingsShape.limit,
  columns: commonSettingsShape.columns,
  background: commonSettingsShape.background,
  padding: commonSettingsShape.padding,
  margin: commonSettingsShape.margin,
  borderTop: commonSettingsShape.borderTop,
  borderBottom: commonSettingsShape.borderBottom,
  overlay: commonSettingsShape.overlay,
  /** hide the section on phones */
  hidden: z.boolean().optional(),
});
export type MobileSettings = z.infer<typeof mobileSettingsSchema>;

/** Banner entity (spec 'Storefront' entities). */
export const bannerSchema = z.object({
  id: z.string().min(1).max(64),
  title: text(SECTION_LIMITS.titleMax),
  subtitle: text(SECTION_LIMITS.titleMax * 2),
  description: text(1000),
  image_url: urlValue,
  mobile_image_url: urlValue,
  link_url: linkValue,
  button_url: linkValue,
  button_text: text(80),
  banner_type: z.enum(BANNER_TYPES),
  group: text(80),
});
export type Banner = z.infer<typeof bannerSchema>;

const productListShape = { limit: count(), columns };
const settingsByType = {
  hero: commonSettings.extend({
    banners: z.array(bannerSchema).max(SECTION_LIMITS.maxHeroBanners, M.tooManyBanners),
    size: z.enum(HERO_SIZES),
    /** ms between slides */
    interval: z.number().int(M.intervalRange).min(1000, M.intervalRange).max(60_000, M.intervalRange),
    autoplay: z.boolean(),
  }),
  promotional_banner: commonSettings.extend({
    banners: z.array(bannerSchema).max(SECTION_LIMITS.maxPromotionalBanners, M.tooManyBanners),
  }),
  category_banners: commonSettings.extend({
    banners: z.array(bannerSchema).max(SECTION_LIMITS.maxCategoryBanners, M.tooManyBanners),
    columns,
  }),
  featured_products: commonSettings.extend(productListShape),
  categories: commonSettings.extend(productListShape),
  new_arrivals: commonSettings.extend(productListShape),
  sale_items: commonSettings.extend(productListShape),
  brands: commonSettings.extend(productListShape),
  product_carousel: commonSettings.extend({ limit: count(), source: z.enum(PRODUCT_SOURCES) }),
  blog_posts: commonSettings.extend(productListShape),
  testimonials: commonSettings.extend({ limit: count(12) }),
  about: commonSettings.extend({
    text: text(SECTION_LIMITS.textMax),
    image: urlValue,
    imagePosition: z.enum(["left", "right"]),
  }),
  newsletter: commonSettings.extend({
    text: text(1000),
    placeholder: text(120),
    buttonText: text(80),
  }),
  contact: commonSettings.extend({
    text: text(1000),
    showEmail: z.boolean(),
    showPhone: z.boolean(),
    showAddress: z.boolean(),
  }),
  contact_form: commonSettings.extend({ text: text(1000) }),
  custom_html: commonSettings.extend({ html: text(SECTION_LIMITS.customHtmlMax) }),
  page_content: commonSettings.extend({ content: text(SECTION_LIMITS.textMax * 4) }),
  video: commonSettings.extend({ url: urlValue }),
  sidebar: commonSettings.extend({
    position: z.enum(["left", "right"]),
    showCategories: z.boolean(),
    showRecentProducts: z.boolean(),
    recentLimit: count(12),
    limit: count(),
    columns,
  }),
  columns_layout: commonSettings.extend({
    /** the side column's width; the main column takes the rest */
    ratio: z.enum(Object.keys(COLUMN_RATIOS) as [ColumnRatio, ...ColumnRatio[]]),
    sidePosition: z.enum(["left", "right"]),
    gap: cssLength,
    sideContent: z.enum(SIDE_CONTENTS),
    sideText: text(SECTION_LIMITS.textMax),
    mainLimit: count(),
    mainSource: z.enum(PRODUCT_SOURCES),
    columns,
  }),
} satisfies Record<SectionType, z.ZodObject>;

export type SectionSettings<T extends SectionType = SectionType> = z.infer<(typeof settingsByType)[T]>;
export const sectionSettingsSchemas = settingsByType;

const sectionBase = {
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, M.invalidSettings),
  isVisible: z.boolean(),
  mobileSettings: mobileSettingsSchema,
};

function sectionOf<T extends SectionType>(type: T) {
  return z.object({ ...sectionBase, type: z.literal(type), settings: settingsByType[type] });
}

export const pageSectionSchema = z.discriminatedUnion("type", [
  sectionOf("hero"),
  sectionOf("promotional_banner"),
  sectionOf("category_banners"),
  sectionOf("featured_products"),
  sectionOf("categories"),
  sectionOf("testimonials"),
  sectionOf("about"),
  sectionOf("newsletter"),
  sectionOf("contact"),
  sectionOf("custom_html"),
  sectionOf("columns_layout"),
  sectionOf("sidebar"),
  sectionOf("new_arrivals"),
  sectionOf("sale_items"),
  sectionOf("brands"),
  sectionOf("product_carousel"),
  sectionOf("video"),
  sectionOf("blog_posts"),
  sectionOf("page_content"),
  sectionOf("contact_form"),
]);
export type PageSection = z.infer<typeof pageSectionSchema>;
export type SectionOf<T extends SectionType> = Extract<PageSection, { type: T }>;

export const pageSectionsSchema = z
  .array(pageSectionSchema)
  .max(SECTION_LIMITS.maxSectionsPerPage, M.tooManySections)
  .superRefine((sections, ctx) => {
    const seen = new Set<string>();
    sections.forEach((s, i) => {
      if (seen.has(s.id)) ctx.addIssue({ code: "custom", message: M.duplicateSectionId, path: [i, "id"] });
      seen.add(s.id);
    });
  });

/**
 * Stored sections as the renderers may trust them: anything that no longer matches its schema
 * (older data, a hand-edited row) is left out rather than breaking the page.
 */
export function readPageSections(value: unknown): PageSection[] {
  if (!Array.isArray(value)) return [];
  const out: PageSection[] = [];
  for (const item of value.slice(0, SECTION_LIMITS.maxSectionsPerPage)) {
    const parsed = pageSectionSchema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

let idCounter = 0;
/** A short random id for a new section or banner. */
export function newSectionId(prefix = "s"): string {
  idCounter += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}${Date.now().toString(36)}${idCounter.toString(36)}${random}`;
}

export function emptyBanner(bannerType: Banner["banner_type"]): Banner {
  return {
    id: newSectionId("b"),
    title: "",
    subtitle: "",
    description: "",
    image_url: "",
    mobile_image_url: "",
    link_url: "",
    button_url: "",
    button_text: "",
    banner_type: bannerType,
    group: "",
  };
}

/** The spec's defaults for a new section's own settings (titles empty: the renderer shows the default title in the visitor's language). */
export function defaultSettings<T extends SectionType>(type: T): SectionSettings<T> {
  const byType: { [K in SectionType]: SectionSettings<K> } = {
    hero: { banners: [], size: "large", interval: HERO_DEFAULT_INTERVAL_MS, autoplay: true },
    promotional_banner: { banners: [] },
    category_banners: { banners: [], columns: 4 },
    featured_products: { limit: 8, columns: 4 },
    categories: { limit: 6, columns: 3 },
    new_arrivals: { limit: 8, columns: 4 },
    sale_items: { limit: 8, columns: 4 },
    brands: { limit: 8, columns: 4 },
    product_carousel: { limit: 12, source: "featured" },
    blog_posts: { limit: 6, columns: 3 },
    testimonials: { limit: 3 },
    about: { text: "", image: "", imagePosition: "right" },
    newsletter: { text: "", placeholder: "", buttonText: "" },
    contact: { text: "", showEmail: true, showPhone: true, showAddress: true },
    contact_form: { text: "" },
    custom_html: { html: "" },
    page_content: { content: "" },
    video: { url: "" },
    sidebar: { position: "left", showCategories: true, showRecentProducts: true, recentLimit: 5, limit: 9, columns: 3 },
    columns_layout: {
      ratio: "1/4",
      sidePosition: "left",
      gap: DEFAULT_GAP,
      sideContent: "categories",
      sideText: "",
      mainLimit: 9,
      mainSource: "featured",
      columns: 3,
    },
  };
  return structuredClone(byType[type]) as SectionSettings<T>;
}

/** A new, visible section of this type with the spec's defaults. */
export function defaultSection<T extends SectionType>(type: T): SectionOf<T> {
  return { id: newSectionId(), type, isVisible: true, settings: defaultSettings(type), mobileSettings: {} } as unknown as SectionOf<T>;
}

/** The gradient a new gradient background starts with (spec: #667eea to #764ba2). */
export function defaultBackground(type: SectionBackground["type"]): SectionBackground {
  if (type === "gradient") return { type, gradientStart: DEFAULT_GRADIENT.start, gradientEnd: DEFAULT_GRADIENT.end, gradientDirection: "to bottom right" };
  if (type === "image") return { type, image: "", size: "cover", position: "center", fixed: false, parallax: false };
  return { type, color: "#ffffff" };
}

export interface SectionDataNeeds {
  products: Record<ProductSource, number>;
  categories: number;
  brands: number;
  posts: number;
}

/**
 * How long each list must be for these sections (visible ones only; the larger of the desktop and
 * mobile limits). Store info and testimonials always come with the data.
 */
export function sectionDataNeeds(sections: readonly PageSection[]): SectionDataNeeds {
  const needs: SectionDataNeeds = { products: { featured: 0, new: 0, sale: 0 }, categories: 0, brands: 0, posts: 0 };
  const product = (source: ProductSource, n: number) => {
    needs.products[source] = Math.max(needs.products[source], n);
  };
  for (const s of sections) {
    if (!s.isVisible) continue;
    const limit = (n: number) => Math.max(n, s.mobileSettings.limit ?? 0);
    switch (s.type) {
      case "featured_products":
        product("featured", limit(s.settings.limit));
        break;
      case "new_arrivals":
        product("new", limit(s.settings.limit));
        break;
      case "sale_items":
        product("sale", limit(s.settings.limit));
        break;
      case "product_carousel":
        product(s.settings.source, limit(s.settings.limit));
        break;
      case "categories":
        needs.categories = Math.max(needs.categories, limit(s.settings.limit));
        break;
      case "brands":
        needs.brands = Math.max(needs.brands, limit(s.settings.limit));
        break;
      case "blog_posts":
        needs.posts = Math.max(needs.posts, limit(s.settings.limit));
        break;
      case "sidebar":
        if (s.settings.showCategories) needs.categories = Math.max(needs.categories, 12);
        if (s.settings.showRecentProducts) product("new", s.settings.recentLimit);
        product("featured", limit(s.settings.limit));
        break;
      case "columns_layout":
        product(s.settings.mainSource, s.settings.mainLimit);
        if (s.settings.sideContent === "categories") needs.categories = Math.max(needs.categories, 12);
        if (s.settings.sideContent === "recent") product("new", 5);
        break;
      default:
        break;
    }
  }
  return needs;
}

/** The YouTube or Vimeo embed address of a video link, or null (then the section is not rendered). */
export function videoEmbedUrl(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return null;
  }
  if (u.protocol !== "https:" && u.protocol !== "http:") return null;
  const host = u.hostname.replace(/^www\.|^m\./, "");
  const idOk = (id: string | undefined | null) => (id && /^[\w-]{6,20}$/.test(id) ? id : null);
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const id = u.pathname === "/watch" ? u.searchParams.get("v") : /^\/(embed|shorts|live)\/([\w-]+)/.exec(u.pathname)?.[2];
    const ok = idOk(id);
    return ok ? `https://www.youtube-nocookie.com/embed/${ok}` : null;
  }
  if (host === "youtu.be") {
    const ok = idOk(u.pathname.slice(1));
    return ok ? `https://www.youtube-nocookie.com/embed/${ok}` : null;
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const id = /^\/(?:video\/)?(\d{4,12})(?:\/|$)/.exec(u.pathname)?.[1];
    return id ? `https://player.vimeo.com/video/${id}` : null;
  }
  return null;
}
