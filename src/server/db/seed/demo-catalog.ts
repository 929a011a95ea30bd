import { and, eq } from "drizzle-orm";
import { isValidEan13 } from "../../../shared/catalog/barcode";
import { productCreateInput } from "../../../shared/catalog/product";
import { newId } from "../../ids";
import { paymentMethods } from "../../modules/payment-method/tables";
import { createProduct } from "../../modules/product/service";
import { products } from "../../modules/product/tables";
import { productCategories } from "../../modules/product-category/tables";
import type { Tx } from "../client";

/** A valid EAN-13 from a 12-digit stem (the check digit that makes it valid). */
function ean13(stem: string): string {
  for (let d = 0; d <= 9; d++) if (isValidEan13(`${stem}${d}`)) return `${stem}${d}`;
  throw new Error(`no EAN-13 for ${stem}`);
}

export const DEMO_CATEGORIES = [
  { code: "BEB", name: "Bebidas" },
  { code: "ABA", name: "Abarrotes" },
  { code: "LAC", name: "Lácteos" },
  { code: "COC", name: "Cocina" },
] as const;

type Category = (typeof DEMO_CATEGORIES)[number]["code"];

/** name, sku, barcode stem, price, category, favourite, extra fields */
const PRODUCTS: [string, string, string | null, string, Category, boolean, Record<string, unknown>?][] = [
  ["Refresco Country Club Merengue 2L", "CC-MER-2L", "746012300001", "120", "BEB", true],
  ["Cerveza Presidente 650 ml", "PRES-650", "746012300002", "175", "BEB", true],
  ["Agua Planeta Azul 20 oz", "AGUA-20", "746012300003", "35", "BEB", false],
  ["Malta Morena 12 oz", "MALTA-12", "746012300004", "60", "BEB", false],
  ["Arroz La Garza 10 lb", "ARR-10", "746012300005", "420", "ABA", true],
  ["Habichuelas rojas La Famosa 15 oz", "HAB-15", "746012300006", "85", "ABA", false],
  ["Aceite Crisol 1 L", "ACE-1L", "746012300007", "310", "ABA", false],
  ["Salami Induveca 1 lb", "SAL-1LB", "746012300008", "195", "ABA", true],
  // Coffee, yogurt and butter carry the reduced 16% ITBIS; green plantains are exempt.
  ["Café Santo Domingo 1 lb", "CAFE-1LB", "746012300009", "330", "ABA", false, { taxPercent: "16" }],
  ["Plátano verde (unidad)", "PLAT-1", null, "20", "ABA", false, { isTaxable: false }],
  ["Leche Rica entera 1 L", "LECHE-1L", "746012300010", "95", "LAC", true],
  ["Queso de freír 1 lb", "QUESO-1LB", "746012300011", "240", "LAC", false],
  ["Yogurt Yoka fresa", "YOKA-1", "746012300012", "55", "LAC", false, { taxPercent: "16" }],
  ["La Bandera Dominicana (plato)", "BANDERA", null, "350", "COC", true, { availableForPos: true }],
  ["Mangú con los tres golpes", "MANGU-3G", null, "300", "COC", false],
  ["Pesca del día (libra)", "PESCA-LB", null, "0", "COC", false, { variablePrice: true, price2: "0", price3: "0" }],
  ["Servicio de delivery", "DELIVERY", null, "100", "COC", false, { productType: "service" }],
];

/**
 * The demo's catalogue: a colmado's shelf and a kitchen, with barcodes a scanner can read,
 * favourites for the POS, stock in the main warehouse and discount limits on two products.
 * Created through the product service, so stock enters through the ledger like any product.
 */
export async function seedDemoCatalog(tx: Tx, tenantId: string, warehouseId: string, userId: string) {
  const categoryIds = new Map<string, string>();
  for (const c of DEMO_CATEGORIES) {
    const id = newId();
    await tx.insert(productCategories).values({ tenantId, id, code: c.code, name: c.name });
    categoryIds.set(c.code, id);
  }
  const methods = await tx.select({ id: paymentMethods.id, code: paymentMethods.code }).from(paymentMethods).where(eq(paymentMethods.tenantId, tenantId));
  const cash = methods.find((m) => m.code === "CASH")!.id;
  const card = methods.find((m) => m.code === "CARD")!.id;
  // Rice: 10% paid all in cash, 5% when the sale is split between cash and card. Beer: 10% in cash.
  const limits: Record<string, { paymentMethodId: string; isFullPayment: boolean; maxDiscountPercent: string }[]> = {
    "ARR-10": [
      { paymentMethodId: cash, isFullPayment: true, maxDiscountPercent: "10" },
      { paymentMethodId: cash, isFullPayment: false, maxDiscountPercent: "5" },
      { paymentMethodId: card, isFullPayment: false, maxDiscountPercent: "5" },
    ],
    "PRES-650": [{ paymentMethodId: cash, isFullPayment: true, maxDiscountPercent: "10" }],
  };
  for (const [name, sku, stem, price, category, favorite, extra] of PRODUCTS) {
    const stocked = (extra?.productType ?? "product") === "product";
    const input = productCreateInput.parse({
      name,
      sku,
      barcode: stem ? ean13(stem) : null,
      price,
      price2: price,
      price3: price,
      costPrice: (Number(price) * 0.7).toFixed(2),
      categoryId: categoryIds.get(category),
      warehouseQuantities: stocked ? [{ warehouseId, initialQuantity: "100", minStock: "10" }] : [],
      maxDiscounts: limits[sku] ?? [],
      ...extra,
    });
    const { id } = await createProduct(tx, tenantId, userId, input);
    if (favorite) await tx.update(products).set({ isFavorite: true }).where(and(eq(products.tenantId, tenantId), eq(products.id, id)));
  }
}
