import { expect, test } from "@playwright/test";
import { trpcMutation, trpcQuery } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/**
 * Issue 13 §6: the movement form shows each line's current and new stock while it is filled in;
 * a pending movement is edited (lines replaced) and deleted (kept as cancelled, no stock moved).
 */
test("a pending movement shows current and new stock, is edited, then deleted without moving stock", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  const warehouses = await trpcQuery<{ id: string; code: string }[]>(page, "warehouse.getAll");
  const principal = warehouses.find((w) => w.code === "PRIN")!.id;
  const sku = `HAR-${Date.now().toString(36)}`;
  const product = await trpcMutation<{ id: string }>(page, "product.create", { name: "Harina Robin Hood 2 lb", sku, price: "95", price2: "95", price3: "95", warehouseQuantities: [{ warehouseId: principal, initialQuantity: "30" }] });

  // A new exit of 5: 30 now, 25 once completed; 40 would leave it below zero, in red.
  await page.goto(tenantUrl("/home/warehouse-movements/new"));
  await page.locator("#m-type").selectOption({ label: "Salida" });
  await page.locator("#m-warehouse").selectOption({ label: "Principal" });
  const search = page.getByLabel("Buscar o escanear producto (nombre, SKU o código)");
  await search.fill(sku);
  await search.press("Enter");
  const line = page.getByTestId("movement-line");
  await expect(line).toContainText("Harina Robin Hood 2 lb");
  await page.getByLabel("Cantidad de Harina Robin Hood 2 lb").fill("5");
  await expect(line.getByTestId("line-stock-now")).toHaveText("30");
  await expect(line.getByTestId("line-stock-after")).toHaveText("25");
  await page.getByLabel("Cantidad de Harina Robin Hood 2 lb").fill("40");
  await expect(line.getByTestId("line-stock-after")).toHaveText("-10");
  await expect(line.getByTestId("line-stock-after")).toHaveClass(/text-destructive/);
  await page.getByLabel("Cantidad de Harina Robin Hood 2 lb").fill("5");
  await page.getByTestId("save-pending").click();
  await expect(page).toHaveURL(/\/home\/warehouse-movements\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("movement-status")).toHaveText("Pendiente");
  const number = (await page.getByTestId("movement-number").textContent())!.trim();

  // Edit it into an entry of 12: the form starts from what was saved and shows 30 → 42.
  await page.getByTestId("edit-movement").click();
  await expect(page.getByRole("heading", { name: `Editar movimiento ${number}` })).toBeVisible();
  await expect(page.getByLabel("Cantidad de Harina Robin Hood 2 lb")).toHaveValue("5");
  await page.locator("#m-type").selectOption({ label: "Entrada" });
  await page.getByLabel("Cantidad de Harina Robin Hood 2 lb").fill("12");
  await expect(line.getByTestId("line-stock-after")).toHaveText("42");
  await page.getByTestId("save-pending").click();
  await expect(page.getByTestId("movement-number")).toHaveText(number);
  await expect(page.getByTestId("detail-line")).toContainText("12");
  const id = (await trpcQuery<{ data: { id: string }[] }>(page, "warehouseMovement.getAll", { search: number })).data[0]!.id;
  expect(await trpcQuery(page, "warehouseMovement.getById", { id })).toMatchObject({ type: "entry", status: "pending", lines: [{ quantity: "12.0000" }] });

  // Delete it: asked once, kept as cancelled under its number, stock untouched.
  await page.getByTestId("delete-movement").click();
  await expect(page.getByRole("dialog")).toContainText("queda registrado como cancelado");
  await page.getByTestId("confirm-delete-movement").click();
  await expect(page).toHaveURL(/\/home\/warehouse-movements$/);
  expect(await trpcQuery(page, "warehouseMovement.getById", { id })).toMatchObject({ status: "cancelled", number });
  const stock = await trpcQuery<{ warehouseId: string; quantity: string }[]>(page, "warehouseMovement.getStock", { productIds: [product.id] });
  expect(stock.find((r) => r.warehouseId === principal)?.quantity).toBe("30.0000");
});
