import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, settle } from "../a11y/axe";
import { trpcMutation, trpcQuery } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/**
 * Issue 18 admin area on the demo clinic: the owner's module permissions take effect for the
 * cashier at once; an administrator with 'settings' adds a catalogue procedure; the dashboard and
 * the reports show the practice's figures (and the CSV). Other specs share the tenant: the rights
 * are put back as they were, and names are unique.
 */
type Rights = { admin: string[]; cashier: string[] };
type Settings = { roleRights: Rights; chartNotation: string };
const stamp = Date.now().toString(36).slice(-5).toUpperCase();


test("the owner grants the cashier 'clinical' and the cashier then sees the odontogram in the menu", async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, "owner@demo.test", "demo1234", "dental");
  const before = await trpcQuery<Settings>(owner, "dental.getSettings");
  try {
    // Start from a cashier without 'clinical'.
    await trpcMutation(owner, "dental.updateSettings", { ...before, roleRights: { ...before.roleRights, cashier: before.roleRights.cashier.filter((r) => r !== "clinical") } });
    const cashierContext = await browser.newContext();
    const cashier = await cashierContext.newPage();
    await signIn(cashier, "cashier@demo.test", "demo1234", "dental");
    await cashier.goto(tenantUrl("/home/dental", "dental"));
    const menu = cashier.getByRole("navigation", { name: "Menú de la clínica dental" });
    await expect(menu.getByRole("link", { name: "Pacientes" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Odontograma" })).toHaveCount(0);

    await owner.goto(tenantUrl("/home/dental/settings", "dental"));
    await settle(owner);
    const box = owner.getByTestId("cashier-clinical");
    await expect(box).not.toBeChecked();
    await box.check();
    await owner.getByTestId("save-dental-settings").click();
    await expect(owner.getByText("Ajustes guardados", { exact: true })).toBeVisible();

    // Takes effect at once: a fresh load of the cashier's screen shows the entry and opens it.
    await cashier.reload();
    await expect(menu.getByRole("link", { name: "Odontograma" })).toBeVisible();
    await menu.getByRole("link", { name: "Odontograma" }).click();
    await expect(cashier).toHaveURL(/\/home\/dental\/odontogram/);
    await expect(cashier.getByText("No tiene acceso a esta página")).toHaveCount(0);
    // The settings page itself stays closed to the cashier.
    await cashier.goto(tenantUrl("/home/dental/settings", "dental"));
    await expect(cashier.getByText("No tiene acceso a esta página")).toBeVisible();
    await cashierContext.close();
  } finally {
    await trpcMutation(owner, "dental.updateSettings", before);
    await ownerContext.close();
  }
});

test("an administrator with 'settings' adds a procedure to the catalogue and edits its price", async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, "owner@demo.test", "demo1234", "dental");
  const before = await trpcQuery<Settings>(owner, "dental.getSettings");
  try {
    await trpcMutation(owner, "dental.updateSettings", { ...before, roleRights: { ...before.roleRights, admin: [...new Set([...before.roleRights.admin, "settings"])] } });
    const page = await (await browser.newContext()).newPage();
    await signIn(page, "admin@demo.test", "demo1234", "dental");
    await page.goto(tenantUrl("/home/dental/settings", "dental"));
    await settle(page);
    await expect(page.getByRole("heading", { name: "Ajustes de la clínica" })).toBeVisible();
    await page.getByTestId("add-procedure-type").click();
    const dialog = page.getByTestId("procedure-type-dialog");
    await expect(dialog.getByLabel("Código")).toBeFocused();
    // A blank name is refused in the dialog.
    await dialog.getByLabel("Código").fill(`GIN${stamp}`);
    await dialog.getByTestId("save-procedure-type").click();
    await expect(dialog.getByText("El nombre es requerido")).toBeVisible();
    const name = `Gingivectomía ${stamp}`;
    await dialog.getByLabel("Nombre").fill(name);
    await dialog.getByLabel("Precio (RD$)").fill("4800");
    await dialog.getByLabel("Se registra en").selectOption("tooth");
    await expectNoSeriousViolations(page, "procedure type dialog");
    await dialog.getByLabel("Precio (RD$)").press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Procedimiento creado", { exact: true })).toBeVisible();
    const row = page.getByTestId("procedure-type-row").filter({ hasText: name });
    await expect(row).toContainText(`GIN${stamp}`);
    await expect(row).toContainText("RD$4,800.00");

    await row.getByRole("button", { name: `Editar ${name}` }).click();
    await expect(dialog.getByLabel("Nombre")).toBeFocused();
    await dialog.getByLabel("Precio (RD$)").fill("5200.50");
    await dialog.getByTestId("save-procedure-type").click();
    await expect(row).toContainText("RD$5,200.50");
    // Escape closes the dialog without saving.
    await row.getByRole("button", { name: `Editar ${name}` }).click();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // The entry is a service product of the catalogue.
    const list = await trpcQuery<{ code: string; productId: string }[]>(page, "dental.getProcedureTypes");
    expect(list.some((p) => p.code === `GIN${stamp}`)).toBe(true);
    await page.context().close();
  } finally {
    await trpcMutation(owner, "dental.updateSettings", before);
    await ownerContext.close();
  }
});

