import { and, eq, inArray } from "drizzle-orm";
import { type Banner, defaultBackground, defaultSection, emptyBanner, type PageSection, pageSectionsSchema } from "../../../shared/storefront/sections";
import type { StoreThemeConfig } from "../../../shared/storefront/types";
import { newId } from "../../ids";
import { getOrCreateStore } from "../../modules/ecommerce/access";
import { blogPosts, storePages, storeProducts, stores } from "../../modules/ecommerce/tables";
import { products } from "../../modules/product/tables";
import { productCategories } from "../../modules/product-category/tables";
import type { Tx } from "../client";

/** Brands of the demo's shelf, by SKU (brands have no table: store_products.brand). */
const BRANDS: Record<string, string> = {
  "CC-MER-2L": "Country Club",
  "PRES-650": "Presidente",
  "AGUA-20": "Planeta Azul",
  "MALTA-12": "Malta Morena",
  "ARR-10": "La Garza",
  "HAB-15": "La Famosa",
  "ACE-1L": "Crisol",
  "SAL-1LB": "Induveca",
  "CAFE-1LB": "Café Santo Domingo",
  "LECHE-1L": "Rica",
  "YOKA-1": "Yoka",
};
const FEATURED = ["CC-MER-2L", "PRES-650", "ARR-10", "SAL-1LB", "LECHE-1L", "CAFE-1LB"];
/** On sale: [online price, the 'before' price]. */
const ON_SALE: Record<string, [string, string]> = { "ACE-1L": ["279.00", "310.00"], "QUESO-1LB": ["215.00", "240.00"] };

const TESTIMONIALS: StoreThemeConfig["testimonials"] = [
  { id: "t1", name: "María Rodríguez", rating: 5, text: "Pido el arroz y el café por la tienda en línea y me llegan el mismo día. ¡Excelente servicio!" },
  { id: "t2", name: "Pedro Almonte", rating: 5, text: "Los precios son los mismos que en el colmado y la entrega es rápida en Piantini." },
  { id: "t3", name: "Carmen Santos", rating: 4, text: "Muy práctico para la compra de la semana. La leche y el queso siempre frescos." },
];

function banner(title: string, subtitle: string, description: string, buttonText: string, buttonUrl: string): Banner {
  return { ...emptyBanner("hero"), title, subtitle, description, button_text: buttonText, button_url: buttonUrl };
}

/** The home, about and contact pages of the demo shop (the section editor's defaults, filled in). */
export function demoStorePages(): Record<"home" | "about" | "contact", PageSection[]> {
  const hero = defaultSection("hero");
  hero.settings.banners = [
    banner("Tu colmado, ahora en línea", "Colmado y Restaurante La Esquina", "Haz tu compra desde casa y recíbela en Piantini y alrededores.", "Ver productos", "/shop/products"),
    banner("Ofertas de la semana", "Aceite Crisol y queso de freír", "Precios especiales mientras dure el inventario.", "Ver ofertas", "/shop/products"),
    banner("Bebidas frías para el fin de semana", "Presidente, Country Club y más", "Pide antes de las 5:00 p. m. y te lo llevamos hoy.", "Comprar bebidas", "/shop/categories"),
  ];
  hero.settings.background = { ...defaultBackground("gradient"), gradientStart: "#0f766e", gradientEnd: "#1e3a8a" };
  const featured = defaultSection("featured_products");
  featured.settings.title = "Los favoritos del barrio";
  const categories = defaultSection("categories");
  categories.settings.title = "Compra por categoría";
  const sale = defaultSection("sale_items");
  sale.settings.title = "En oferta";
  const testimonials = defaultSection("testimonials");
  testimonials.settings.title = "Lo que dicen nuestros clientes";
  const blog = defaultSection("blog_posts");
  blog.settings.title = "Del blog";
  blog.settings.limit = 3;

  const aboutContent = defaultSection("page_content");
  aboutContent.settings.title = "Sobre nosotros";
  aboutContent.settings.content =
    "Desde 1998 La Esquina abastece a las familias de Piantini con lo de cada día: arroz, habichuelas, café, bebidas frías y el plato del día de nuestra cocina.\n\nAhora también puedes comprar en línea y recibir tu pedido en casa o recogerlo en el colmado.";
  const about = defaultSection("about");
  about.settings.title = "Un colmado de confianza";
  about.settings.text = "Atendemos de lunes a domingo, de 7:00 a. m. a 10:00 p. m. Aceptamos efectivo, tarjeta y pago por enlace.";

  const contact = defaultSection("contact");
  contact.settings.title = "Contáctanos";
  contact.settings.text = "Escríbenos o visítanos en la Av. Winston Churchill.";
  const form = defaultSection("contact_form");
  form.settings.title = "Envíanos un mensaje";
  form.settings.text = "Te respondemos el mismo día.";

  return {
    home: [hero, featured, categories, sale, testimonials, blog],
    about: [aboutContent, about],
    contact: [contact, form],
  };
}

