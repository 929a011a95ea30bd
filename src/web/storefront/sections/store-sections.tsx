import type { ComponentType, ReactNode } from "react";
import type { PageSection, SectionType } from "../../../shared/storefront/sections";
import type { SectionData, StoreProductCard } from "../../../shared/storefront/types";
import { Island } from "../../public-site/island";
import { AddToCartButton } from "../cart/add-to-cart-button";
import { RevealObserver } from "./reveal";
import {
  AboutSection,
  BlogPostsSection,
  BrandsSection,
  CategoriesSection,
  CategoryBannersSection,
  ColumnsLayoutSection,
  ContactFormSection,
  ContactSection,
  CustomHtmlSection,
  FeaturedProductsSection,
  HeroSection,
  NewArrivalsSection,
  NewsletterSection,
  PageContentSection,
  ProductCarouselSection,
  PromotionalBannerSection,
  SaleItemsSection,
  SidebarSection,
  TestimonialsSection,
  VideoSection,
  type ViewProps,
} from "./section-views";

export { sectionsStyle } from "./section-style";

const VIEWS: { [T in SectionType]: ComponentType<ViewProps<T>> } = {
  hero: HeroSection,
  promotional_banner: PromotionalBannerSection,
  category_banners: CategoryBannersSection,
  featured_products: FeaturedProductsSection,
  categories: CategoriesSection,
  testimonials: TestimonialsSection,
  about: AboutSection,
  newsletter: NewsletterSection,
  contact: ContactSection,
  custom_html: CustomHtmlSection,
  columns_layout: ColumnsLayoutSection,
  sidebar: SidebarSection,
  new_arrivals: NewArrivalsSection,
  sale_items: SaleItemsSection,
  brands: BrandsSection,
  product_carousel: ProductCarouselSection,
  video: VideoSection,
  blog_posts: BlogPostsSection,
  page_content: PageContentSection,
  contact_form: ContactFormSection,
};

/**
 * Renders a page's visible sections in order (contract 1), on the server (the shop) and in the back
 * office (the editor's preview). Each section is `<section id="s-{id}" data-section-type=…>` with an
 * overlay layer its style may turn on; `sectionsStyle` (same sections) writes their CSS.
 * `productAction` makes a product card's button: by default the cart's AddToCartButton island
 * (contract 3); the editor's preview passes one that renders nothing.
 */
export function StoreSections({ sections, data, productAction }: { sections: PageSection[]; data: SectionData; productAction?: (card: StoreProductCard) => ReactNode }) {
  const visible = sections.filter((s) => s.isVisible);
  const action = productAction ?? ((card: StoreProductCard) => addToCart(data.store.id, card));
  const anyReveal = visible.some((s) => (s.settings as { animation?: { enabled: boolean } }).animation?.enabled);
  return (
    <>
      {visible.map((section) => {
        const View = VIEWS[section.type] as ComponentType<ViewProps<SectionType>>;
        return (
          <section key={section.id} id={`s-${section.id}`} data-section-type={section.type} className="relative">
            <div className="sec-overlay pointer-events-none absolute inset-0 hidden" aria-hidden="true" />
            <View section={section} data={data} productAction={action} />
          </section>
        );
      })}
      {anyReveal ? <Island name="RevealObserver" component={RevealObserver} props={{}} /> : null}
    </>
  );
}

function addToCart(storeId: string, card: StoreProductCard) {
  return (
    <Island
      name="AddToCartButton"
      component={AddToCartButton}
      props={{ storeId, storeProductId: card.id, productId: card.product_id, inStock: card.in_stock, name: card.name }}
    />
  );
}
