import { describe, expect, it } from "vitest";
import {
  defaultSection,
  emptyBanner,
  pageSectionSchema,
  pageSectionsSchema,
  readPageSections,
  SECTION_LIMITS,
  SECTION_MESSAGES,
  SECTION_TYPES,
  sectionDataNeeds,
  videoEmbedUrl,
} from "./sections";

describe("defaultSection", () => {
  it("gives every type a valid section with the spec's defaults", () => {
    for (const type of SECTION_TYPES) {
      const s = defaultSection(type);
      expect(pageSectionSchema.safeParse(s).success, type).toBe(true);
      expect(s.isVisible).toBe(true);
    }
    expect(defaultSection("featured_products").settings).toMatchObject({ limit: 8, columns: 4 });
    expect(defaultSection("categories").settings).toMatchObject({ limit: 6, columns: 3 });
    for (const t of ["new_arrivals", "sale_items", "brands"] as const) expect(defaultSection(t).settings).toMatchObject({ limit: 8, columns: 4 });
    expect(defaultSection("product_carousel").settings).toMatchObject({ limit: 12, source: "featured" });
    expect(defaultSection("blog_posts").settings).toMatchObject({ limit: 6, columns: 3 });
    expect(defaultSection("testimonials").settings).toMatchObject({ limit: 3 });
    expect(defaultSection("sidebar").settings).toMatchObject({ recentLimit: 5 });
    expect(defaultSection("columns_layout").settings).toMatchObject({ gap: "2rem", mainLimit: 9 });
    expect(defaultSection("hero").settings).toMatchObject({ interval: 5000, autoplay: true });
    expect(defaultSection("hero").id).not.toBe(defaultSection("hero").id);
  });
});

describe("limits and values", () => {
  const issue = (value: unknown) => {
    const r = pageSectionSchema.safeParse(value);
    return r.success ? null : r.error.issues[0]?.message;
  };
  it("refuses more banners than the spec allows", () => {
    const promo = defaultSection("promotional_banner");
    promo.settings.banners = Array.from({ length: 4 }, () => emptyBanner("promotional"));
    expect(issue(promo)).toBe(SECTION_MESSAGES.tooManyBanners);
    const cats = defaultSection("category_banners");
    cats.settings.banners = Array.from({ length: 9 }, () => emptyBanner("category"));
    expect(issue(cats)).toBe(SECTION_MESSAGES.tooManyBanners);
    cats.settings.banners = cats.settings.banners.slice(0, 8);
    expect(issue(cats)).toBeNull();
  });
  it("refuses CSS values that could escape their declaration", () => {
    const s = defaultSection("about");
    expect(issue({ ...s, settings: { ...s.settings, background: { type: "color", color: "red;}body{display:none" } } })).toBe(SECTION_MESSAGES.invalidColor);
    expect(issue({ ...s, settings: { ...s.settings, padding: { top: "1px;x" } } })).toBe(SECTION_MESSAGES.invalidLength);
    expect(issue({ ...s, settings: { ...s.settings, image: "javascript:alert(1)" } })).toBe(SECTION_MESSAGES.invalidUrl);
    expect(issue({ ...s, settings: { ...s.settings, image: 'https://x.test/a.png") ;x' } })).toBe(SECTION_MESSAGES.invalidUrl);
    expect(issue({ ...s, settings: { ...s.settings, background: { type: "gradient", gradientStart: "#667eea", gradientEnd: "rgba(0, 0, 0, 0.5)" } } })).toBeNull();
  });
  it("limits and columns in range", () => {
    const s = defaultSection("featured_products");
    expect(issue({ ...s, settings: { ...s.settings, limit: 0 } })).toBe(SECTION_MESSAGES.limitRange);
    expect(issue({ ...s, settings: { ...s.settings, columns: 9 } })).toBe(SECTION_MESSAGES.columnsRange);
  });
  it("a page has at most 40 sections with distinct ids", () => {
    const many = Array.from({ length: SECTION_LIMITS.maxSectionsPerPage + 1 }, () => defaultSection("about"));
    expect(pageSectionsSchema.safeParse(many).success).toBe(false);
    const a = defaultSection("about");
    const dup = pageSectionsSchema.safeParse([a, { ...a }]);
    expect(dup.success ? null : dup.error.issues[0]?.message).toBe(SECTION_MESSAGES.duplicateSectionId);
  });
  it("readPageSections drops what no longer matches", () => {
    const good = defaultSection("video");
    expect(readPageSections([good, { id: "x", type: "nope" }, null])).toEqual([good]);
    expect(readPageSections("bad")).toEqual([]);
  });
});

describe("sectionDataNeeds", () => {
  it("takes the largest limit per list, visible sections only", () => {
    const featured = defaultSection("featured_products");
    const carousel = defaultSection("product_carousel");
    const sale = { ...defaultSection("sale_items"), isVisible: false };
    const cats = defaultSection("categories");
    cats.mobileSettings = { limit: 10 };
    const blog = defaultSection("blog_posts");
    expect(sectionDataNeeds([featured, carousel, sale, cats, blog, defaultSection("brands")])).toEqual({
      products: { featured: 12, new: 0, sale: 0 },
      categories: 10,
      brands: 8,
      posts: 6,
    });
    expect(sectionDataNeeds([defaultSection("sidebar")]).products.new).toBe(5);
  });
});

describe("videoEmbedUrl", () => {
  it("embeds YouTube and Vimeo only", () => {
    expect(videoEmbedUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(videoEmbedUrl("https://youtu.be/dQw4w9WgXcQ")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(videoEmbedUrl("https://vimeo.com/76979871")).toBe("https://player.vimeo.com/video/76979871");
    expect(videoEmbedUrl("https://evil.test/watch?v=dQw4w9WgXcQ")).toBeNull();
    expect(videoEmbedUrl("javascript:alert(1)")).toBeNull();
    expect(videoEmbedUrl("")).toBeNull();
  });
});