/**
 * The demo's online store (issue 19 'Demo data'): published, with a hero carousel, featured
 * products, categories, sale items and testimonials on the home page, about and contact pages, the
 * grocery shelf offered online (some featured, two on sale, with brands) and two blog posts.
 */
export async function seedDemoStorefront(tx: Tx, tenantId: string, ownerId: string) {
  const store = await getOrCreateStore(tx, tenantId);
  const now = new Date();
  await tx
    .update(stores)
    .set({
      description: "Colmado y restaurante en Piantini: compra en línea lo de cada día y recíbelo en casa.",
      email: "info@laesquina.do",
      phone: "809-555-0142",
      address: "Av. Winston Churchill 1099, Piantini, Santo Domingo, D.N.",
      themeConfig: { primaryColor: "#0f766e", testimonials: TESTIMONIALS } satisfies StoreThemeConfig,
      isPublished: true,
      publishedAt: now,
      deliveryFee: "100.00",
    })
    .where(and(eq(stores.tenantId, tenantId), eq(stores.id, store.id)));

  const shelf = await tx
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .innerJoin(productCategories, and(eq(productCategories.tenantId, products.tenantId), eq(productCategories.id, products.categoryId)))
    .where(and(eq(products.tenantId, tenantId), eq(products.productType, "product"), eq(products.variablePrice, false), inArray(productCategories.code, ["BEB", "ABA", "LAC"])))
    .orderBy(products.name);
  if (shelf.length > 0) {
    await tx.insert(storeProducts).values(
      shelf.map((p, i) => ({
        tenantId,
        id: newId(),
        productId: p.id,
        isOnline: true,
        onlinePrice: ON_SALE[p.sku]?.[0] ?? null,
        originalPrice: ON_SALE[p.sku]?.[1] ?? null,
        isFeatured: FEATURED.includes(p.sku),
        brand: BRANDS[p.sku] ?? null,
        sortOrder: i,
      })),
    );
  }

  const pages = demoStorePages();
  for (const page of ["home", "about", "contact"] as const) {
    const sections = pageSectionsSchema.parse(pages[page]);
    await tx.insert(storePages).values({ tenantId, id: newId(), storeId: store.id, page, draftSections: sections, publishedSections: sections, publishedAt: now, publishedBy: ownerId, updatedBy: ownerId });
  }

  const day = 86_400_000;
  await tx.insert(blogPosts).values([
    {
      tenantId,
      id: newId(),
      title: "Cómo hacer la compra de la semana sin salir de casa",
      slug: "compra-de-la-semana-en-linea",
      excerpt: "Arma tu pedido en la tienda en línea, elige entrega o recogida y paga con enlace o al recibir.",
      content:
        "Hacer la compra de la semana en La Esquina ahora toma cinco minutos.\n\nEntra a la tienda, busca por categoría o por marca y agrega los productos al carrito. Al pagar eliges si te lo llevamos a casa o si lo recoges en el colmado.\n\nPuedes pagar con un enlace de pago con tarjeta o en efectivo al recibir. Te enviamos la factura con su comprobante fiscal por correo.",
      authorName: "Carlos Gómez",
      status: "published",
      publishedAt: new Date(now.getTime() - 6 * day),
      createdBy: ownerId,
    },
    {
      tenantId,
      id: newId(),
      title: "La bandera dominicana: el plato del día en nuestra cocina",
      slug: "la-bandera-dominicana",
      excerpt: "Arroz, habichuelas, carne guisada y ensalada: lo que lleva el almuerzo que más pide el barrio.",
      content:
        "De lunes a viernes nuestra cocina sirve la bandera dominicana desde las 11:30 a. m.\n\nUsamos arroz La Garza, habichuelas rojas La Famosa y el aceite Crisol de nuestro propio colmado. Si quieres prepararla en casa, todos los ingredientes están en la tienda en línea.",
      authorName: "Carlos Gómez",
      status: "published",
      publishedAt: new Date(now.getTime() - 2 * day),
      createdBy: ownerId,
    },
  ]);
}
