/** Links inside the shop: a path with its query (empty values left out). */
export function shopHref(path: string, query: Record<string, string | number | null | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The product page of a product (the spec's /shop/products/{product_id}). */
export const productHref = (productId: string) => `/shop/products/${productId}`;
export const categoryHref = (categoryId: string) => `/shop/categories/${categoryId}`;
/** The spec's brand filter link: /shop/products?brand={brand name}. */
export const brandHref = (brand: string) => shopHref("/shop/products", { brand });
export const postHref = (slug: string) => `/shop/blog/${encodeURIComponent(slug)}`;
