import { expect, test } from "@playwright/test";
import { trpcMutation } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

test("a cashier's custom-discount code reaches the administrator's outbox; the cashier verifies it", async ({ browser }) => {
  const cashierContext = await browser.newContext();
  const cashier = await cashierContext.newPage();
  await signIn(cashier, "cashier@demo.test");
  const requestId = `e2e-${Date.now()}`;
  const sent = await trpcMutation<{ success: boolean }>(cashier, "product.sendOTP", { productId: "custom_discount", productName: "Descuento Personalizado", requestId });
  expect(sent.success).toBe(true);
  // The cashier cannot read the outbox.
  await cashier.goto(tenantUrl("/home/settings/outbox"));
  await expect(cashier.getByTestId("access-denied")).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, "admin@demo.test");
  await admin.goto(tenantUrl("/home/settings"));
  await admin.getByRole("link", { name: "Bandeja de salida" }).click();
  await expect(admin).toHaveURL(/\/home\/settings\/outbox$/);
  await expect(admin.getByText("No hay servidor de correo (SMTP) configurado")).toBeVisible();
  const row = admin.getByTestId("outbox-row").filter({ hasText: "admin@demo.test" }).first();
  await expect(row).toContainText("Código de autorización: Descuento personalizado");
  await expect(row).toContainText("En bandeja");
  await expect(admin.getByTestId("outbox-row").filter({ hasText: "owner@demo.test" }).first()).toContainText("Código de autorización");
  await expect(admin.getByTestId("outbox-unread")).toBeVisible();
  await admin.screenshot({ path: "test-results/outbox-list.png" });

  await row.click();
  const message = admin.getByTestId("outbox-message");
  const text = message.getByTestId("outbox-text");
  await expect(text).toContainText("Ana Pérez solicita su autorización para: Descuento personalizado.");
  await expect(text).toContainText("El código vence en 5 minutos");
  const code = /Código: (\d{6})/.exec((await text.textContent()) ?? "")?.[1];
  expect(code).toMatch(/^\d{6}$/);
  await admin.screenshot({ path: "test-results/outbox-message.png" });
  await message.getByRole("button", { name: "Cerrar" }).first().click();
  await expect(message).toHaveCount(0);

  // The administrator reads the code to the cashier, who enters it.
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  await expect(trpcMutation(cashier, "product.verifyOTP", { productId: "custom_discount", requestId, otp: wrong })).rejects.toThrow("Código OTP inválido");
  expect(await trpcMutation(cashier, "product.verifyOTP", { productId: "custom_discount", requestId, otp: code })).toEqual({ success: true });

  await cashierContext.close();
  await adminContext.close();
});
