import type { ReactNode } from "react";
import { formatMoney as formatMoneyShared } from "../../../shared/money/format";
import type { Banner, SectionOf, SectionType } from "../../../shared/storefront/sections";
import { videoEmbedUrl } from "../../../shared/storefront/sections";
import type { SectionData, StoreProductCard } from "../../../shared/storefront/types";
import { useSiteT } from "../../public-site/i18n";
import { Island } from "../../public-site/island";
import { ContactForm } from "../contact/contact-form";
import { ProductCard } from "../shop/product-card";
import { brandHref, categoryHref, postHref, productHref, shopHref } from "../shop/urls";
import { HeroCarousel } from "./hero-carousel";
import { NewsletterForm } from "./newsletter-form";
import { sanitizeCustomHtml } from "./sanitize";

/** What every section renderer gets: its section, the page's data and the add-to-cart button maker. */
export interface ViewProps<T extends SectionType> {
  section: SectionOf<T>;
  data: SectionData;
  productAction?: (card: StoreProductCard) => ReactNode;
}

const INNER = "relative mx-auto w-full max-w-7xl px-4 py-12 @max-[768px]/shop:py-8";

/** The section's heading: its title, or the type's default title in the visitor's language. */
export function SectionHeading({ title, fallback, subtitle, center }: { title?: string; fallback: string; subtitle?: string; center?: boolean }) {
  const text = title?.trim() || fallback;
  if (!text) return null;
  return (
    <div className={`mb-8 ${center ? "text-center" : ""}`}>
      <h2 className="text-3xl font-bold text-gray-900 @max-[768px]/shop:text-2xl">{text}</h2>
      {subtitle ? <p className="mt-2 text-gray-600">{subtitle}</p> : null}
    </div>
  );
}

function Paragraphs({ text, className }: { text: string; className?: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className={`space-y-4 ${className ?? ""}`}>
      {paragraphs.map((p, i) => (
        <p key={i} className="whitespace-pre-line">
          {p}
        </p>
      ))}
    </div>
  );
}

function ProductCards({ cards, data, productAction, limit }: { cards: StoreProductCard[]; data: SectionData; productAction?: ViewProps<"featured_products">["productAction"]; limit: number }) {
  const { t } = useSiteT();
  const shown = cards.slice(0, limit);
  if (shown.length === 0) return <p className="text-gray-600">{t("storefrontSections:products.empty")}</p>;
  return (
    <ul className="sec-grid grid gap-4 @max-[768px]/shop:gap-3">
      {shown.map((card, i) => (
        <ProductCard key={card.id} card={card} currency={data.store.currency} eager={i < 2} action={productAction?.(card)} />
      ))}
    </ul>
  );
}

function productList<T extends "featured_products" | "new_arrivals" | "sale_items">(_type: T, titleKey: string, source: "featured" | "new" | "sale") {
  return function ProductListSection({ section, data, productAction }: ViewProps<T>) {
    const { t } = useSiteT();
    const s = (section as SectionOf<"featured_products">).settings;
    return (
      <div className={INNER} data-reveal={s.animation?.enabled ? s.animation.type : undefined}>
        <div className="flex items-end justify-between gap-4">
          <SectionHeading title={s.title} subtitle={s.subtitle} fallback={t(titleKey)} />
          <a href={shopHref("/shop/products")} className="mb-8 shrink-0 text-sm font-semibold text-[var(--shop-primary)] hover:underline">
            {t("storefrontSections:products.viewAll")}
          </a>
        </div>
        <ProductCards cards={data.products[source]} data={data} productAction={productAction} limit={s.limit} />
      </div>
    );
  };
}

export const FeaturedProductsSection = productList("featured_products", "storefrontSections:featured.title", "featured");
export const NewArrivalsSection = productList("new_arrivals", "storefrontSections:newArrivals.title", "new");
export const SaleItemsSection = productList("sale_items", "storefrontSections:sale.title", "sale");

