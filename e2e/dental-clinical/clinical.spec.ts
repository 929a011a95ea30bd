import { expect, type Page, test } from "@playwright/test";
import { trpcMutation } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/**
 * The clinical area of the dental module (issue 18 §3–4) on the demo clinic: a clinical record and
 * its correction, a two-phase plan built in the wizard, approved with the consent, the first
 * phase's procedures marked done and invoiced with an NCF that the invoice shows.
 */

const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const shots = process.env.SCREENSHOT_DIR;

async function setup(page: Page, tag = "") {
  await signIn(page, "owner@demo.test", "demo1234", "dental");
  const patient = await trpcMutation<{ id: string }>(page, "dental.createPatient", { name: `Paciente Clínica ${tag}${stamp}`, allergies: ["Penicilina"] });
  const resina = await trpcMutation<{ id: string }>(page, "dental.createProcedureType", { code: `RB${tag}${stamp}`, name: `Resina B ${tag}${stamp}`, price: "2500", scope: "surface", resultStatus: "filling" });
  const corona = await trpcMutation<{ id: string }>(page, "dental.createProcedureType", { code: `CB${tag}${stamp}`, name: `Corona B ${tag}${stamp}`, price: "12000", scope: "tooth", resultStatus: "crown" });
  return { patientId: patient.id, resina, corona };
}

test("record and correction, two-phase plan in the wizard, approve, mark done, invoice with an NCF", async ({ page }) => {
  const { patientId } = await setup(page);

  // A clinical record from the history tab, then its correction.
  await page.goto(tenantUrl(`/home/dental/patients/${patientId}?tab=history`, "dental"));
  await page.getByTestId("record-new").click();
  const dialog = page.getByTestId("record-dialog");
  await expect(dialog.getByTestId("allergy-warning")).toContainText("Penicilina");
  await dialog.getByTestId("record-chiefComplaint").fill("Dolor al masticar en 36");
  await dialog.getByTestId("record-diagnosis").fill("Caries oclusal en 36");
  await dialog.getByLabel("Presión arterial (mmHg)").fill("300/80");
  await dialog.getByTestId("record-save").click();
  await expect(dialog).toContainText("Presión arterial inválida");
  await dialog.getByLabel("Presión arterial (mmHg)").fill("120/80");
  await dialog.getByLabel("Frecuencia cardíaca (lpm)").fill("72");
  if (shots) await page.screenshot({ path: `${shots}/dental-record-dialog.png` });
  await dialog.getByTestId("record-save").click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId("record-card").first();
  await expect(card).toContainText("Caries oclusal en 36");
  await expect(card.getByTestId("record-vitals")).toHaveText("PA 120/80 · FC 72");
  await card.getByTestId("record-correct").click();
  await expect(dialog.getByTestId("record-diagnosis")).toHaveValue("Caries oclusal en 36");
  await dialog.getByTestId("record-diagnosis").fill("Caries profunda en 36");
  await dialog.getByTestId("record-save").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("record-card")).toHaveCount(2);
  await expect(page.getByTestId("record-card").first()).toContainText("Caries profunda en 36");
  await expect(page.locator('[data-testid="record-card"][data-corrected]')).toContainText("Corregido por");

  // The wizard: step 1 refuses a plan without name or diagnosis.
  await page.goto(tenantUrl(`/home/dental/patients/${patientId}?tab=treatments`, "dental"));
  await page.getByTestId("plan-new").click();
  const wizard = page.getByTestId("plan-wizard");
  await expect(wizard.getByTestId("allergy-warning")).toBeVisible();
  await wizard.getByTestId("wizard-next").click();
  await expect(wizard).toContainText("El nombre del plan es obligatorio");
  await expect(wizard).toContainText("El diagnóstico es obligatorio");
  await wizard.getByTestId("plan-name").fill(`Rehabilitación ${stamp}`);
  await wizard.getByTestId("plan-diagnosis").fill("Caries en 36 y fractura de 11");
  await wizard.getByTestId("wizard-next").click();

  // Step 2: two phases, each with a procedure from the catalogue.
  const phase1 = wizard.getByTestId("wizard-phase").nth(0);
  await phase1.getByTestId("phase-name").fill("Operatoria");
  await phase1.getByTestId("phase-duration").fill("2");
  await phase1.getByTestId("procedure-add").click();
  await phase1.getByTestId("procedure-type").selectOption({ label: `RB${stamp} · Resina B ${stamp}` });
  await phase1.getByTestId("procedure-tooth").selectOption("36");
  await phase1.getByTestId("surface-occlusal").check();
  await wizard.getByTestId("phase-add").click();
  const phase2 = wizard.getByTestId("wizard-phase").nth(1);
  await phase2.getByTestId("phase-name").fill("Prótesis");
  await phase2.getByTestId("phase-duration").fill("1");
  await phase2.getByTestId("phase-unit").selectOption("months");
  await phase2.getByTestId("procedure-add").click();
  await phase2.getByTestId("procedure-type").selectOption({ label: `CB${stamp} · Corona B ${stamp}` });
  await phase2.getByTestId("procedure-tooth").selectOption("11");
  if (shots) await page.screenshot({ path: `${shots}/dental-wizard-phases.png`, fullPage: true });
  await wizard.getByTestId("wizard-next").click();

  // Step 3: a discount; the patient's share follows.
  await wizard.getByTestId("plan-discount").fill("500");
  await expect(wizard.getByTestId("plan-patient-share")).toHaveText("RD$14,000.00");
  await wizard.getByTestId("wizard-next").click();
  await expect(wizard.getByTestId("wizard-review")).toContainText("Prótesis");
  await wizard.getByTestId("wizard-propose").click();

  // The plan detail: approve with the consent name.
  const detail = page.getByTestId("plan-detail");
  await expect(detail.getByTestId("plan-status")).toHaveText("Propuesto");
  await expect(detail.getByTestId("plan-phase")).toHaveCount(2);
  // A proposed plan can still be edited in the same wizard.
  await detail.getByTestId("plan-edit").click();
  await expect(wizard.getByTestId("plan-name")).toHaveValue(`Rehabilitación ${stamp}`);
  await wizard.getByTestId("plan-name").fill(`Rehabilitación oral ${stamp}`);
  for (let i = 0; i < 3; i++) await wizard.getByTestId("wizard-next").click();
  await expect(wizard.getByTestId("plan-patient-share")).toHaveText("RD$14,000.00");
  await wizard.getByTestId("wizard-save-changes").click();
  await expect(detail.locator("h1")).toContainText(`Rehabilitación oral ${stamp}`);
  await expect(detail.getByTestId("plan-phase")).toHaveCount(2);
  const download = page.waitForEvent("download");
  await detail.getByTestId("plan-consent-pdf").click();
  expect((await download).suggestedFilename()).toMatch(/^consentimiento-plan-\d+\.pdf$/);
  await detail.getByTestId("plan-approve").click();
  const approve = page.getByTestId("plan-approve-dialog");
  await expect(approve.getByTestId("approve-signed")).toHaveValue(`Paciente Clínica ${stamp}`);
  await approve.getByTestId("plan-approve-confirm").click();
  await expect(approve).toBeHidden();
  await expect(detail.getByTestId("plan-status")).toHaveText("Aprobado");
  await expect(detail.getByTestId("plan-approval")).toContainText(`firmado por Paciente Clínica ${stamp}`);

  // The first phase's procedure done: the phase completes, the plan is in progress.
  const first = detail.getByTestId("plan-phase").nth(0);
  await first.getByTestId("procedure-done").click();
  const done = page.getByTestId("procedure-done-dialog");
  const recordSelect = done.getByTestId("procedure-done-record");
  await recordSelect.selectOption((await recordSelect.locator("option", { hasText: "Caries profunda en 36" }).getAttribute("value"))!);
  await done.getByTestId("procedure-done-confirm").click();
  await expect(done).toBeHidden();
  await expect(first.getByTestId("phase-status")).toHaveText("Completada");
  await expect(detail.getByTestId("plan-status")).toHaveText("En progreso");

  // Invoice it with a B02 NCF, on credit; the invoice shows the NCF.
  await first.getByTestId("procedure-select").check();
  await detail.getByTestId("plan-invoice").click();
  const invoice = page.getByTestId("plan-invoice-dialog");
  const ncfSelect = invoice.getByTestId("invoice-ncf-type");
  const b02 = await ncfSelect.locator("option", { hasText: /^B02/ }).getAttribute("value");
  await ncfSelect.selectOption(b02!);
  if (shots) await page.screenshot({ path: `${shots}/dental-invoice-dialog.png` });
  await invoice.getByTestId("invoice-confirm").click();
  const result = invoice.getByTestId("invoice-result");
  await expect(result).toContainText(/NCF B02\d{8}/);
  const ncf = /B02\d{8}/.exec((await result.textContent()) ?? "")![0];
  await expect(first.getByTestId("procedure-invoice")).toContainText(ncf);
  await invoice.getByTestId("invoice-open").click();
  await expect(page).toHaveURL(/\/home\/invoices\/[0-9a-f-]{36}$/);
  await expect(page.getByText(ncf).first()).toBeVisible();
});

