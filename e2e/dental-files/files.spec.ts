import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { expect, type Page, test } from "@playwright/test";
import { trpcMutation, trpcQuery } from "../catalog-helpers";
import { browserFetch } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

/**
 * The dental files area on the demo clinic (issue 18): an x-ray with an arrow annotation kept
 * across a reload, a printed prescription, an overdue lab order under 'Atrasadas', and a
 * confidential document the front desk does not see.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A grayscale PNG that looks a little like a radiograph (a lighter band across a dark field). */
function xrayPng(width = 320, height = 200): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(width + 1);
    for (let x = 0; x < width; x++) row[x + 1] = Math.min(255, 30 + Math.round(150 * Math.exp(-(((y - height / 2) / (height / 5)) ** 2))) + ((x * 7) % 20));
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}

const stamp = Date.now().toString(36);
let patientId = "";
const patientName = `Paciente Archivos ${stamp}`;

async function openTab(page: Page, tab: string) {
  await page.goto(tenantUrl(`/home/dental/patients/${patientId}?tab=${tab}`, "dental"));
}

/** YYYY-MM-DD of yesterday in the clinic's time zone. */
function yesterday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santo_Domingo", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(Date.now() - 36 * 3_600_000));
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page, "owner@demo.test", "demo1234", "dental");
  const created = await trpcMutation<{ id: string }>(page, "dental.createPatient", { name: patientName, allergies: ["Penicilina"] });
  patientId = created.id;
  await page.close();
});

test("an x-ray uploaded with an arrow annotation is drawn again after a reload", async ({ page }) => {
  await signIn(page, "owner@demo.test", "demo1234", "dental");
  await openTab(page, "xrays");
  await page.getByTestId("new-xray").click();
  const dialog = page.getByTestId("xray-dialog");
  await dialog.getByTestId("xray-files").setInputFiles({ name: "periapical-36.png", mimeType: "image/png", buffer: xrayPng() });
  await dialog.getByTestId("xray-type").selectOption("periapical");
  await dialog.getByLabel("Hallazgos").fill(`Caries distal 36 ${stamp}`);
  await dialog.getByTestId("xray-upload-save").click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId("xray-card").filter({ hasText: stamp });
  await expect(card).toHaveCount(1);

  await card.getByTestId("xray-open").click();
  const viewer = page.getByTestId("xray-viewer");
  await expect(viewer.getByTestId("tool-arrow")).toHaveAttribute("aria-pressed", "true");
  const svg = viewer.getByTestId("xray-annotations");
  await expect(svg).toBeVisible();
  const box = (await svg.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.5, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.7, { steps: 5 });
  await page.mouse.up();
  await expect(viewer.locator('[data-shape="arrow"]')).toHaveCount(1);
  await expect(viewer.getByTestId("xray-shape-count")).toHaveText("1 anotación");
  await viewer.getByTestId("xray-save").click();
  await expect(viewer).toBeHidden();

  await page.reload();
  const again = page.getByTestId("xray-card").filter({ hasText: stamp });
  await expect(again.getByTestId("xray-annotations")).toHaveAttribute("data-count", "1");
  await expect(again.locator('[data-shape="arrow"]')).toHaveCount(1);
  await again.getByTestId("xray-open").click();
  const reopened = page.getByTestId("xray-viewer");
  const line = reopened.locator('[data-shape="arrow"] line');
  await expect(line).toHaveCount(1);
  // drawn where it was drawn: from (0.2, 0.3) to (0.6, 0.7) of the 320 × 200 image
  expect(Number(await line.getAttribute("x1"))).toBeCloseTo(64, -1);
  expect(Number(await line.getAttribute("y2"))).toBeCloseTo(140, -1);
  await reopened.getByTestId("xray-zoom-in").click();
  await expect(reopened.getByTestId("xray-zoom")).toHaveText("150%");
  await page.keyboard.press("Escape");
  await expect(reopened).toBeHidden();
});

test("a prescription is written with the allergy warning and printed as a PDF", async ({ page }) => {
  await signIn(page, "owner@demo.test", "demo1234", "dental");
  await openTab(page, "prescriptions");
  await page.getByTestId("new-prescription").click();
  const dialog = page.getByTestId("prescription-dialog");
  await expect(dialog.getByTestId("allergy-warning")).toContainText("Penicilina");
  await dialog.getByTestId("rx-dentist").selectOption({ index: 1 });
  await dialog.getByTestId("rx-medication").fill(`Ibuprofeno 400 mg ${stamp}`);
  await dialog.getByTestId("rx-dosage").fill("1 tableta");
  await dialog.getByTestId("rx-frequency").fill("cada 8 horas");
  await dialog.getByTestId("rx-duration").fill("5 días");
  await dialog.getByTestId("rx-quantity").fill("15");
  await dialog.getByTestId("rx-quantity").press("Enter");
  await expect(dialog).toBeHidden();
  const row = page.getByTestId("prescription-row").filter({ hasText: stamp });
  await expect(row.getByTestId("prescription-status")).toHaveText("Activa");

  const download = page.waitForEvent("download");
  await row.getByTestId("prescription-print").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^receta-\d{5}\.pdf$/);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  await row.getByTestId("prescription-menu").click();
  await page.getByTestId("prescription-complete").click();
  await page.getByTestId("prescription-status-dialog-confirm").click();
  await expect(row.getByTestId("prescription-status")).toHaveText("Completada");
});