export function ProductCarouselSection({ section, data, productAction }: ViewProps<"product_carousel">) {
  const { t } = useSiteT();
  const s = section.settings;
  const cards = data.products[s.source].slice(0, s.limit);
  const fallback = t(`storefrontSections:carousel.title.${s.source}`);
  return (
    <div className={INNER} data-reveal={s.animation?.enabled ? s.animation.type : undefined}>
      <SectionHeading title={s.title} subtitle={s.subtitle} fallback={fallback} />
      {cards.length === 0 ? (
        <p className="text-gray-600">{t("storefrontSections:products.empty")}</p>
      ) : (
        <ul
          className="grid snap-x snap-mandatory auto-cols-[16rem] grid-flow-col gap-4 overflow-x-auto pb-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--shop-primary)] @max-[768px]/shop:auto-cols-[70%] [&>li]:snap-start"
          aria-label={s.title?.trim() || fallback}
        >
          {cards.map((card, i) => (
            <ProductCard key={card.id} card={card} currency={data.store.currency} eager={i < 2} action={productAction?.(card)} />
          ))}
        </ul>
      )}
    </div>
  );
}

export function HeroSection({ section }: ViewProps<"hero">) {
  const { t } = useSiteT();
  const s = section.settings;
  if (s.size === "none") return null;
  if (s.banners.length === 0)
    return (
      <div className="relative flex min-h-[320px] items-center justify-center bg-gradient-to-br from-[#667eea] to-[#764ba2] px-4 py-16 text-center text-white" data-testid="hero-welcome">
        <div className="max-w-2xl">
          <h2 className="text-4xl font-bold @max-[768px]/shop:text-3xl">{t("storefrontSections:hero.welcomeTitle")}</h2>
          <p className="mt-4 text-lg text-white/90">{t("storefrontSections:hero.welcomeText")}</p>
        </div>
      </div>
    );
  return <Island name="HeroCarousel" component={HeroCarousel} props={{ banners: s.banners, size: s.size, interval: s.interval, autoplay: s.autoplay }} />;
}

function BannerTile({ banner, tall }: { banner: Banner; tall?: boolean }) {
  const href = banner.link_url || banner.button_url;
  const body = (
    <>
      {banner.image_url ? (
        <picture>
          {banner.mobile_image_url ? <source media="(max-width: 768px)" srcSet={banner.mobile_image_url} /> : null}
          <img src={banner.image_url} alt="" loading="lazy" decoding="async" className="absolute inset-0 h-full w-full object-cover transition-transform duration-500 group-hover:scale-105" />
        </picture>
      ) : (
        <div className="absolute inset-0 bg-gradient-to-br from-[#667eea] to-[#764ba2]" aria-hidden="true" />
      )}
      <div className="absolute inset-0 bg-gradient-to-t from-black/70 via-black/20 to-transparent" aria-hidden="true" />
      <div className="relative mt-auto p-5 text-white">
        {banner.subtitle ? <p className="text-xs font-semibold uppercase tracking-wider text-white/90">{banner.subtitle}</p> : null}
        {banner.title ? <h3 className="text-xl font-bold">{banner.title}</h3> : null}
        {banner.description ? <p className="mt-1 text-sm text-white/90">{banner.description}</p> : null}
        {banner.button_text ? <span className="mt-3 inline-block rounded bg-white px-4 py-2 text-sm font-semibold text-gray-900">{banner.button_text}</span> : null}
      </div>
    </>
  );
  const cls = `group relative flex overflow-hidden rounded-lg ${tall ? "min-h-64" : "min-h-48"}`;
  return (
    <li className="list-none">
      {href ? (
        <a href={href} className={`${cls} focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--shop-primary)] focus-visible:ring-offset-2`}>
          {body}
        </a>
      ) : (
        <div className={cls}>{body}</div>
      )}
    </li>
  );
}

export function PromotionalBannerSection({ section }: ViewProps<"promotional_banner">) {
  const s = section.settings;
  if (s.banners.length === 0) return null;
  const cols = s.banners.length === 1 ? "grid-cols-1" : s.banners.length === 2 ? "grid-cols-2" : "grid-cols-3";
  return (
    <div className={INNER} data-reveal={s.animation?.enabled ? s.animation.type : undefined}>
      {s.title?.trim() ? <SectionHeading title={s.title} subtitle={s.subtitle} fallback="" /> : null}
      <ul className={`grid gap-4 ${cols} @max-[768px]/shop:grid-cols-1`}>
        {s.banners.map((b) => (
          <BannerTile key={b.id} banner={b} tall />
        ))}
      </ul>
    </div>
  );
}

