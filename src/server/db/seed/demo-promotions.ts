import { and, eq } from "drizzle-orm";
import { addCalendarDays, promotionInput } from "../../../shared/promotions/schemas";
import { products } from "../../modules/product/tables";
import { productCategories } from "../../modules/product-category/tables";
import { createPromotion } from "../../modules/promotion/service";
import type { Tx } from "../client";

/** The drink on 2x1 and the category at 10 % (issue 16 'Demo data'), for a year from the seed's day. */
export const DEMO_PROMOTIONS = {
  twoForOne: { code: "2X1-MALTA", name: "2x1 en Malta Morena", sku: "MALTA-12" },
  dairy: { code: "LACTEOS-10", name: "10 % en lácteos", categoryCode: "LAC" },
} as const;

/** An active 2x1 (buy 1 get 1) on one drink and a 10 % promotion on the dairy category. */
export async function seedDemoPromotions(tx: Tx, tenantId: string, userId: string, today: string) {
  const [malta] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.sku, DEMO_PROMOTIONS.twoForOne.sku)))
    .limit(1);
  const [dairy] = await tx
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(and(eq(productCategories.tenantId, tenantId), eq(productCategories.code, DEMO_PROMOTIONS.dairy.categoryCode)))
    .limit(1);
  if (!malta || !dairy) throw new Error("seedDemoPromotions: the demo catalogue must be seeded first");
  const endDate = addCalendarDays(today, 365);
  await createPromotion(
    tx,
    tenantId,
    userId,
    promotionInput.parse({ name: DEMO_PROMOTIONS.twoForOne.name, code: DEMO_PROMOTIONS.twoForOne.code, type: "buy_x_get_y", param1: 1, param2: 1, startDate: today, endDate, productIds: [malta.id] }),
    today,
  );
  await createPromotion(
    tx,
    tenantId,
    userId,
    promotionInput.parse({ name: DEMO_PROMOTIONS.dairy.name, code: DEMO_PROMOTIONS.dairy.code, type: "percentage_discount", discount: "10", startDate: today, endDate, categoryIds: [dairy.id] }),
    today,
  );
}
