import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "../a11y/axe";
import { trpcMutation, trpcQuery } from "../catalog-helpers";
import { browserFetch } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

/**
 * A staff member fills a private published form (issue 17: the role's 'submit' right): from the
 * list's row menu to /home/forms/:id/fill, the required message, a PNG uploaded privately, the
 * confirmation; the response is stored as theirs with the file readable by the tenant's users.
 */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAMAAWgmWQ0AAAAASUVORK5CYII=", "base64");
const field = (key: string, type: string, component: string, label: string, extra: Record<string, unknown> = {}) => ({ key, type, component, label, ...extra });

test("a staff member fills a private form from the list, with a required answer and a photo", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  const name = `Reporte de incidente ${Date.now()}`;
  const form = await trpcMutation<{ id: string }>(page, "form.create", {
    name,
    schema: {
      version: "1.0",
      metadata: { name },
      settings: { confirmation: { type: "message", message: "Incidente registrado" } },
      groups: [
        {
          id: "group_1",
          name: "Incidente",
          columns: 1,
          fields: [
            field("descripcion", "textarea", "textarea", "¿Qué pasó?", { required: true }),
            field("foto", "image", "file-upload", "Foto", { options: { multiple: false, maxFiles: 1, maxSizeBytes: 1_048_576, accept: "image/*", allowedFormats: ["image/*"] } }),
          ],
        },
      ],
    },
  });
  await trpcMutation(page, "form.publish", { id: form.id });

  await page.goto(tenantUrl("/home/forms"));
  await page.getByTestId("form-search").fill(name);
  const row = page.getByTestId("form-row").filter({ has: page.getByText(name, { exact: true }) });
  await expect(row).toHaveCount(1);
  await row.getByTestId("form-menu").click();
  await page.getByTestId("menu-fill").click();
  await expect(page).toHaveURL(new RegExp(`/home/forms/${form.id}/fill$`));
  await expect(page.getByRole("heading", { name: "Llenar formulario" })).toBeVisible();
  await expect(page.getByTestId("fill-version")).toHaveText("Versión publicada 1");

  await page.getByTestId("form-submit").click();
  await expect(page.getByTestId("error-descripcion")).toHaveText("¿Qué pasó? es requerido");
  await page.getByLabel("¿Qué pasó?").fill("Se rompió una botella en el pasillo 3");
  await page.getByTestId("file-input-foto").setInputFiles({ name: "pasillo.png", mimeType: "image/png", buffer: PNG });
  await expect(page.locator("li", { hasText: "pasillo.png" })).toHaveAttribute("data-status", "done");
  await expectNoSeriousViolations(page, "the fill page");
  await page.getByTestId("form-submit").click();
  await expect(page.getByTestId("form-success")).toHaveText("Incidente registrado");

  const list = await trpcQuery<{ data: { submittedByName: string | null; data: Record<string, unknown> }[] }>(page, "formSubmission.getAll", { formId: form.id });
  expect(list.data).toHaveLength(1);
  expect(list.data[0]!.submittedByName).toBe("María Rodríguez");
  expect(list.data[0]!.data.descripcion).toBe("Se rompió una botella en el pasillo 3");
  const [photo] = list.data[0]!.data.foto as { name: string; url: string }[];
  expect(photo!.name).toBe("pasillo.png");
  expect(photo!.url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.png$/);
  expect((await browserFetch(page, photo!.url)).status).toBe(200);
  // The responses tab now lists it.
  await page.getByTestId("form-tab-submissions").click();
  await expect(page.getByTestId("submission-row")).toHaveCount(1);
});
