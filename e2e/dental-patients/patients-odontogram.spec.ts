import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "../a11y/axe";
import { signIn } from "../support";

const SHOTS = process.env.SCREENSHOT_DIR;

/** Yesterday in the practice's time zone (the browser runs in America/Santo_Domingo). */
function yesterday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santo_Domingo", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(Date.now() - 86_400_000));
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1366, 768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

test("a receptionist registers a patient; the dentist marks a cavity and a missing tooth, sees the history and the chart as of yesterday", async ({ page }) => {
  const name = `Paciente E2E ${Date.now()}`;
  await signIn(page, "owner@demo.test", "demo1234", "dental");
  const base = page.url().replace(/\/home.*$/, "");
  await page.goto(`${base}/home/dental/patients/new`);

  await expect(page.getByLabel("Nombre completo")).toBeFocused();
  await page.getByLabel("Nombre completo").fill(name);
  // a wrong check digit is refused with the spec's message
  await page.getByLabel("Cédula o pasaporte").fill("001-1391820-6");
  await page.getByTestId("save-patient").click();
  await expect(page.getByText("Cédula no válida")).toBeVisible();
  await page.getByLabel("Cédula o pasaporte").fill("001-1391820-5");
  await expect(page.getByText("Cédula dominicana")).toBeVisible();
  await page.getByLabel("Alergias").fill("Penicilina");
  await page.getByLabel("Teléfono", { exact: true }).fill("809-555-0123");
  await page.getByLabel("Hipertensión").check();
  await shot(page, "patient-form-es");
  await expectNoSeriousViolations(page, "dental patient form");
  await page.getByTestId("save-patient").click();

  await expect(page.getByTestId("patient-title")).toHaveText(name);
  await expect(page.getByTestId("allergy-warning")).toContainText("Penicilina");
  await expect(page.getByTestId("patient-facts")).toContainText("HC-");
  await expect(page.getByTestId("overview-conditions")).toHaveText("Hipertensión");
  await expect(page.getByTestId("overview-identification")).toHaveText("001-1391820-5");
  await shot(page, "patient-profile-es");
  await expectNoSeriousViolations(page, "dental patient profile");

  // the list finds the patient by the cédula
  const profileUrl = page.url();
  await page.goto(`${base}/home/dental/patients?q=00113918205`);
  await expect(page.getByTestId("patient-name").filter({ hasText: name })).toBeVisible();
  await expectNoSeriousViolations(page, "dental patients list");
  await page.goto(profileUrl);

  await page.getByTestId("tab-odontogram").click();
  await expect(page).toHaveURL(/tab=odontogram/);
  const chart = page.getByTestId("odontogram-chart");
  await chart.locator('[data-tooth="36"] rect[data-surface="occlusal"]').click();
  const menu = page.getByTestId("tooth-status-menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByTestId("surface-occlusal")).toHaveAttribute("aria-pressed", "true");
  await expect(menu.getByTestId("status-healthy")).toBeFocused();
  await expectNoSeriousViolations(page, "odontogram status menu");
  await menu.getByTestId("status-cavity").click();
  await expect(menu).toBeHidden();
  await expect(chart.locator('[data-tooth="36"] rect[data-surface="occlusal"]')).toHaveAttribute("data-status", "cavity");

  // the keyboard: focus 18 (first tooth), Enter opens the menu on the whole tooth
  await chart.locator('[data-tooth="17"]').focus();
  await page.keyboard.press("ArrowLeft");
  await expect(chart.locator('[data-tooth="18"]')).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(menu.getByTestId("surface-general")).toHaveAttribute("aria-pressed", "true");
  await menu.getByTestId("status-missing").click();
  await expect(chart.locator('[data-tooth="18"]')).toHaveAttribute("data-whole", "missing");
  await expect(chart.locator('[data-tooth="18"] [data-symbol="missing"]')).toBeVisible();

  const history = page.getByTestId("tooth-history");
  await expect(history.locator('[data-testid="history-row"][data-tooth="36"][data-status="cavity"]')).toContainText("Oclusal");
  await expect(history.locator('[data-testid="history-row"][data-tooth="18"][data-status="missing"]')).toContainText("Diente completo");
  await history.getByTestId("history-tooth-filter").selectOption("36");
  await expect(history.getByTestId("history-row")).toHaveCount(1);
  await shot(page, "odontogram-es");
  await expectNoSeriousViolations(page, "odontogram tab");

  // as of yesterday the chart was empty, and read-only
  await page.getByTestId("odontogram-at").fill(yesterday());
  await expect(page.getByTestId("odontogram-readonly")).toBeVisible();
  await expect(chart.locator("[data-whole]")).toHaveCount(0);
  await expect(chart.locator("[data-status]")).toHaveCount(0);
  await expect(chart.locator('[data-tooth="36"]')).toHaveAttribute("aria-disabled", "true");
  await chart.locator('[data-tooth="36"] rect[data-surface="occlusal"]').click({ force: true });
  await expect(menu).toBeHidden();
  await page.getByTestId("odontogram-today").click();
  await expect(chart.locator('[data-tooth="18"]')).toHaveAttribute("data-whole", "missing");

  // in English
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.reload();
  await expect(page.getByTestId("tab-odontogram")).toHaveText("Odontogram");
  await expect(page.getByTestId("odontogram-legend")).toContainText("Legend");
  await expect(page.getByTestId("tooth-history").locator('[data-testid="history-row"][data-tooth="36"]')).toContainText("Cavity");
  await expect(page.getByTestId("allergy-warning")).toContainText("Allergies:");
  await shot(page, "odontogram-en");
  await page.getByTestId("tab-overview").click();
  await expect(page.getByTestId("overview-conditions")).toHaveText("Hypertension");
  await shot(page, "patient-profile-en");
});

test("the odontogram page picks a patient first and switches to the child dentition", async ({ page }) => {
  const name = `Selector E2E ${Date.now()}`;
  await signIn(page, "owner@demo.test", "demo1234", "dental");
  const base = page.url().replace(/\/home.*$/, "");
  await page.goto(`${base}/home/dental/patients/new`);
  await page.getByLabel("Nombre completo").fill(name);
  await page.getByLabel("Cédula o pasaporte").fill("PA778899");
  await page.getByTestId("save-patient").click();
  await expect(page.getByTestId("patient-title")).toHaveText(name);

  await page.goto(`${base}/home/dental/odontogram`);
  await page.getByTestId("odontogram-patient-search").fill(name);
  await page.getByTestId("odontogram-patient-option").filter({ hasText: name }).click();
  await expect(page.getByTestId("odontogram-patient")).toHaveText(name);
  await expect(page).toHaveURL(/patient=/);
  await page.getByTestId("dentition-child").click();
  await expect(page.getByTestId("odontogram-chart").locator('[data-tooth="55"]')).toBeVisible();
  await shot(page, "odontogram-page-es");
});

test("the tooth-chart selector (lab order form) picks teeth on the adult and child grids and shows five badges then +N", async ({ page }) => {
  const name = `Dientes E2E ${Date.now()}`;
  await signIn(page, "owner@demo.test", "demo1234", "dental");
  const base = page.url().replace(/\/home.*$/, "");
  await page.goto(`${base}/home/dental/patients/new`);
  await page.getByLabel("Nombre completo").fill(name);
  await page.getByTestId("save-patient").click();
  await expect(page.getByTestId("patient-title")).toHaveText(name);
  await page.getByTestId("tab-labOrders").click();
  await page.getByTestId("new-lab-order").click();
  await page.getByTestId("tooth-chart-selector").click();
  const picker = page.getByTestId("tooth-chart-picker");
  await expect(picker).toBeVisible();
  for (const tooth of [11, 12, 13, 21, 22, 36]) await picker.locator(`[data-tooth="${tooth}"]`).click();
  await picker.getByRole("button", { name: "Temporales" }).click();
  await picker.locator('[data-tooth="55"]').click();
  await expect(picker.locator('[data-tooth="55"]')).toHaveAttribute("aria-pressed", "true");
  await expect(picker).toContainText("7 seleccionados");
  await shot(page, "tooth-selector-es");
  await expectNoSeriousViolations(page, "tooth-chart selector");
  await page.keyboard.press("Escape");
  await expect(picker).toBeHidden();
  const selector = page.getByTestId("tooth-chart-selector");
  await expect(selector.getByTestId("tooth-badge")).toHaveText(["11", "12", "13", "21", "22"]);
  await expect(selector.getByTestId("tooth-badge-more")).toHaveText("+2");
});
