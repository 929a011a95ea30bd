import { expect, test } from "@playwright/test";
import { trpcMutation } from "../catalog-helpers";
import { browserFetch } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

test("a recipe from two ingredients bought in other units shows its cost", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  await trpcMutation(page, "unitOfMeasure.seedUnits", undefined);
  const units = JSON.parse((await browserFetch(page, "/api/trpc/unitOfMeasure.getAll")).body as string).result.data.json as { id: string; code: string }[];
  const unit = (code: string) => units.find((u) => u.code === code)!.id;
  const tag = Date.now().toString(36);
  // Flour bought by the 25 lb sack at RD$1,250; milk by the gallon at RD$285.
  await trpcMutation(page, "product.create", { name: `Harina de trigo ${tag}`, sku: `HAR-${tag}`, price: "0", price2: "0", price3: "0", costPrice: "1250", costPerUnitQuantity: "25", costPerUnitId: unit("lb"), isRecipeItem: true });
  await trpcMutation(page, "product.create", { name: `Leche entera ${tag}`, sku: `LEC-${tag}`, price: "0", price2: "0", price3: "0", costPrice: "285", costPerUnitQuantity: "1", costPerUnitId: unit("gal"), isRecipeItem: true });
  const cake = await trpcMutation<{ id: string }>(page, "product.create", { name: `Bizcocho ${tag}`, sku: `BIZ-${tag}`, price: "350", price2: "350", price3: "350", hasRecipe: true });

  await page.goto(tenantUrl(`/home/products/${cake.id}`));
  const card = page.getByTestId("recipe-manager-card");
  await expect(card).toBeVisible();
  await expect(card.getByText("No hay ingredientes agregados")).toBeVisible();
  await expect(page.getByTestId("recipe-save")).toBeDisabled();

  for (const [name, quantity, unitCode] of [
    [`Harina de trigo ${tag}`, "500", "g"],
    [`Leche entera ${tag}`, "250", "ml"],
  ] as const) {
    await page.getByTestId("recipe-add-ingredient").click();
    const sheet = page.getByTestId("ingredient-selector");
    await sheet.getByTestId("ingredient-search").fill(name.split(" ").slice(0, 2).join(" "));
    await sheet.getByTestId("ingredient-option").filter({ hasText: name }).click();
    await page.keyboard.press("Escape");
    const row = page.getByTestId("recipe-ingredient-row").filter({ hasText: name });
    await row.getByTestId("recipe-ingredient-quantity").fill(quantity);
    await row.getByTestId("recipe-ingredient-unit").selectOption(unit(unitCode));
  }
  const flour = page.getByTestId("recipe-ingredient-row").filter({ hasText: "Harina" });
  const milk = page.getByTestId("recipe-ingredient-row").filter({ hasText: "Leche" });
  // 1,250 / (25 lb = 11,339.80925 g) = 0.110231 per g → 500 g = 55.12; 285 / 3,785.411784 ml → 250 ml = 18.82
  await expect(flour.getByTestId("recipe-ingredient-total")).toContainText("55.12");
  await expect(milk.getByTestId("recipe-ingredient-total")).toContainText("18.82");

  await page.getByTestId("recipe-tab-costs").click();
  await expect(page.getByTestId("recipe-total-cost")).toContainText("73.94");
  await expect(page.getByTestId("recipe-cost-per-portion")).toContainText("73.94");
  // 30% margin: 73.94 / 0.70 = 105.63
  await expect(page.getByTestId("recipe-suggested-price")).toContainText("105.63");

  await page.getByTestId("recipe-save").click();
  await expect(page.getByText("Receta guardada", { exact: true })).toBeVisible();
  // The server recomputed the same cost.
  const saved = JSON.parse((await browserFetch(page, `/api/trpc/recipe.getByProductId?input=${encodeURIComponent(JSON.stringify({ json: { productId: cake.id } }))}`)).body as string).result.data.json;
  expect(saved.totalCost).toBe("73.94");
});