export function CategoryBannersSection({ section }: ViewProps<"category_banners">) {
  const { t } = useSiteT();
  const s = section.settings;
  if (s.banners.length === 0) return null;
  return (
    <div className={INNER} data-reveal={s.animation?.enabled ? s.animation.type : undefined}>
      <SectionHeading title={s.title} subtitle={s.subtitle} fallback={t("storefrontSections:categoryBanners.title")} />
      <ul className="sec-grid grid gap-4">
        {s.banners.map((b) => (
          <BannerTile key={b.id} banner={b} />
        ))}
      </ul>
    </div>
  );
}

export function CategoriesSection({ section, data }: ViewProps<"categories">) {
  const { t } = useSiteT();
  const s = section.settings;
  const cats = data.categories.slice(0, s.limit);
  return (
    <div className={INNER} data-reveal={s.animation?.enabled ? s.animation.type : undefined}>
      <SectionHeading title={s.title} subtitle={s.subtitle} fallback={t("storefrontSections:categories.title")} />
      {cats.length === 0 ? (
        <p className="text-gray-600">{t("storefrontSections:categories.empty")}</p>
      ) : (
        <ul className="sec-grid grid gap-4">
          {cats.map((c) => (
            <li key={c.id}>
              <a
                href={categoryHref(c.id)}
                className="flex h-full items-center justify-between gap-3 rounded-lg border border-gray-200 bg-white p-5 hover:border-[var(--shop-primary)] hover:shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--shop-primary)]"
              >
                <span className="font-semibold text-gray-900">{c.name}</span>
                <span className="shrink-0 text-sm text-gray-500">{t("storefrontSections:categories.count", { count: c.product_count })}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function BrandsSection({ section, data }: ViewProps<"brands">) {
  const { t } = useSiteT();
  const s = section.settings;
  const brands = data.brands.slice(0, s.limit);
  if (brands.length === 0) return null;
  return (
    <div className={INNER} data-reveal={s.animation?.enabled ? s.animation.type : undefined}>
      <SectionHeading title={s.title} subtitle={s.subtitle} fallback={t("storefrontSections:brands.title")} />
      <ul className="sec-grid grid gap-4">
        {brands.map((b) => (
          <li key={b.id}>
            <a
              href={brandHref(b.name)}
              className="flex h-full flex-col items-center justify-center rounded-lg border border-gray-200 bg-white p-5 text-center hover:border-[var(--shop-primary)] focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--shop-primary)]"
            >
              <span className="text-lg font-semibold text-gray-900">{b.name}</span>
              <span className="text-sm text-gray-500">{t("storefrontSections:categories.count", { count: b.product_count })}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function BlogPostsSection({ section, data }: ViewProps<"blog_posts">) {
  const { t, lang } = useSiteT();
  const s = section.settings;
  const posts = data.posts.slice(0, s.limit);
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(lang === "en" ? "en-US" : "es-DO", { year: "numeric", month: "long", day: "numeric" }) : "");
  return (
    <div className={INNER} data-reveal={s.animation?.enabled ? s.animation.type : undefined}>
      <SectionHeading title={s.title} subtitle={s.subtitle} fallback={t("storefrontSections:blog.title")} />
      <ul className="sec-grid grid gap-6">
        {posts.length === 0
          ? [1, 2, 3].map((n) => (
              <li key={n} className="overflow-hidden rounded-lg border border-dashed border-gray-300 bg-white" data-testid="blog-sample">
                <div className="aspect-video bg-gray-100" aria-hidden="true" />
                <div className="p-5">
                  <p className="text-xs uppercase tracking-wide text-gray-500">{t("storefrontSections:blog.sampleLabel")}</p>
                  <h3 className="mt-1 text-lg font-semibold text-gray-900">{t(`storefrontSections:blog.sample${n}.title`)}</h3>
                  <p className="mt-2 text-sm text-gray-600">{t(`storefrontSections:blog.sample${n}.excerpt`)}</p>
                </div>
              </li>
            ))
          : posts.map((p) => (
              <li key={p.id} className="overflow-hidden rounded-lg border border-gray-200 bg-white">
                <a href={postHref(p.slug)} className="block h-full focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--shop-primary)]">
                  {p.featured_image ? <img src={p.featured_image} alt="" loading="lazy" decoding="async" className="aspect-video w-full object-cover" /> : <div className="aspect-video bg-gray-100" aria-hidden="true" />}
                  <div className="p-5">
                    {p.published_at ? <p className="text-xs text-gray-500">{date(p.published_at)}</p> : null}
                    <h3 className="mt-1 text-lg font-semibold text-gray-900">{p.title}</h3>
                    {p.excerpt ? <p className="mt-2 line-clamp-3 text-sm text-gray-600">{p.excerpt}</p> : null}
                    <span className="mt-3 inline-block text-sm font-semibold text-[var(--shop-primary)]">{t("storefrontSections:blog.readMore")}</span>
                  </div>
                </a>
              </li>
            ))}
      </ul>
    </div>
  );
}

function Stars({ rating }: { rating: number }) {
  const { t } = useSiteT();
  const n = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <p className="text-amber-500" role="img" aria-label={t("storefrontSections:testimonials.rating", { n })}>
      {"★".repeat(n)}
      <span className="text-gray-300">{"★".repeat(5 - n)}</span>
    </p>
  );
}

export function TestimonialsSection({ section, data }: ViewProps<"testimonials">) {
  const { t } = useSiteT();
  const s = section.settings;
  const items = data.store.theme_config.testimonials.slice(0, s.limit);
  if (items.length === 0) return null;
  return (
    <div className={INNER} data-reveal={s.animation?.enabled ? s.animation.type : undefined}>
      <SectionHeading title={s.title} subtitle={s.subtitle} fallback={t("storefrontSections:testimonials.title")} center />
      <ul className="grid grid-cols-3 gap-6 @max-[768px]/shop:grid-cols-1">
        {items.map((item) => (
          <li key={item.id} className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
            <figure>
              <Stars rating={item.rating} />
              <blockquote className="mt-3 text-gray-700">“{item.text}”</blockquote>
              <figcaption className="mt-4 font-semibold text-gray-900">{item.name}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function AboutSection({ section, data }: ViewProps<"about">) {
  const { t } = useSiteT();
  const s = section.settings;
  const body = s.text.trim() || data.store.description || "";
  return (
    <div className={INNER} data-reveal={s.animation?.enabled ? s.animation.type : undefined}>
      <div className={`grid items-center gap-10 ${s.image ? "grid-cols-2" : "grid-cols-1"} @max-[768px]/shop:grid-cols-1`}>
        <div className={s.imagePosition === "left" ? "order-2 @max-[768px]/shop:order-1" : ""}>
          <SectionHeading title={s.title} subtitle={s.subtitle} fallback={t("storefrontSections:about.title", { name: data.store.store_name })} />
          {body ? <Paragraphs text={body} className="text-lg text-gray-700" /> : null}
        </div>
        {s.image ? <img src={s.image} alt="" loading="lazy" decoding="async" className="w-full rounded-lg object-cover" /> : null}
      </div>
    </div>
  );
}

export function NewsletterSection({ section }: ViewProps<"newsletter">) {
  const { t } = useSiteT();
  const s = section.settings;
  return (
    <div className={`${INNER} text-center`} data-reveal={s.animation?.enabled ? s.animation.type : undefined}>
      <SectionHeading title={s.title} subtitle={s.subtitle} fallback={t("storefrontSections:newsletter.title")} center />
      <p className="-mt-4 text-gray-600">{s.text.trim() || t("storefrontSections:newsletter.text")}</p>
      <Island name="NewsletterForm" component={NewsletterForm} props={{ placeholder: s.placeholder, buttonText: s.buttonText }} />
    </div>
  );
}

export function ContactSection({ section, data }: ViewProps<"contact">) {
  const { t } = useSiteT();
  const s = section.settings;
  const { email, phone, address } = data.store;
  const rows: { key: string; label: string; value: ReactNode }[] = [];
  if (s.showEmail && email)
    rows.push({ key: "email", label: t("storefrontSections:contact.email"), value: <a href={`mailto:${email}`} className="text-[var(--shop-primary)] hover:underline">{email}</a> });
  if (s.showPhone && phone)
    rows.push({ key: "phone", label: t("storefrontSections:contact.phone"), value: <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="text-[var(--shop-primary)] hover:underline">{phone}</a> });
  if (s.showAddress && address) rows.push({ key: "address", label: t("storefrontSections:contact.address"), value: <span className="whitespace-pre-line">{address}</span> });
  return (
    <div className={INNER} data-reveal={s.animation?.enabled ? s.animation.type : undefined}>
      <SectionHeading title={s.title} subtitle={s.subtitle} fallback={t("storefrontSections:contact.title")} />
      {s.text.trim() ? <Paragraphs text={s.text} className="mb-6 text-gray-700" /> : null}
      <dl className="grid grid-cols-3 gap-6 @max-[768px]/shop:grid-cols-1">
        {rows.map((r) => (
          <div key={r.key} className="rounded-lg border border-gray-200 bg-white p-5">
            <dt className="text-sm font-semibold uppercase tracking-wide text-gray-500">{r.label}</dt>
            <dd className="mt-1 text-gray-900">{r.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function ContactFormSection({ section, data }: ViewProps<"contact_form">) {
  const { t } = useSiteT();
  const s = section.settings;
  return (
    <div className={`${INNER} max-w-3xl`} data-reveal={s.animation?.enabled ? s.animation.type : undefined}>
      <SectionHeading title={s.title} subtitle={s.subtitle} fallback={t("storefrontSections:contactForm.title")} />
      {s.text.trim() ? <Paragraphs text={s.text} className="mb-6 text-gray-700" /> : null}
      <Island name="ContactForm" component={ContactForm} props={{ storeId: data.store.id }} />
    </div>
  );
}

export function CustomHtmlSection({ section }: ViewProps<"custom_html">) {
  const s = section.settings;
  const html = sanitizeCustomHtml(s.html);
  if (!html.trim()) return null;
  return (
    <div className={INNER} data-reveal={s.animation?.enabled ? s.animation.type : undefined}>
      {s.title?.trim() ? <SectionHeading title={s.title} subtitle={s.subtitle} fallback="" /> : null}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by sanitizeCustomHtml (no script, handler or javascript: URL) */}
      <div className="sec-html" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}

export function PageContentSection({ section }: ViewProps<"page_content">) {
  const s = section.settings;
  if (!s.content.trim() && !s.title?.trim()) return null;
  return (
    <div className={`${INNER} max-w-3xl`} data-reveal={s.animation?.enabled ? s.animation.type : undefined}>
      {s.title?.trim() ? <SectionHeading title={s.title} subtitle={s.subtitle} fallback="" /> : null}
      <Paragraphs text={s.content} className="text-lg leading-relaxed text-gray-700" />
    </div>
  );
}

export function VideoSection({ section }: ViewProps<"video">) {
  const { t } = useSiteT();
  const s = section.settings;
  const embed = videoEmbedUrl(s.url);
  if (!embed) return null;
  return (
    <div className={INNER} data-reveal={s.animation?.enabled ? s.animation.type : undefined}>
      {s.title?.trim() ? <SectionHeading title={s.title} subtitle={s.subtitle} fallback="" /> : null}
      <div className="relative aspect-video overflow-hidden rounded-lg bg-black">
        <iframe
          src={embed}
          title={s.title?.trim() || t("storefrontSections:video.title")}
          className="absolute inset-0 h-full w-full"
          loading="lazy"
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    </div>
  );
}

function CategoryLinks({ data, limit }: { data: SectionData; limit: number }) {
  const { t } = useSiteT();
  const cats = data.categories.slice(0, limit);
  if (cats.length === 0) return <p className="text-sm text-gray-600">{t("storefrontSections:categories.empty")}</p>;
  return (
    <ul className="space-y-1">
      {cats.map((c) => (
        <li key={c.id}>
          <a href={categoryHref(c.id)} className="flex justify-between gap-2 rounded px-2 py-1.5 text-gray-700 hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--shop-primary)]">
            <span>{c.name}</span>
            <span className="text-gray-400">{c.product_count}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function RecentProducts({ data, limit }: { data: SectionData; limit: number }) {
  const { lang } = useSiteT();
  const items = data.products.new.slice(0, limit);
  return (
    <ul className="space-y-3">
      {items.map((p) => (
        <li key={p.id}>
          <a href={productHref(p.product_id)} className="flex items-center gap-3 rounded p-1 hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--shop-primary)]">
            {p.image_url ? <img src={p.image_url} alt="" loading="lazy" decoding="async" width={48} height={48} className="h-12 w-12 rounded object-cover" /> : <span className="h-12 w-12 rounded bg-gray-100" aria-hidden="true" />}
            <span className="min-w-0">
              <span className="block truncate text-sm text-gray-900">{p.name}</span>
              <span className="block text-sm font-semibold text-gray-700">{formatPrice(p.online_price, lang, data.store.currency)}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function formatPrice(value: string, lang: string, currency: string): string {
  return formatMoneyShared(value, lang, currency);
}

export function SidebarSection({ section, data, productAction }: ViewProps<"sidebar">) {
  const { t } = useSiteT();
  const s = section.settings;
  const side = (
    <aside className="sec-side space-y-8" aria-label={t("storefrontSections:sidebar.label")}>
      {s.showCategories ? (
        <div>
          <h3 className="mb-3 font-semibold text-gray-900">{t("storefrontSections:sidebar.categories")}</h3>
          <CategoryLinks data={data} limit={12} />
        </div>
      ) : null}
      {s.showRecentProducts && data.products.new.length > 0 ? (
        <div>
          <h3 className="mb-3 font-semibold text-gray-900">{t("storefrontSections:sidebar.recent")}</h3>
          <RecentProducts data={data} limit={s.recentLimit} />
        </div>
      ) : null}
    </aside>
  );
  const main = (
    <div className="min-w-0">
      <ProductCards cards={data.products.featured} data={data} productAction={productAction} limit={s.limit} />
    </div>
  );
  return (
    <div className={INNER} data-reveal={s.animation?.enabled ? s.animation.type : undefined}>
      <SectionHeading title={s.title} subtitle={s.subtitle} fallback={t("storefrontSections:featured.title")} />
      <div className={`sec-cols grid gap-8 ${s.position === "left" ? "grid-cols-[16rem_minmax(0,1fr)]" : "grid-cols-[minmax(0,1fr)_16rem]"}`}>
        {s.position === "left" ? side : main}
        {s.position === "left" ? main : side}
      </div>
    </div>
  );
}

export function ColumnsLayoutSection({ section, data, productAction }: ViewProps<"columns_layout">) {
  const { t } = useSiteT();
  const s = section.settings;
  const side = (
    <div className="sec-side min-w-0">
      {s.sideContent === "categories" ? (
        <>
          <h3 className="mb-3 font-semibold text-gray-900">{t("storefrontSections:sidebar.categories")}</h3>
          <CategoryLinks data={data} limit={12} />
        </>
      ) : s.sideContent === "recent" ? (
        <>
          <h3 className="mb-3 font-semibold text-gray-900">{t("storefrontSections:sidebar.recent")}</h3>
          <RecentProducts data={data} limit={5} />
        </>
      ) : (
        <Paragraphs text={s.sideText} className="text-gray-700" />
      )}
    </div>
  );
  const main = (
    <div className="min-w-0">
      <ProductCards cards={data.products[s.mainSource]} data={data} productAction={productAction} limit={s.mainLimit} />
    </div>
  );
  return (
    <div className={INNER} data-reveal={s.animation?.enabled ? s.animation.type : undefined}>
      {s.title?.trim() ? <SectionHeading title={s.title} subtitle={s.subtitle} fallback="" /> : null}
      <div className="sec-cols grid">
        {s.sidePosition === "left" ? side : main}
        {s.sidePosition === "left" ? main : side}
      </div>
    </div>
  );
}