test("a lab order due yesterday is listed under 'Atrasadas'", async ({ page }) => {
  await signIn(page, "owner@demo.test", "demo1234", "dental");
  await openTab(page, "labOrders");
  await page.getByTestId("new-lab-order").click();
  const dialog = page.getByTestId("lab-order-dialog");
  const lab = `Laboratorio ${stamp}`;
  await dialog.getByTestId("lab-laboratory").fill(lab);
  await dialog.getByTestId("lab-orderType").fill("Corona de zirconio");
  await dialog.getByTestId("lab-dueDate").fill(yesterday());
  await dialog.getByTestId("lab-order-save").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("lab-order-row").filter({ hasText: lab }).getByTestId("lab-order-overdue")).toBeVisible();

  await page.goto(tenantUrl("/home/dental/lab-orders", "dental"));
  await page.getByTestId("lab-overdue-filter").click();
  await expect(page).toHaveURL(/overdue=1/);
  await expect(page.getByTestId("lab-overdue-filter")).toHaveAttribute("aria-pressed", "true");
  const row = page.getByTestId("lab-order-row").filter({ hasText: lab });
  await expect(row).toBeVisible();
  await expect(row).toContainText(patientName);
  expect(Number(await page.getByTestId("lab-overdue-count").textContent())).toBeGreaterThanOrEqual(1);
  // sent, then completed: it leaves the overdue list
  await row.getByTestId("lab-order-menu").click();
  await page.getByTestId("lab-order-to-sent").click();
  await expect(row.getByTestId("lab-order-status")).toHaveText("Enviada");
  await row.getByTestId("lab-order-menu").click();
  await page.getByTestId("lab-order-to-completed").click();
  await expect(page.getByTestId("lab-order-row").filter({ hasText: lab })).toHaveCount(0);
});

test("a confidential document is hidden from the front desk, its file too", async ({ page, browser }) => {
  await signIn(page, "owner@demo.test", "demo1234", "dental");
  // the front desk handles files, but not confidential ones
  const settings = await trpcQuery<{ roleRights: { admin: string[]; cashier: string[] }; chartNotation: string }>(page, "dental.getSettings");
  await trpcMutation(page, "dental.updateSettings", { roleRights: { ...settings.roleRights, cashier: [...new Set([...settings.roleRights.cashier, "files"])].filter((r) => r !== "confidential") }, chartNotation: settings.chartNotation });

  await openTab(page, "documents");
  for (const doc of [
    { name: `Resultado VIH ${stamp}`, confidential: true },
    { name: `Referimiento ${stamp}`, confidential: false },
  ]) {
    await page.getByTestId("new-document").click();
    const dialog = page.getByTestId("document-dialog");
    await dialog.getByTestId("document-file").setInputFiles({ name: "documento.pdf", mimeType: "application/pdf", buffer: Buffer.from(`%PDF-1.4 ${doc.name}`) });
    await dialog.getByTestId("document-type").selectOption(doc.confidential ? "report" : "referral");
    await dialog.getByTestId("document-name").fill(doc.name);
    await dialog.getByTestId("document-tags").fill("laboratorio, 2026");
    if (doc.confidential) await dialog.getByTestId("document-confidential").click();
    await dialog.getByTestId("document-save").click();
    await expect(dialog).toBeHidden();
  }
  const secretRow = page.getByTestId("document-row").filter({ hasText: `Resultado VIH ${stamp}` });
  await expect(secretRow.getByTestId("document-confidential-badge")).toBeVisible();
  const secretUrl = (await secretRow.getByTestId("document-link").getAttribute("href"))!;
  expect((await browserFetch(page, secretUrl)).status).toBe(200);

  const desk = await browser.newPage();
  await signIn(desk, "cashier@demo.test", "demo1234", "dental");
  await desk.goto(tenantUrl(`/home/dental/patients/${patientId}?tab=documents`, "dental"));
  await expect(desk.getByTestId("document-row").filter({ hasText: `Referimiento ${stamp}` })).toBeVisible();
  await expect(desk.getByTestId("document-row").filter({ hasText: `Resultado VIH ${stamp}` })).toHaveCount(0);
  expect((await browserFetch(desk, secretUrl)).status).toBe(404);
  await desk.close();

  // back to the defaults for the other specs of the run
  await trpcMutation(page, "dental.updateSettings", settings);
});
