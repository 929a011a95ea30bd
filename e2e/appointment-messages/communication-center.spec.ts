import { expect, test } from "@playwright/test";
import { signIn, tenantUrl } from "../support";

/**
 * Issue 15 item 5: the communication center. The owner e-mails a custom selection (Carmen Santos,
 * found by search) with a free text using variables, sees the result, the history row and the mail
 * in the outbox; then prepares WhatsApp messages for two customers and gets one wa.me link each;
 * SMS says honestly that it is not configured.
 */
test("send to a custom selection by e-mail and by WhatsApp; history and outbox", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "owner@demo.test");
  await page.goto(tenantUrl("/home/appointments/communications"));
  await expect(page.getByRole("heading", { name: "Centro de comunicaciones", level: 2 })).toBeVisible();
  await expect(page.getByTestId("history-empty")).toBeVisible();
  // Two customers of the demo have an e-mail (Bravo and Carmen Santos).
  await expect(page.getByTestId("group-count-all_customers")).toHaveText("2 con contacto");

  await page.getByTestId("group-custom").click();
  const picker = page.getByTestId("custom-picker");
  await picker.getByLabel("Buscar cliente").fill("carmen");
  await expect(picker.getByTestId("recipient-option")).toHaveCount(1);
  await picker.getByTestId("recipient-option").filter({ hasText: "Carmen Santos" }).click();
  await expect(picker.getByTestId("selected-count")).toHaveText("1 cliente seleccionado");

  // Sending without a subject shows the field's message.
  await page.getByLabel("Mensaje").fill("Hola {{customer_name}}, tenemos nuevas clases de cocina dominicana este mes.");
  await page.getByTestId("send-message").click();
  await expect(page.getByText("Escriba el asunto del correo")).toBeVisible();
  await page.getByLabel("Asunto").fill("Novedades para {{customer_name}}");
  await expect(page.getByTestId("message-preview-subject")).toHaveText("Novedades para María Rodríguez");
  await page.screenshot({ path: "/tmp/d-shots/appointment-communications-1366.png", fullPage: true });
  await page.getByTestId("send-message").click();
  await expect(page.getByTestId("send-summary")).toHaveText("Enviado a 1 de 1 destinatarios.");
  await expect(page.getByTestId("result-recipient").filter({ hasText: "Carmen Santos" })).toContainText("En bandeja de salida");
  const row = page.getByTestId("history-row").first();
  await expect(row).toContainText("Correo electrónico");
  await expect(row).toContainText("Selección personalizada");
  await expect(row.getByTestId("history-message")).toHaveText("Novedades para {{customer_name}}");
  await expect(row.getByTestId("history-recipients")).toHaveText("1");
  await expect(row.getByTestId("history-sent")).toHaveText("1");

  // WhatsApp: the phone matters; Luis Fernández has only a phone.
  await page.getByTestId("channel-whatsapp").click();
  await expect(page.getByTestId("channel-note")).toContainText("WhatsApp no se envía solo");
  await page.getByTestId("group-custom").click();
  await picker.getByLabel("Buscar cliente").fill("");
  await picker.getByTestId("recipient-option").filter({ hasText: "Luis Fernández" }).click();
  await picker.getByTestId("recipient-option").filter({ hasText: "Carmen Santos" }).click();
  await expect(picker.getByTestId("selected-count")).toHaveText("2 clientes seleccionados");
  await page.getByLabel("Mensaje").fill("Hola {{customer_name}}, le esperamos pronto.");
  await page.getByTestId("send-message").click();
  await expect(page.getByTestId("send-summary")).toHaveText("Enviado a 2 de 2 destinatarios.");
  const links = page.getByTestId("whatsapp-link");
  await expect(links).toHaveCount(2);
  await expect(page.getByTestId("result-recipient").filter({ hasText: "Luis Fernández" }).getByTestId("whatsapp-link")).toHaveAttribute(
    "href",
    `https://wa.me/18295550177?text=${encodeURIComponent("Hola Luis Fernández, le esperamos pronto.")}`,
  );
  await expect(page.getByTestId("history-row")).toHaveCount(2);
  await expect(page.getByTestId("history-row").first()).toContainText("WhatsApp");
  await page.screenshot({ path: "/tmp/d-shots/appointment-communications-whatsapp-1366.png", fullPage: true });

  // SMS: no provider here, and the screen says so.
  await page.getByTestId("channel-sms").click();
  await expect(page.getByTestId("channel-note")).toHaveText("El envío de SMS no está configurado: el mensaje se registra en el historial, pero no se entrega a nadie.");

  // The e-mail is in the outbox, filled for Carmen.
  await page.goto(tenantUrl("/home/settings/outbox"));
  const mail = page.getByTestId("outbox-row").filter({ hasText: "Novedades para Carmen Santos" });
  await expect(mail).toHaveCount(1);
  await mail.click();
  await expect(page.getByTestId("outbox-text")).toHaveText("Hola Carmen Santos, tenemos nuevas clases de cocina dominicana este mes.");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(tenantUrl("/home/appointments/communications"));
  await expect(page.getByTestId("history-row")).toHaveCount(2);
  await page.screenshot({ path: "/tmp/d-shots/appointment-communications-390.png", fullPage: true });
});