test("the front desk ('billing' without 'plans') opens a plan to invoice its done procedures but cannot change it", async ({ page, browser }) => {
  const { patientId, resina } = await setup(page, "2");
  const plan = await trpcMutation<{ id: string; phases: { procedures: { id: string }[] }[] }>(page, "dental.createPlan", {
    patientId,
    name: `Caja ${stamp}`,
    diagnosis: "Caries en 46",
    phases: [{ name: "Única", procedures: [{ procedureTypeId: resina.id, tooth: 46, surfaces: ["occlusal"] }] }],
  });
  await trpcMutation(page, "dental.approvePlan", { id: plan.id, consentSignedBy: "Paciente" });
  await trpcMutation(page, "dental.completeProcedure", { procedureId: plan.phases[0]!.procedures[0]!.id });

  const desk = await browser.newPage();
  await signIn(desk, "cashier@demo.test", "demo1234", "dental");
  await desk.goto(tenantUrl(`/home/dental/plans/${plan.id}`, "dental"));
  const detail = desk.getByTestId("plan-detail");
  await expect(detail.getByTestId("plan-status")).toHaveText("Completado");
  await expect(detail.getByTestId("plan-cancel")).toHaveCount(0);
  await expect(detail.getByTestId("procedure-done")).toHaveCount(0);
  await detail.getByTestId("procedure-select").check();
  await detail.getByTestId("plan-invoice").click();
  const invoice = desk.getByTestId("plan-invoice-dialog");
  const ncfSelect = invoice.getByTestId("invoice-ncf-type");
  const b02 = await ncfSelect.locator("option", { hasText: /^B02/ }).getAttribute("value");
  await ncfSelect.selectOption(b02!);
  await invoice.getByTestId("invoice-method").selectOption({ label: "Efectivo" });
  await invoice.getByTestId("invoice-confirm").click();
  await expect(invoice.getByTestId("invoice-result")).toContainText(/NCF B02\d{8}/);
  await desk.keyboard.press("Escape");
  await expect(detail.getByTestId("plan-paid")).toHaveText("RD$2,500.00");
  await expect(detail.getByTestId("plan-balance")).toHaveText("RD$0.00");
  await desk.close();
});
