import { expect, test } from "@playwright/test";
import { type PrintServiceHandle, startPrintService } from "../../tools/print-service";
import { closeOwnCashbox, trpcMutation } from "../catalog-helpers";
import { browserFetch } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

let printer: PrintServiceHandle;
test.beforeAll(async () => {
  printer = await startPrintService({ port: 0, host: "127.0.0.1", logFile: null });
});
test.afterAll(async () => {
  await printer.close();
});

test("with a cash box whose print server is set, a cash sale opens the drawer and F2 prints the receipt through the print service", async ({ page }) => {
  const tag = Date.now().toString(36).toUpperCase();
  await signIn(page, "owner@demo.test");
  const box = await trpcMutation<{ id: string }>(page, "cashbox.create", { name: `Caja impresora ${tag}`, printServer: printer.url, willOpenDrawer: true });

  // The flow opens its own cash box from the POS: any the owner left open is closed first.
  await closeOwnCashbox(page);
  await page.goto(tenantUrl("/home/pos"));
  await page.evaluate(() => localStorage.removeItem("pos_cart_state"));
  await page.reload();
  await page.getByRole("button", { name: "Abrir caja" }).click();
  const open = page.getByRole("dialog", { name: "Abrir caja" });
  await open.getByLabel("Caja").selectOption({ label: `Caja impresora ${tag}` });
  await open.getByLabel("Fondo inicial").fill("1000");
  await open.getByRole("button", { name: "Abrir caja" }).click();
  await expect(page.getByText(`Caja abierta: Caja impresora ${tag}`)).toBeVisible();

  const search = page.getByLabel("Buscar producto", { exact: true });
  await search.fill("AGUA-20");
  await search.press("Enter");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await page.keyboard.press("F9");
  await expect(page.getByRole("dialog", { name: "Cobrar" })).toBeVisible();
  await page.keyboard.press("Enter");
  const done = page.getByRole("dialog", { name: "Orden Completada" });
  await expect(done).toBeVisible();
  const ncf = /NCF (B\d{10})/.exec((await done.textContent()) ?? "")?.[1];
  expect(ncf).toMatch(/^B02\d{8}$/);

  // The cash payment opened the drawer: the raw job carries 27,112,0,25,250.
  await expect.poll(() => printer.requests.filter((r) => r.kind === "raw" && r.opensDrawer).length).toBe(1);
  await page.keyboard.press("F2");
  await expect.poll(() => printer.requests.filter((r) => r.kind === "receipt").length).toBe(1);
  const receipt = printer.requests.find((r) => r.kind === "receipt")!.body as { invoice: { ncf: string; customer: { name: string } }; items: { name: string }[]; totals: { total: string } };
  expect(receipt.invoice.ncf).toBe(ncf);
  expect(receipt.invoice.customer.name).toBe("Contado");
  expect(receipt.items.map((i) => i.name)).toEqual(["Agua Planeta Azul 20 oz"]);
  expect(receipt.totals.total).toBe("35.00");
  await page.keyboard.press("Escape");

  // The sale is on the session: the cash count expects the float plus the sale. Close it (tidy for other specs).
  const active = JSON.parse((await browserFetch(page, `/api/trpc/cashbox.getActive?input=${encodeURIComponent(JSON.stringify({ json: { cashboxId: box.id } }))}`)).body as string).result.data.json as { sessionId: string };
  const summary = JSON.parse((await browserFetch(page, `/api/trpc/cashbox.getCloseSummary?input=${encodeURIComponent(JSON.stringify({ json: { sessionId: active.sessionId } }))}`)).body as string).result.data.json as {
    lines: { paymentMethodId: string; code: string; expected: string }[];
  };
  expect(summary.lines.find((l) => l.code === "CASH")?.expected).toBe("1035.00");
  await trpcMutation(page, "cashbox.close", { sessionId: active.sessionId, counted: summary.lines.map((l) => ({ paymentMethodId: l.paymentMethodId, amount: l.expected })) });
});
