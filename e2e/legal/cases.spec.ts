import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "../a11y/axe";
import { shotAtWidths, signIn, tenantUrl } from "../support";

/**
 * The legal case area (issue 20) on the `legal` demo tenant: the statistics and the badges of the
 * list, a case's parties, time entries adding up to the billable total, an event with a reminder
 * on the calendar, and the list and a case on a phone without sideways scroll.
 */

const TENANT = "legal";
const url = (path: string) => tenantUrl(path, TENANT);

/** 'RD$12,345.67' → 1234567 (cents, as an integer: no float sums). */
function cents(text: string): number {
  const m = text.replace(/[^\d.-]/g, "");
  const [int, dec = "00"] = m.split(".");
  return Number(int) * 100 + Number(dec.padEnd(2, "0").slice(0, 2));
}
function money(c: number): string {
  const int = Math.floor(c / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `RD$${int}.${String(c % 100).padStart(2, "0")}`;
}
/** Today in Santo Domingo as yyyy-MM-dd. */
function today(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santo_Domingo", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

async function noSidewaysScroll(page: Page, what: string) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(over, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

async function openFirstActiveCase(page: Page): Promise<string> {
  await page.goto(url("/home/legal?status=active"));
  const first = page.getByTestId("case-row").first();
  await expect(first).toBeVisible();
  await first.getByTestId("case-number").click();
  await expect(page).toHaveURL(/\/home\/legal\/cases\/[0-9a-f-]{36}/);
  await expect(page.getByTestId("case-detail-title")).toBeVisible();
  return page.url().replace(/[?#].*$/, "");
}

test("cases: statistics and badges, a party, two time entries add to the billable total, an event with a reminder on the calendar", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, "owner@demo.test", undefined, TENANT);
  await page.goto(url("/home/legal"));

  // The statistics summary and the badges.
  const total = Number(await page.getByTestId("stat-total-value").textContent());
  expect(total).toBeGreaterThan(0);
  const active = Number(await page.getByTestId("stat-active-value").textContent());
  await expect(page.getByTestId("stat-urgent-value")).toHaveText(/^\d+$/);
  await expect(page.getByTestId("stat-by-type")).toBeVisible();
  await expect(page.getByTestId("case-priority-badge").first()).toHaveText(/Baja|Normal|Alta|Urgente|Crítica/);
  await expect(page.getByTestId("case-status-badge").first()).toHaveText(/Activo|En Espera|Cerrado|Archivado/);
  await expectNoSeriousViolations(page, "legal case list");
  await shotAtWidths(page, "legal-cases-es", { fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  // A card filters the list: 'Activos' shows only active cases.
  await page.getByTestId("stat-active").click();
  await expect(page).toHaveURL(/status=active/);
  await expect(page.getByTestId("stat-active")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("case-row")).toHaveCount(Math.min(active, 20));
  for (const badge of await page.getByTestId("case-row").getByTestId("case-status-badge").all()) await expect(badge).toHaveText("Activo");

  // Open a case.
  const caseUrl = await openFirstActiveCase(page);
  await expect(page.getByTestId("case-client-link")).toHaveAttribute("href", /\/home\/customers\/[0-9a-f-]{36}\/legal$/);

  // Add a party.
  const party = `Parte E2E ${Date.now()}`;
  await page.getByTestId("case-tab-parties").click();
  await expect(page).toHaveURL(/tab=parties/);
  await page.getByTestId("new-party").click();
  const partyDialog = page.getByTestId("party-dialog");
  await expect(partyDialog).toBeVisible();
  await expectNoSeriousViolations(page, "legal party dialog");
  await partyDialog.getByLabel(/^Nombre( \*)?$/).fill(party);
  await partyDialog.getByLabel("Tipo de parte").selectOption("witness");
  await partyDialog.getByLabel("RNC / Cédula").fill("001-0000001-1");
  await partyDialog.getByTestId("party-save").click();
  await expect(partyDialog).toBeHidden();
  const partyRow = page.getByTestId("party-row").filter({ hasText: party });
  await expect(partyRow).toContainText("Testigo");
  await shotAtWidths(page, "legal-case-parties-es", { fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  // Edit it, then delete it (asked first).
  await partyRow.getByTestId("party-menu").click();
  await page.getByTestId("party-edit").click();
  await expect(partyDialog.getByLabel(/^Nombre( \*)?$/)).toHaveValue(party);
  await partyDialog.getByLabel("Rol").fill("Testigo presencial");
  await partyDialog.getByTestId("party-save").click();
  await expect(partyDialog).toBeHidden();
  await expect(partyRow).toContainText("Testigo presencial");
  await partyRow.getByTestId("party-menu").click();
  await page.getByTestId("party-delete").click();
  await expect(page.getByTestId("party-delete-dialog")).toContainText(party);
  await page.getByTestId("party-delete-dialog-confirm").click();
  await expect(partyRow).toHaveCount(0);

  // Two time entries: 1.5 h and 2 h at RD$2,500.00 add RD$8,750.00 to the billable amount.
  await page.getByTestId("case-tab-time").click();
  await expect(page).toHaveURL(/tab=time/);
  const amount = page.getByTestId("billable-amount");
  await expect(page.getByTestId("time-row").or(page.getByTestId("time-empty")).first()).toBeVisible();
  await expect(amount).toHaveText(/RD\$/);
  const before = cents((await amount.textContent()) ?? "");
  const rowsBefore = await page.getByTestId("time-row").count();
  for (const [hours, what] of [
    ["1.5", "Investigación de jurisprudencia E2E"],
    ["2", "Redacción del escrito E2E"],
  ] as const) {
    await page.getByTestId("new-time-entry").click();
    const dialog = page.getByTestId("time-dialog");
    await dialog.getByLabel("Duración (horas)").fill(hours);
    await dialog.getByLabel("Descripción").fill(what);
    await dialog.getByLabel("Tarifa por hora").fill("2500");
    await dialog.getByTestId("time-save").click();
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByTestId("time-row")).toHaveCount(rowsBefore + 2);
  await expect(amount).toHaveText(money(before + 875_000));
  await expectNoSeriousViolations(page, "legal case time tab");
  await shotAtWidths(page, "legal-case-time-es", { fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  // The overview's billing summary says the same.
  await page.getByTestId("case-tab-overview").click();
  await expect(page.getByTestId("overview-billable-amount")).toHaveText(money(before + 875_000));

  // An event with a reminder, then on the calendar.
  const title = `Audiencia E2E ${Date.now()}`;
  await page.getByTestId("case-tab-events").click();
  await page.getByTestId("new-event").click();
  const eventDialog = page.getByTestId("event-dialog");
  await eventDialog.getByLabel("Título").fill(title);
  await eventDialog.getByLabel("Fecha").fill(today());
  await eventDialog.getByLabel("Hora de inicio").fill("10:00");
  await eventDialog.getByLabel("Hora de fin").fill("11:30");
  await eventDialog.getByTestId("event-reminderEnabled").click();
  await eventDialog.getByLabel("Cuándo recordar").selectOption("1440");
  await eventDialog.getByTestId("event-save").click();
  await expect(eventDialog).toBeHidden();
  const eventRow = page.getByTestId("event-row").filter({ hasText: title });
  await expect(eventRow.getByTestId("event-reminder")).toHaveText("1 día antes");
  await shotAtWidths(page, "legal-case-events-es", { fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.getByTestId("legal-nav").getByRole("link", { name: "Calendario" }).click();
  await expect(page).toHaveURL(/\/home\/legal\/calendar/);
  const onCalendar = page.getByTestId("calendar-grid").getByTestId("calendar-event").filter({ hasText: title });
  await expect(onCalendar).toBeVisible();
  await expect(onCalendar).toHaveAttribute("href", /\?tab=events$/);
  await expectNoSeriousViolations(page, "legal calendar");
  await shotAtWidths(page, "legal-calendar-es", { fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await onCalendar.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${caseUrl.replace(/^https?:\/\/[^/]+/, "")}\\?tab=events$`));
  await expect(page.getByTestId("event-row").filter({ hasText: title })).toBeVisible();
});

test("cases on a phone (390 px): the list stacks and a case has no sideways scroll; screenshots in English", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "owner@demo.test", undefined, TENANT);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url("/home/legal"));
  await expect(page.getByTestId("case-row").first()).toBeVisible();
  await noSidewaysScroll(page, "the case list");
  await openFirstActiveCase(page);
  for (const tab of ["overview", "parties", "events", "tasks", "time", "communications"]) {
    await page.getByTestId(`case-tab-${tab}`).click();
    await expect(page.getByTestId(`case-tab-${tab}`)).toHaveAttribute("aria-selected", "true");
    await noSidewaysScroll(page, `the case's ${tab} tab`);
    await expectNoSeriousViolations(page, `legal case ${tab} tab`);
  }
  for (const [tab, button, dialog] of [
    ["events", "new-event", "event-dialog"],
    ["tasks", "new-task", "task-dialog"],
    ["time", "new-time-entry", "time-dialog"],
    ["communications", "new-communication", "communication-dialog"],
  ] as const) {
    await page.getByTestId(`case-tab-${tab}`).click();
    await page.getByTestId(button).click();
    await expect(page.getByTestId(dialog)).toBeVisible();
    await noSidewaysScroll(page, `the ${dialog}`);
    await expectNoSeriousViolations(page, `legal ${dialog}`);
    await page.keyboard.press("Escape");
    await expect(page.getByTestId(dialog)).toBeHidden();
  }
  await page.goto(url("/home/legal/calendar"));
  await expect(page.getByTestId("calendar-list")).toBeVisible();
  await noSidewaysScroll(page, "the calendar");
  await page.goto(url("/home/legal/cases/new"));
  await expect(page.getByTestId("case-form")).toBeVisible();
  await noSidewaysScroll(page, "the case form");
  await expectNoSeriousViolations(page, "legal case form");

  // English.
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.goto(url("/home/legal"));
  await expect(page.getByRole("heading", { name: "Legal cases" })).toBeVisible();
  await expect(page.getByTestId("case-status-badge").first()).toHaveText(/Active|On Hold|Closed|Archived/);
  await shotAtWidths(page, "legal-cases-en", { fullPage: true });
  await openFirstActiveCase(page);
  await shotAtWidths(page, "legal-case-en", { fullPage: true });
  await page.getByTestId("case-tab-time").click();
  await shotAtWidths(page, "legal-case-time-en", { fullPage: true });
  await page.goto(url("/home/legal/calendar"));
  await shotAtWidths(page, "legal-calendar-en", { fullPage: true });
  await page.goto(url("/home/legal/cases/new"));
  await expect(page.getByRole("heading", { name: "New case" })).toBeVisible();
  await shotAtWidths(page, "legal-case-form-en", { fullPage: true });
  await page.evaluate(() => localStorage.setItem("language", "es"));
});

test("a new case: the required fields are refused with their messages, then it is created for a legal client and opens", async ({ page }) => {
  await signIn(page, "owner@demo.test", undefined, TENANT);
  await page.goto(url("/home/legal/cases/new"));
  await expect(page.getByLabel(/^Título/)).toBeFocused();
  await page.getByTestId("save-case").click();
  await expect(page.locator("#case-title-error")).toBeVisible();
  await expect(page.locator("#case-primaryClientId-error")).toBeVisible();

  const title = `Caso E2E ${Date.now()}`;
  await page.getByLabel(/^Título/).fill(title);
  await page.getByLabel(/^Tipo de caso/).selectOption("commercial");
  await page.getByLabel("Prioridad").selectOption("high");
  await page.getByTestId("client-search").fill("Batista");
  await expect(page.getByTestId("client-select")).not.toHaveValue("");
  await page.getByLabel("Tribunal").fill("Cámara Civil y Comercial del Distrito Nacional");
  await page.getByLabel("Valor estimado").fill("125000");
  await page.locator("#case-tags").fill("cobro");
  await page.locator("#case-tags").press("Enter");
  await expect(page.getByTestId("tag-list")).toContainText("cobro");
  await page.getByTestId("save-case").click();

  await expect(page).toHaveURL(/\/home\/legal\/cases\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("case-detail-title")).toHaveText(title);
  await expect(page.getByTestId("case-detail-number")).toHaveText(/^EXP-\d{4}-\d{4}$/);
  await expect(page.getByTestId("case-client-link")).toContainText("Batista");
  await expect(page.getByTestId("case-priority-badge").first()).toHaveText("Alta");
  await expect(page.getByText("RD$125,000.00")).toBeVisible();

  // Put on hold, then reopen (each asks first).
  await page.getByTestId("case-status-on_hold").click();
  await page.getByTestId("case-status-dialog-confirm").click();
  await expect(page.getByTestId("case-status-badge").first()).toHaveText("En Espera");
  await page.getByTestId("case-status-active").click();
  await page.getByTestId("case-status-dialog-confirm").click();
  await expect(page.getByTestId("case-status-badge").first()).toHaveText("Activo");

  // Edit: the form comes back with the case's values; a new title is saved.
  await page.getByTestId("edit-case").click();
  await expect(page.getByLabel(/^Título/)).toHaveValue(title);
  await expect(page.getByTestId("client-select")).not.toHaveValue("");
  await expect(page.getByLabel("Valor estimado")).toHaveValue("125000.00");
  await page.getByLabel(/^Título/).fill(`${title} (editado)`);
  await page.getByTestId("save-case").click();
  await expect(page.getByTestId("case-detail-title")).toHaveText(`${title} (editado)`);
});
