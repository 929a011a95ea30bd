import { expect, type Page, test } from "@playwright/test";
import { browserFetch } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

async function openTab(page: Page, name: string, key: string) {
  await page.getByRole("tab", { name }).click();
  await expect(page.getByTestId(`legal-panel-${key}`)).toBeVisible();
}

test("an owner creates a legal client through the six tabs (retainer billing), survives a failed second step without a second customer, and finds the data again", async ({ page }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Banco del Caribe ${stamp}`;

  await signIn(page, "owner@demo.test");
  await page.goto(tenantUrl("/home/customers"));
  await page.getByTestId("new-legal-client").click();
  await expect(page).toHaveURL(tenantUrl("/home/customers/legal/new"));
  await expect(page.getByRole("heading", { name: "Nuevo cliente legal" })).toBeVisible();
  await expect(page.getByRole("tab")).toHaveText(["Básico", "Legal", "Facturación", "Cumplimiento", "Comunicación", "Notas"]);

  // Basic: the customer part, status (prospect by default) and the main address.
  await expect(page.locator("#legal-status")).toHaveValue("prospect");
  await page.locator("#legal-name").fill(name);
  await page.locator("#legal-tax_id").fill("1-31-24679-6");
  await expect(page.getByTestId("fiscal-hint")).toContainText("RNC");
  await page.locator("#legal-email").fill("legal@bancocaribe.do");
  await page.locator("#legal-phone").fill("809-555-0190");
  await page.locator("#legal-status").selectOption("active");
  await page.locator("#legal-client_since").fill("2024-01-15");
  await page.locator("#legal-address_line1").fill("Av. Abraham Lincoln 1003");
  await page.locator("#legal-address_line2").fill("Torre Profesional, piso 5");
  await page.locator("#legal-city").fill("Santo Domingo");
  await page.locator("#legal-state").fill("Distrito Nacional");
  await page.locator("#legal-postal_code").fill("10148");
  // The country starts filled in (a value, not a placeholder).
  await expect(page.locator("#legal-country")).toHaveValue("República Dominicana");
  await page.screenshot({ path: "test-results/legal-client-basic.png" });

  // Legal.
  await openTab(page, "Legal", "legal");
  await expect(page.locator("#legal-industry option")).toHaveCount(22);
  await expect(page.locator("#legal-jurisdiction option")).toHaveCount(14);
  await page.locator("#legal-jurisdiction").selectOption("distrito_nacional");
  await page.locator("#legal-industry").selectOption("financial_services");
  await page.locator("#legal-industry_sector").fill("Banca comercial");
  await page.locator("#legal-company_registration_number").fill("RM-12345-SD");
  await page.locator("#legal-company_registration_date").fill("2015-03-10");
  await page.locator("#legal-employee_count").fill("250");
  await page.locator("#legal-annual_revenue").fill("125000000");
  await page.locator("#legal-legal_representative_name").fill("María Gómez");
  await page.locator("#legal-legal_representative_id").fill("001-1391820-5");
  await page.locator("#legal-legal_representative_position").fill("Gerente General");

  // Billing: retainer enables the retainer fields, not the hourly rate; 'Same as main address' is on.
  await openTab(page, "Facturación", "billing");
  await expect(page.locator("#legal-payment_terms")).toHaveValue("30");
  await expect(page.getByTestId("legal-same_as_main")).toHaveAttribute("data-state", "checked");
  await expect(page.locator("#legal-billing_address_line1")).toHaveValue("Av. Abraham Lincoln 1003");
  await expect(page.locator("#legal-billing_address_line1")).toBeDisabled();
  await page.locator("#legal-billing_type").selectOption("retainer");
  await expect(page.locator("#legal-hourly_rate")).toBeDisabled();
  await expect(page.locator("#legal-retainer_amount")).toBeEnabled();
  await page.locator("#legal-retainer_amount").fill("75000");
  await page.locator("#legal-retainer_frequency").selectOption("monthly");
  await page.locator("#legal-payment_terms").fill("treinta");
  await page.locator("#legal-credit_limit").fill("500000");
  await page.locator("#legal-preferred_payment_method").selectOption("transfer");
  await page.screenshot({ path: "test-results/legal-client-billing.png" });

  // Compliance.
  await openTab(page, "Cumplimiento", "compliance");
  await page.locator("#legal-risk_level").selectOption("medium");
  await page.getByTestId("legal-aml_check_completed").click();
  await page.getByTestId("legal-kyc_verified").click();
  await page.locator("#legal-conflict_check_notes").fill("Sin conflictos");
  await page.locator("#legal-referral_source").selectOption("referral_client");

  // Communication: the portal user name shows only with portal access.
  await openTab(page, "Comunicación", "communication");
  await page.locator("#legal-preferred_language").selectOption("es");
  await page.locator("#legal-preferred_communication_method").selectOption("whatsapp");
  await page.locator("#legal-preferred_contact_time").selectOption("morning");
  await expect(page.locator("#legal-portal_username")).toHaveCount(0);
  await page.getByTestId("legal-portal_access_enabled").click();
  await page.locator("#legal-portal_username").fill("banco.caribe");

  // Notes: tags as a list.
  await openTab(page, "Notas", "notes");
  await page.locator("#legal-document_retention_policy").selectOption("7_years");
  await page.locator("#legal-preferred_document_format").selectOption("pdf");
  await page.locator("#legal-notes").fill("Cliente corporativo");
  await page.locator("#legal-internal_notes").fill("Revisar contrato anual");
  await page.locator("#legal-tags").fill("banca");
  await page.locator("#legal-tags").press("Enter");
  await page.locator("#legal-tags").fill("corporativo");
  await page.getByTestId("add-tag").click();
  await expect(page.getByTestId("tag-list").locator("li")).toHaveText(["banca", "corporativo"]);

  // The second step fails once: the error is shown, the created customer is kept.
  let failures = 0;
  await page.route("**/api/trpc/legattiCustomer.create**", async (route) => {
    if (failures++ > 0) return route.fallback();
    await route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify([{ error: { json: { message: "Servicio no disponible", code: -32603, data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500, path: "legattiCustomer.create" } } } }]),
    });
  });
  await page.getByTestId("save-legal-client").click();
  await expect(page.getByText("Error al crear los datos legales: Servicio no disponible").first()).toBeVisible();
  await expect(page).toHaveURL(tenantUrl("/home/customers/legal/new"));
  await expect(page.getByTestId("created-customer-notice")).toContainText(/CLI-\d{6}/);

  // Saving again repeats only the second step, then returns to the customer list.
  await page.getByTestId("save-legal-client").click();
  await expect(page).toHaveURL(tenantUrl("/home/customers"));
  await expect(page.getByText("Cliente legal creado").first()).toBeVisible();
  expect(failures).toBe(2);

  // One customer only, marked as a legal client.
  await page.getByTestId("customer-search").fill(stamp);
  const rows = page.getByTestId("customer-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Cliente legal");
  await expect(rows.first()).toContainText("1-31-24679-6");
  const all = await browserFetch(page, `/api/trpc/customer.getAll?input=${encodeURIComponent(JSON.stringify({ json: { search: stamp, showDeleted: true } }))}`);
  expect(JSON.parse(all.body as string).result.data.json.pagination.total).toBe(1);

  // Reopen: every tab shows what was saved.
  await rows.first().getByRole("link", { name: `Editar: ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Editar cliente legal" })).toBeVisible();
  await expect(page.locator("#legal-name")).toHaveValue(name);
  await expect(page.locator("#legal-code")).toHaveValue(/CLI-\d{6}/);
  await expect(page.locator("#legal-tax_id")).toHaveValue("1-31-24679-6");
  await expect(page.locator("#legal-status")).toHaveValue("active");
  await expect(page.locator("#legal-client_since")).toHaveValue("2024-01-15");
  await expect(page.locator("#legal-city")).toHaveValue("Santo Domingo");
  await openTab(page, "Legal", "legal");
  await expect(page.locator("#legal-industry")).toHaveValue("financial_services");
  await expect(page.locator("#legal-jurisdiction")).toHaveValue("distrito_nacional");
  await expect(page.locator("#legal-employee_count")).toHaveValue("250");
  await expect(page.locator("#legal-annual_revenue")).toHaveValue("125000000.00");
  await expect(page.locator("#legal-legal_representative_name")).toHaveValue("María Gómez");
  await openTab(page, "Facturación", "billing");
  await expect(page.locator("#legal-billing_type")).toHaveValue("retainer");
  await expect(page.locator("#legal-retainer_amount")).toHaveValue("75000.00");
  await expect(page.locator("#legal-retainer_frequency")).toHaveValue("monthly");
  await expect(page.locator("#legal-payment_terms")).toHaveValue("30");
  await expect(page.locator("#legal-credit_limit")).toHaveValue("500000.00");
  await expect(page.locator("#legal-hourly_rate")).toHaveValue("");
  await expect(page.getByTestId("legal-same_as_main")).toHaveAttribute("data-state", "checked");
  await expect(page.locator("#legal-billing_city")).toHaveValue("Santo Domingo");
  await openTab(page, "Cumplimiento", "compliance");
  await expect(page.locator("#legal-risk_level")).toHaveValue("medium");
  await expect(page.getByTestId("legal-aml_check_completed")).toHaveAttribute("data-state", "checked");
  await expect(page.getByTestId("legal-conflict_check_completed")).toHaveAttribute("data-state", "unchecked");
  await openTab(page, "Comunicación", "communication");
  await expect(page.locator("#legal-preferred_communication_method")).toHaveValue("whatsapp");
  await expect(page.locator("#legal-portal_username")).toHaveValue("banco.caribe");
  await openTab(page, "Notas", "notes");
  await expect(page.getByTestId("tag-list").locator("li")).toHaveText(["banca", "corporativo"]);
  await expect(page.locator("#legal-internal_notes")).toHaveValue("Revisar contrato anual");

  // An edit goes through the same chain (customer.update, then legattiCustomer.update).
  await page.locator("#legal-notes").fill("Cliente corporativo prioritario");
  await page.getByTestId("save-legal-client").click();
  await expect(page).toHaveURL(tenantUrl("/home/customers"));
  await expect(page.getByText("Cliente legal actualizado").first()).toBeVisible();

  // The details page shows the legal summary.
  await page.getByTestId("customer-search").fill(stamp);
  await page.getByTestId("customer-row").first().getByRole("link", { name, exact: true }).click();
  const summary = page.getByTestId("legal-summary");
  await expect(summary).toContainText("Activo");
  await expect(summary).toContainText("Servicios financieros");
  await expect(summary).toContainText("Iguala");
  await expect(summary).toContainText("RD$75,000.00 · Mensual");
  await expect(summary).toContainText("30 días");
  await page.screenshot({ path: "test-results/legal-client-details.png", fullPage: true });
});
