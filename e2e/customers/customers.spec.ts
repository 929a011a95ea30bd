import { expect, test } from "@playwright/test";
import { trpcMutation } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

test("an owner creates a customer (fixing the errors), finds it by name and phone, edits its code, deletes and restores it, and opens its details", async ({ page }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Luisa Fernández ${stamp}`;
  const phone = `809-${stamp.slice(-3).replace(/\D/g, "7").padStart(3, "7")}-4455`;

  await signIn(page, "owner@demo.test");
  await page.getByTestId("sidebar").getByRole("link", { name: "Clientes" }).click();
  await expect(page).toHaveURL(tenantUrl("/home/customers"));
  await expect(page.getByRole("heading", { name: "Clientes" })).toBeVisible();
  // 'Contado' is the default customer: marked, and it cannot be deleted.
  const rows = page.getByTestId("customer-row");
  const contado = rows.filter({ hasText: "Contado" });
  await expect(contado).toContainText("Predeterminado");
  await expect(contado.getByRole("button", { name: /Eliminar/ })).toHaveCount(0);
  await page.screenshot({ path: "test-results/customers-list.png" });

  // Create: the code is generated; name required; email valid or empty; the tax id's check digit.
  await page.getByTestId("new-customer").click();
  await expect(page).toHaveURL(tenantUrl("/home/customers/new"));
  await expect(page.getByRole("heading", { name: "Nuevo cliente" })).toBeVisible();
  await expect(page.locator("#customer-code")).toHaveValue("Se genera automáticamente");
  await expect(page.locator("#customer-code")).toBeDisabled();
  await expect(page.getByTestId("customer-eligible_for_rewards")).toHaveAttribute("data-state", "checked");
  await page.getByTestId("save-customer").click();
  await expect(page.locator("#customer-name-error")).toHaveText("El nombre es requerido");

  await page.locator("#customer-name").fill(name);
  await page.locator("#customer-tax_id").fill("001-1391820-4");
  await page.locator("#customer-phone").fill(phone);
  await page.locator("#customer-email").fill("luisa@correo");
  await page.locator("#customer-address").fill("Calle El Conde 54, Zona Colonial");
  await page.getByTestId("save-customer").click();
  await expect(page.locator("#customer-email-error")).toHaveText("Email inválido");
  await expect(page.locator("#customer-tax_id-error")).toHaveText("RNC o cédula inválido (dígito verificador)");
  await page.locator("#customer-email").fill("luisa@correo.do");
  await page.locator("#customer-tax_id").fill("001-1391820-5");
  await expect(page.getByTestId("fiscal-hint")).toContainText("Cédula");
  await expect(page.getByTestId("fiscal-hint")).toContainText("B01 Crédito fiscal");
  await page.getByTestId("save-customer").click();
  await expect(page).toHaveURL(tenantUrl("/home/customers"));
  await expect(page.getByText("Cliente creado").first()).toBeVisible();

  // Search by name (kept in the address), then by the phone's digits alone.
  await page.getByTestId("customer-search").fill(stamp);
  await expect(page).toHaveURL(tenantUrl(`/home/customers?q=${stamp}`));
  await expect(rows).toHaveCount(1);
  const row = rows.filter({ hasText: name });
  await expect(row).toContainText("001-1391820-5");
  await expect(row).toContainText(/CLI-\d{6}/);
  await expect(page.getByTestId("pagination")).toContainText("1-1 de 1 elementos");
  await page.getByTestId("customer-search").fill(phone.replace(/\D/g, ""));
  await expect(rows.filter({ hasText: name })).toHaveCount(1);

  // Details: general info, contact, empty history, rewards.
  await rows.filter({ hasText: name }).getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  const details = page.getByTestId("customer-details");
  await expect(details).toContainText("001-1391820-5 · Cédula");
  await expect(details).toContainText("luisa@correo.do");
  await expect(details).toContainText("Calle El Conde 54, Zona Colonial");
  await expect(page.getByTestId("history-empty")).toHaveText("Este cliente aún no tiene compras.");
  await expect(page.getByTestId("points-balance")).toHaveText("0");
  await expect(page.getByTestId("rewards-card")).toContainText("Este cliente acumula puntos en sus compras.");

  // Edit: the code may be changed on edit; the default switch is free (it is not the default).
  await page.getByTestId("edit-customer").click();
  await expect(page.getByRole("heading", { name: "Editar cliente" })).toBeVisible();
  await expect(page.locator("#customer-code")).toHaveValue(/CLI-\d{6}/);
  await expect(page.locator("#customer-tax_id")).toHaveValue("001-1391820-5");
  await expect(page.getByTestId("customer-is_default")).toBeEnabled();
  await page.locator("#customer-code").fill(`VIP-${stamp}`);
  await page.getByTestId("customer-eligible_for_rewards").click();
  await page.getByTestId("save-customer").click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByText("Cliente actualizado").first()).toBeVisible();
  await expect(details).toContainText(`VIP-${stamp}`);
  await expect(page.getByTestId("rewards-card")).toContainText("Este cliente no acumula puntos.");

  // Delete (asked once, nothing removed), then restore from 'Mostrar eliminados'.
  await page.getByTestId("delete-customer").click();
  const confirm = page.getByRole("dialog", { name: `¿Eliminar el cliente ${name}?` });
  await expect(confirm).toContainText("Sus facturas, pagos y puntos se conservan");
  await confirm.getByTestId("customer-confirm-action").click();
  await expect(page.getByText("Cliente eliminado").first()).toBeVisible();
  await expect(page.getByRole("heading", { name }).locator("..")).toContainText("Eliminado");

  await page.goto(tenantUrl(`/home/customers?q=${stamp}`));
  await expect(page.getByTestId("customers-empty")).toContainText("No se encontraron clientes");
  await page.getByTestId("show-deleted").click();
  await expect(page).toHaveURL(/deleted=1/);
  const deleted = rows.filter({ hasText: name });
  await expect(deleted).toContainText("Eliminado");
  await deleted.getByRole("button", { name: `Restaurar: ${name}` }).click();
  const restore = page.getByRole("dialog", { name: `¿Restaurar el cliente ${name}?` });
  await restore.getByTestId("customer-confirm-action").click();
  await expect(page.getByText("Cliente restaurado").first()).toBeVisible();
  await expect(rows.filter({ hasText: name })).toContainText("Activo");
  await page.getByTestId("show-deleted").click();
  await expect(rows.filter({ hasText: name })).toHaveCount(1);

  // The default customer's own form: its default switch cannot be turned off.
  await page.getByTestId("customer-search").fill("Contado");
  await rows.filter({ hasText: "Contado" }).getByRole("link", { name: "Editar: Contado" }).click();
  await expect(page.getByTestId("customer-is_default")).toBeDisabled();
  await expect(page.getByTestId("customer-is_default")).toHaveAttribute("data-state", "checked");
});

test("English: the customer form speaks English ('Name is required', 'auto-generated')", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.goto(tenantUrl("/home/customers/new"));
  await expect(page.getByRole("heading", { name: "New customer" })).toBeVisible();
  await expect(page.locator("#customer-code")).toHaveValue("auto-generated");
  await page.getByTestId("save-customer").click();
  await expect(page.locator("#customer-name-error")).toHaveText("Name is required");
  await page.locator("#customer-name").fill("X");
  await page.locator("#customer-email").fill("bad@");
  await page.getByTestId("save-customer").click();
  await expect(page.locator("#customer-email-error")).toHaveText("Invalid email");
  await page.evaluate(() => localStorage.setItem("language", "es"));
});

test("the customer search side panel, as the POS mounts it: recent customers, search, keys, inline create", async ({ page }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  await signIn(page, "owner@demo.test");
  await trpcMutation(page, "customer.create", { name: `Ramona Pichardo ${stamp}`, tax_id: "00113918205", phone: "829-555-0177", address: "Calle El Conde 54" });
  for (const n of ["Uno", "Dos", "Tres"]) await trpcMutation(page, "customer.create", { name: `Grupo ${stamp} ${n}` });
  await page.goto(tenantUrl("/home/pos"));
  const chip = page.getByRole("button", { name: /^Cliente: .* \(cambiar\)$/ });
  await chip.click();
  const panel = page.getByTestId("customer-search-panel");
  const search = panel.getByTestId("customer-panel-search");
  const options = panel.getByTestId("customer-option");
  await expect(search).toBeFocused();
  await expect(panel.getByTestId("customer-panel-heading")).toHaveText("Clientes recientes");
  await expect(options.first()).toBeVisible();
  await page.screenshot({ path: "test-results/customer-panel.png" });

  await search.fill("nadie-se-llama-asi");
  await expect(panel.getByTestId("customer-panel-empty")).toHaveText("No se encontraron clientes");

  // One result: Enter picks it.
  await search.fill(`ramona pichardo ${stamp.toLowerCase()}`);
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText("001-1391820-5");
  await expect(options.first()).toContainText("829-555-0177");
  await expect(options.first()).toContainText("Calle El Conde 54");
  await search.press("Enter");
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Cliente: Ramona Pichardo ${stamp} (cambiar)` })).toBeVisible();

  // Several results: Enter moves to the list, arrows move the highlight, Enter selects (typed fast: Enter waits for the search).
  await page.getByRole("button", { name: `Cliente: Ramona Pichardo ${stamp} (cambiar)` }).click();
  await expect(search).toBeFocused();
  await search.pressSequentially(`grupo ${stamp}`);
  await search.press("Enter");
  await expect(panel.getByRole("listbox")).toBeFocused();
  await expect(options).toHaveCount(3);
  await expect(options).toHaveText([/Grupo .* Dos/, /Grupo .* Tres/, /Grupo .* Uno/]);
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  const picked = (await options.nth(1).locator("span").first().textContent())!.trim();
  await page.keyboard.press("Enter");
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Cliente: ${picked} (cambiar)` })).toBeVisible();

  // Escape closes.
  await page.getByRole("button", { name: `Cliente: ${picked} (cambiar)` }).click();
  await expect(search).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);

  // Inline create: Escape cancels the form (not the panel); the created customer is selected.
  await page.getByRole("button", { name: `Cliente: ${picked} (cambiar)` }).click();
  await panel.getByTestId("customer-panel-create").click();
  await expect(panel.getByTestId("customer-quick-form")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel.getByTestId("customer-quick-form")).toHaveCount(0);
  await expect(search).toBeVisible();
  await panel.getByTestId("customer-panel-create").click();
  await panel.getByTestId("customer-quick-save").click();
  await expect(panel.locator("#customer-quick-name-error")).toHaveText("El nombre es requerido");
  await panel.locator("#customer-quick-name").fill(`Cliente Rápido ${stamp}`);
  await panel.locator("#customer-quick-tax_id").fill("131-24679-6");
  await panel.locator("#customer-quick-phone").fill("829-555-9911");
  await panel.locator("#customer-quick-email").fill("rapido@example.do");
  await panel.locator("#customer-quick-address").fill("Av. Duarte 12");
  await panel.getByTestId("customer-quick-save").click();
  await expect(page.getByText("Cliente creado exitosamente").first()).toBeVisible();
  await expect(page.getByRole("button", { name: `Cliente: Cliente Rápido ${stamp} (cambiar)` })).toBeVisible();
});
