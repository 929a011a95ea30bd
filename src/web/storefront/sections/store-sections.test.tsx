import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { defaultSection, emptyBanner, type PageSection } from "../../../shared/storefront/sections";
import type { SectionData } from "../../../shared/storefront/types";
import { cleanCustomCss } from "./section-style";
import { StoreSections, sectionsStyle } from "./store-sections";

const data: SectionData = {
  store: {
    id: "store-1",
    store_name: "Tienda Acme",
    description: null,
    email: "hola@acme.test",
    phone: "809-555-0100",
    address: null,
    theme_config: { testimonials: [] },
    currency: "DOP",
    allow_delivery: true,
    allow_pickup: true,
    delivery_fee: "0",
  },
  products: {
    featured: [{ id: "sp1", product_id: "p1", name: "Cafetera", image_url: null, category_name: null, online_price: "1500.00", original_price: null, discount_percentage: null, in_stock: true }],
    new: [],
    sale: [],
  },
  categories: [],
  brands: [],
  posts: [],
};

const render = (sections: PageSection[]) => renderToString(<StoreSections sections={sections} data={data} />);

describe("StoreSections", () => {
  it("renders visible sections in order with their ids, and the spec's empty states", () => {
    const hero = defaultSection("hero");
    const featured = defaultSection("featured_products");
    const hidden = { ...defaultSection("about"), isVisible: false };
    const cats = defaultSection("categories");
    const blog = defaultSection("blog_posts");
    const html = render([hero, featured, hidden, cats, blog]);
    expect(html.indexOf(`id="s-${hero.id}"`)).toBeLessThan(html.indexOf(`id="s-${featured.id}"`));
    expect(html).not.toContain(`s-${hidden.id}`);
    expect(html).toContain('data-testid="hero-welcome"');
    expect(html).toContain("Cafetera");
    expect(html).toContain('data-island="AddToCartButton"');
    expect(html).toContain("storefrontSections:categories.empty");
    expect(html.match(/data-testid="blog-sample"/g)).toHaveLength(3);
  });

  it("a hero with banners is the carousel island; size none renders nothing; one banner has no controls", () => {
    const hero = defaultSection("hero");
    hero.settings.banners = [{ ...emptyBanner("hero"), title: "Rebajas" }];
    const one = render([hero]);
    expect(one).toContain('data-island="HeroCarousel"');
    expect(one).not.toContain('data-testid="hero-next"');
    hero.settings.banners.push({ ...emptyBanner("hero"), title: "Nuevos" });
    expect(render([hero])).toContain('data-testid="hero-next"');
    hero.settings.size = "none";
    expect(render([hero])).not.toContain("hero-carousel");
  });

  it("custom HTML loses scripts, handlers and javascript: links even when stored unsanitized", () => {
    const s = defaultSection("custom_html");
    s.settings.html = '<p>Hola</p><script>window.x=1</script><img src="https://x.test/a.png" onerror="window.x=1"><a href="javascript:alert(1)">a</a><iframe src="https://evil.test"></iframe>';
    const html = render([s]);
    expect(html).toContain("<p>Hola</p>");
    expect(html).not.toMatch(/<script|onerror|javascript:|<iframe/i);
  });

  it("video: only YouTube and Vimeo are embedded", () => {
    const yt = defaultSection("video");
    yt.settings.url = "https://youtu.be/dQw4w9WgXcQ";
    expect(render([yt])).toContain("youtube-nocookie.com/embed/dQw4w9WgXcQ");
    const other = defaultSection("video");
    other.settings.url = "https://evil.test/v.mp4";
    expect(render([other])).not.toContain("<iframe");
  });
});

describe("sectionsStyle", () => {
  it("writes backgrounds, spacing, mobile overrides in the shop container query and scoped custom CSS", () => {
    const s = defaultSection("featured_products");
    s.settings.background = { type: "gradient", gradientStart: "#667eea", gradientEnd: "#764ba2", gradientDirection: "to right" };
    s.settings.padding = { top: "40px" };
    s.settings.customCss = "h2 { color: red; }";
    s.mobileSettings = { columns: 1, padding: { top: "8px" } };
    const css = sectionsStyle([s]);
    expect(css).toContain(`#s-${s.id}{background:linear-gradient(to right,#667eea,#764ba2);padding-top:40px}`);
    expect(css).toContain(`#s-${s.id} .sec-grid{grid-template-columns:repeat(4,minmax(0,1fr))}`);
    expect(css).toMatch(new RegExp(`@container shop \\(max-width:768px\\)\\{#s-${s.id}\\{padding-top:8px\\}.*repeat\\(1,`));
    expect(css).toContain(`#s-${s.id}{h2 { color: red; }}`);
  });

  it("custom CSS cannot close the style element, import, or leave its section's block", () => {
    expect(cleanCustomCss("</style><script>alert(1)</script>")).not.toContain("<");
    expect(cleanCustomCss("@import url(https://evil.test/x.css); p{color:red}")).toBe(" p{color:red}");
    expect(cleanCustomCss("} body { display:none }")).toBe(" body { display:none }");
    expect(cleanCustomCss('p { content: "}" } body{display:none')).toBe('p { content: "" } body{display:none}');
    expect(cleanCustomCss("p{background:url(javascript:alert(1))} /* open")).toBe("p{background:url(alert(1))} ");
    const s = defaultSection("about");
    s.settings.customCss = "</style><script>x</script>";
    expect(sectionsStyle([s])).not.toContain("<");
  });
});
