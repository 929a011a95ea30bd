import { expect, test } from "@playwright/test";
import { trpcQuery } from "../catalog-helpers";
import { uniqueSuffix } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";
import { controlSimulator, resetSimulator, SIMULATORS } from "./card-helpers";

/**
 * Settings > Proveedores de tarjeta (issue 12 §1): the owner adds a terminal service and tests its
 * connection from the browser, as the POS will call it.
 */

test.afterEach(async () => {
  await resetSimulator("card_service");
});

test("create a card provider, 'Probar conexión' says it answers; with the service failing or disconnected it says it does not", async ({ page }) => {
  await resetSimulator("card_service");
  await signIn(page, "owner@demo.test");
  await page.goto(tenantUrl("/home/settings/card-providers"));
  await expect(page.getByRole("heading", { name: "Proveedores de tarjeta" })).toBeVisible();

  const code = `E2E-SET-${uniqueSuffix().toUpperCase()}`;
  const name = `Servicio de caja ${code}`;
  await page.getByTestId("new-card-provider").click();
  const sheet = page.getByTestId("card-provider-sheet");
  await sheet.getByLabel("Código").fill(code);
  await sheet.getByLabel("Nombre").fill(name);
  await sheet.getByLabel("Tipo de servicio").selectOption({ label: "Servicio local de tarjetas" });
  // The kind brings its usual local address; this shop's service is at the simulator's.
  await expect(sheet.getByLabel("Dirección del servicio")).toHaveValue("http://localhost:5050/");
  await sheet.getByLabel("Dirección del servicio").fill(SIMULATORS.card_service);
  // Saved inactive: it is only tried here, and the shop's CARD sales stay as they are (the first
  // active provider would become the default, which can be replaced but never removed).
  const active = sheet.getByRole("switch", { name: "Activo" });
  await expect(active).toBeChecked();
  await active.click();
  await expect(active).not.toBeChecked();
  await sheet.getByTestId("save-card-provider").click();
  await expect(sheet).toHaveCount(0);
  await expect(page.getByText("Proveedor de tarjeta creado", { exact: true }).first()).toBeVisible();

  const row = page.locator(`[data-testid="card-provider-row"][data-code="${code}"]`);
  await expect(row).toContainText(name);
  await expect(row).toContainText("Servicio local de tarjetas");
  await expect(row).toContainText(SIMULATORS.card_service);
  await expect(row).toContainText("Todas las cajas");
  await expect(row).toContainText("Inactivo");
  const saved = (await trpcQuery<{ code: string; kind: string; api_url: string; cashbox_id: string | null; is_default: boolean; is_active: boolean }[]>(page, "cardProvider.getAll")).find((p) => p.code === code);
  expect(saved).toEqual(expect.objectContaining({ kind: "card_service", api_url: SIMULATORS.card_service, cashbox_id: null, is_default: false, is_active: false }));

  // Healthy.
  await row.getByTestId("test-card-provider").click();
  await expect(row.getByTestId("card-provider-health")).toHaveText("En línea");
  await expect(page.getByText(`${name} responde`, { exact: true }).first()).toBeVisible();

  // The service fails (HTTP 500): not answering, with the reason.
  await controlSimulator("card_service", { mode: "error", operations: ["health"] });
  await row.getByTestId("test-card-provider").click();
  await expect(row.getByTestId("card-provider-health")).toHaveText("Sin conexión");
  const toast = page.getByRole("status").filter({ hasText: `${name} no responde` }).last();
  await expect(toast).toContainText("HTTP error! status: 500");

  // The service answers that its terminal is disconnected.
  await controlSimulator("card_service", { mode: "decline", operations: ["health"] });
  await row.getByTestId("test-card-provider").click();
  await expect(page.getByText("Terminal desconectada").first()).toBeVisible();
  await expect(row.getByTestId("card-provider-health")).toHaveText("Sin conexión");

  // Back to normal: online again.
  await controlSimulator("card_service", { mode: "approve" });
  await row.getByTestId("test-card-provider").click();
  await expect(row.getByTestId("card-provider-health")).toHaveText("En línea");
});
