import { expect, test } from "@playwright/test";
import { trpcMutation } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/**
 * Issue 17 §4 and 'Demo data': the demo's public 'Encuesta de satisfacción' opens at its link for
 * a visitor without a session; a low rating sent from that page (with 'what went wrong', required
 * below 3) reaches the owner's outbox as 'Nueva encuesta de satisfacción' with the answers and a
 * note that the PDF is attached.
 */
test("a visitor answers the demo survey; the owner's outbox has the notification with the answers", async ({ browser }) => {
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(tenantUrl("/f/encuesta-de-satisfaccion"));
  await expect(guest.getByRole("heading", { name: "Encuesta de satisfacción" })).toBeVisible();
  await expect(guest.getByText("Foto (opcional)")).toBeVisible();
  await expect(guest.getByText("Firma", { exact: true })).toBeVisible();
  if (process.env.E2E_SHOTS_DIR) await guest.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/forms-demo-survey-es-1366.png`, fullPage: true });
  const name = `Visitante ${Date.now()}`;
  const sent = await trpcMutation<{ number: number }>(guest, "publicForm.submit", {
    slug: "encuesta-de-satisfaccion",
    answers: { nombre: name, correo: "visitante@example.do", fecha_visita: "2026-11-20", calificacion: 2, recomienda: "no", que_fallo: "La música estaba muy alta" },
  });
  expect(sent.number).toBeGreaterThan(6);
  await guestContext.close();

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, "owner@demo.test");
  await owner.goto(tenantUrl("/home/settings/outbox"));
  const row = owner.getByTestId("outbox-row").filter({ hasText: "Nueva encuesta de satisfacción" }).first();
  await expect(row).toContainText("owner@demo.test");
  await row.click();
  const text = owner.getByTestId("outbox-message").getByTestId("outbox-text");
  await expect(text).toContainText(`Nombre: ${name}`);
  await expect(text).toContainText("Calificación: 2");
  await expect(text).toContainText("¿Nos recomendaría?: No");
  await expect(text).toContainText("¿Qué salió mal?: La música estaba muy alta");
  await expect(text).toContainText("La respuesta va adjunta en PDF.");
  if (process.env.E2E_SHOTS_DIR) await owner.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/forms-demo-survey-mail-es-1366.png` });
  await expect(text).toContainText(/Ver la respuesta: http:\/\/demo\.localhost:\d+\/home\/forms\/[0-9a-f-]+\/submissions\/[0-9a-f-]+/);
  await ownerContext.close();
});