test("the dashboard shows the practice's figures; the reports export a CSV", async ({ page }) => {
  await signIn(page, "owner@demo.test", "demo1234", "dental");
  await page.goto(tenantUrl("/home/dental", "dental"));
  await settle(page);
  await expect(page.getByRole("heading", { name: "Panel de la clínica" })).toBeVisible();
  const data = await trpcQuery<{ patientsSeen: { today: number; month: number }; labOrders: { pending: number; overdue: number }; plans: { proposed: number; accepted: number } }>(page, "dental.getDashboard");
  await expect(page.getByTestId("stat-patients-today-value")).toHaveText(String(data.patientsSeen.today));
  await expect(page.getByTestId("stat-patients-month-value")).toHaveText(String(data.patientsSeen.month));
  await expect(page.getByTestId("stat-lab-orders-value")).toHaveText(String(data.labOrders.pending));
  expect(data.patientsSeen.today).toBeGreaterThan(0);
  // The demo plan's first phase was invoiced: its procedures are on the revenue table.
  await expect(page.getByTestId("revenue-by-procedure")).toContainText("Resina compuesta");
  await expect(page.getByTestId("dental-treatments")).toContainText("En progreso");
  await expect(page.getByTestId("plans-proposed")).toHaveText(String(data.plans.proposed));
  await expectNoSeriousViolations(page, "dental dashboard");
  await page.getByTestId("quick-new-patient").click();
  await expect(page).toHaveURL(/\/home\/dental\/patients\/new/);

  await page.goto(tenantUrl("/home/dental/reports", "dental"));
  await settle(page);
  await page.getByLabel("Agrupar por").selectOption("week");
  await page.getByTestId("apply-report").click();
  await expect(page.getByTestId("report-period-row").first()).toBeVisible();
  await expect(page.getByTestId("total-revenue")).not.toHaveText("RD$0.00");
  const download = page.waitForEvent("download");
  await page.getByTestId("export-report").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^reporte-dental-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
  expect(text).toContain("Periodo,Pacientes atendidos,Pacientes nuevos");
  expect(text).toContain("Resina compuesta");
  // A reversed range is refused in the form.
  await page.getByLabel("Desde").fill("2026-12-31");
  await page.getByLabel("Hasta").fill("2026-01-01");
  await page.getByTestId("apply-report").click();
  await expect(page.getByRole("alert").filter({ hasText: "La fecha final debe ser posterior a la inicial" })).toBeVisible();
  await expectNoSeriousViolations(page, "dental reports");
});
