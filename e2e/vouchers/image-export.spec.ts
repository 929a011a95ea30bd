import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { trpcMutation } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/**
 * Issue 16: the image export of a batch of 1,000 vouchers. The batch is created through
 * voucher.createBatch, then exported as PNG images from its page (drawn and zipped in the Web
 * Worker): the download is 'bonos-{batch8}.zip' with one PNG per voucher, and the page answers
 * meanwhile (its progress toast shows). How fast is measured by `npm run bench:voucher-images`.
 */
test("the image export of 1,000 vouchers downloads a zip of 1,000 PNGs while the page shows its progress", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "owner@demo.test");
  await page.goto(tenantUrl("/home/vouchers"));
  const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });
  const until = new Date(Date.now() + 200 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });
  const batch = await trpcMutation<{ id: string }>(page, "voucher.createBatch", { name: `Exportación 1000 ${Date.now()}`, quantity: 1000, value: "250", type: "fixed", valid_from: today, expires_on: until });
  await page.goto(tenantUrl(`/home/vouchers/${batch.id}`));
  await expect(page.getByTestId("voucher-row")).toHaveCount(20);
  await page.getByTestId("open-export").click();
  await page.getByTestId("export-images").check();
  const download = page.waitForEvent("download", { timeout: 120_000 });
  await page.getByTestId("export-start").click();
  // The worker draws; the page still answers (a progress toast shows).
  await expect(page.getByText(/^Generando imágenes: \d+ de 1000$/)).toBeVisible();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`bonos-${batch.id.slice(0, 8)}.zip`);
  const files = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
  expect(Object.keys(files)).toHaveLength(1000);
  expect(Object.keys(files).every((name) => name.endsWith(".png"))).toBe(true);
  // Every entry is a PNG (its signature), not an empty or failed file.
  expect(Object.values(files).every((data) => data[0] === 0x89 && data[1] === 0x50 && data[2] === 0x4e && data[3] === 0x47)).toBe(true);
  await expect(page.getByText("Exportación completada", { exact: true })).toBeVisible();
});
