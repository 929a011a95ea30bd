import { readFileSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations, settle } from "../a11y/axe";
import { trpcMutation, trpcQuery } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/**
 * The form designer (issue 17 §1): a form built by dragging palette items with the mouse and by the
 * keyboard, edited in the properties panel (label, required, a condition), saved, reloaded and
 * published; the JSON tab's export and import; undo and redo; the screen at three widths in both
 * languages with axe. Each test makes its own form (the demo tenant is shared with other flows).
 */
const SHOTS = process.env.E2E_SHOTS_DIR;

type StoredForm = {
  id: string;
  status: string;
  latestVersion: number | null;
  schema: { groups: { name: string; fields: { key: string; label: string; type: string; required: boolean }[] }[]; conditionals: { if: { field: string; operator: string; value?: unknown }; then: { show: string[]; hide: string[]; require: string[] } }[] };
};

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function noSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width + 1);
}

/** A mouse drag in small steps (dnd-kit starts a drag only after the pointer has moved past its activation distance). */
async function drag(page: Page, from: Locator, to: Locator) {
  await from.scrollIntoViewIfNeeded();
  await to.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 4 });
  const b = (await to.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.move(b.x + b.width / 2 + 2, b.y + b.height / 2 + 2, { steps: 2 });
  await page.mouse.up();
  // dnd-kit swallows every click for 50 ms after a drop (so the drop is not also a click on what lies
  // under it); a person never clicks that fast, the next step of a spec may: let that window pass.
  await page.waitForTimeout(100);
}

const labels = (page: Page) => page.getByTestId("designer-field").getByTestId("field-label");

test("build a form by mouse and keyboard, edit it, save, reload and publish", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "owner@demo.test");
  await page.goto(tenantUrl("/home/forms/new"));
  await expect(page.getByText("Aún no hay grupos. Agrega un grupo para empezar a construir tu formulario.")).toBeVisible();
  const name = `Encuesta diseñador ${Date.now()}`;
  await page.getByTestId("form-name").fill(name);
  await expect(page.getByTestId("form-slug")).toHaveText(`encuesta-disenador-${name.split(" ").pop()}`);

  // The mouse: a text field onto the empty canvas makes the 'Default Group' (2 columns).
  await drag(page, page.getByTestId("palette-text"), page.getByTestId("canvas-empty"));
  await expect(labels(page)).toHaveText(["Nuevo campo Texto"]);
  await expect(page.getByTestId("designer-group").getByTestId("group-select")).toContainText("Grupo predeterminado");
  await expect(page.getByTestId("designer-group").getByTestId("group-select")).toContainText("2 columnas");
  // Onto a field: inserted just after it.
  await drag(page, page.getByTestId("palette-email"), page.getByTestId("designer-field").first());
  await expect(labels(page)).toHaveText(["Nuevo campo Texto", "Nuevo campo Correo electrónico"]);
  await drag(page, page.getByTestId("palette-select"), page.getByTestId("designer-field").first());
  await expect(labels(page)).toHaveText(["Nuevo campo Texto", "Nuevo campo Lista desplegable", "Nuevo campo Correo electrónico"]);

  // The keyboard: Enter on a palette item adds it to the selected field's group, at its end.
  await page.getByTestId("palette-number").focus();
  await page.keyboard.press("Enter");
  await expect(labels(page)).toHaveText(["Nuevo campo Texto", "Nuevo campo Lista desplegable", "Nuevo campo Correo electrónico", "Nuevo campo Número"]);
  // Space picks the first field up, ArrowDown moves it onto the one below it in the group's two
  // columns (the third), Space drops it there.
  const handle = page.getByTestId("designer-field").first().getByTestId("field-handle");
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByText("Moviendo el campo Nuevo campo Texto sobre el campo Nuevo campo Correo electrónico.")).toBeAttached();
  await page.keyboard.press("Space");
  await expect(labels(page)).toHaveText(["Nuevo campo Lista desplegable", "Nuevo campo Correo electrónico", "Nuevo campo Texto", "Nuevo campo Número"]);

  // The properties panel: a label and required.
  await page.getByTestId("designer-field").nth(2).getByTestId("field-select").click();
  await expect(page.getByTestId("field-properties")).toBeVisible();
  await page.getByTestId("prop-label").fill("Nombre completo");
  await page.getByTestId("prop-required").click();
  await expect(page.getByTestId("designer-field").nth(2)).toContainText("Nombre completo*");

  // A condition on the dropdown: when it equals option_1, hide the e-mail field.
  await page.getByTestId("designer-field").first().getByTestId("field-select").click();
  await page.getByTestId("field-props-tab-logic").click();
  await page.getByTestId("add-condition").click();
  await page.getByTestId("condition-operator").selectOption("equals");
  await page.getByTestId("condition-value").fill("option_1");
  await page.getByTestId("condition-hide").getByLabel("Nuevo campo Correo electrónico").check();

  await expect(page.getByTestId("unsaved")).toBeVisible();
  await page.getByTestId("save-form").click();
  await expect(page.getByText("Formulario guardado", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/home\/forms\/[0-9a-f-]{36}\/edit$/);
  const id = page.url().split("/").at(-2)!;
  await expect(page.getByTestId("unsaved")).toHaveCount(0);

  await page.reload();
  await expect(labels(page)).toHaveText(["Nuevo campo Lista desplegable", "Nuevo campo Correo electrónico", "Nombre completo", "Nuevo campo Número"]);
  await expect(page.getByTestId("form-name")).toHaveValue(name);
  await expect(page.getByTestId("form-status")).toHaveAttribute("data-status", "draft");
  const stored = await trpcQuery<StoredForm>(page, "form.getById", { id });
  const fields = stored.schema.groups[0]!.fields;
  expect(fields.map((f) => f.type)).toEqual(["select", "email", "text", "number"]);
  expect(fields[2]).toMatchObject({ label: "Nombre completo", required: true });
  expect(stored.schema.conditionals).toHaveLength(1);
  const rule = stored.schema.conditionals[0]!;
  expect(rule.if).toEqual({ field: fields[0]!.key, operator: "equals", value: "option_1" });
  expect(rule.then).toEqual({ hide: [fields[1]!.key], show: [], require: [] });

  await page.getByTestId("publish-form").click();
  await expect(page.getByText("Formulario publicado", { exact: true })).toBeVisible();
  await expect(page.getByTestId("form-status")).toHaveAttribute("data-status", "published");
  const published = await trpcQuery<StoredForm>(page, "form.getById", { id });
  expect(published.status).toBe("published");
  expect(published.latestVersion).toBe(1);
});

const IMPORTED = {
  version: "1.0",
  metadata: { name: "Importado", tags: ["e2e"] },
  groups: [
    { id: "group_datos", name: "Datos personales", columns: 2, fields: [{ key: "nombre", type: "text", component: "textbox", label: "Nombre", required: true }, { key: "correo", type: "email", component: "textbox", label: "Correo" }] },
    { id: "group_extra", name: "Extra", columns: 1, width: "half", fields: [{ key: "nota", type: "textarea", component: "textarea", label: "Nota" }] },
  ],
};

test("JSON tab: export the schema, import one, and refuse bad JSON", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  await page.goto(tenantUrl("/home/forms/new"));
  const name = `Formulario JSON ${Date.now()}`;
  await page.getByTestId("form-name").fill(name);
  await page.getByTestId("palette-text").click();
  await expect(labels(page)).toHaveCount(1);

  await page.getByTestId("designer-tab-json").click();
  await expect(page.getByTestId("json-view")).toContainText('"version": "1.0"');
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByTestId("json-copy").click();
  await expect(page.getByText("Copiado al portapapeles", { exact: true })).toBeVisible();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied.metadata.name).toBe(name);
  const download = page.waitForEvent("download");
  await page.getByTestId("json-export").click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`form-${name.replace(/\s+/g, "-")}.json`);
  const exported = JSON.parse(readFileSync((await file.path())!, "utf8"));
  expect(exported.metadata.name).toBe(name);
  expect(exported.groups).toHaveLength(1);
  expect(exported.groups[0].fields[0].type).toBe("text");

  // Bad JSON: 'JSON inválido' with the parser's message; nothing changes.
  await page.getByTestId("json-import").click();
  await page.getByTestId("json-import-text").fill("{ no es json");
  await page.getByTestId("json-apply").click();
  await expect(page.getByTestId("json-import-error")).toContainText("JSON inválido");
  // No version, metadata or groups: 'Invalid form schema structure'.
  await page.getByTestId("json-import-text").fill('{"groups": []}');
  await page.getByTestId("json-apply").click();
  await expect(page.getByTestId("json-import-error")).toContainText("Estructura de esquema de formulario inválida");

  await page.getByTestId("json-import-text").fill(JSON.stringify(IMPORTED));
  await page.getByTestId("json-apply").click();
  await expect(page.getByText("JSON importado correctamente", { exact: true })).toBeVisible();
  await expect(page.getByTestId("json-import-text")).toHaveCount(0);
  await expect(page.getByTestId("form-name")).toHaveValue("Importado");

  await page.getByTestId("designer-tab-design").click();
  await expect(page.getByTestId("designer-group").getByTestId("group-select")).toHaveText([/Datos personales/, /Extra/]);
  await expect(page.getByTestId("designer-group").first().getByTestId("field-label")).toHaveText(["Nombre", "Correo"]);
  await expect(page.getByTestId("designer-group").nth(1).getByTestId("field-label")).toHaveText(["Nota"]);

  // The import is one undoable change.
  await page.getByTestId("undo").click();
  await expect(labels(page)).toHaveText(["Nuevo campo Texto"]);
  await expect(page.getByTestId("form-name")).toHaveValue(name);
  await page.getByTestId("redo").click();
  await expect(labels(page)).toHaveText(["Nombre", "Correo", "Nota"]);

  // The mouse moves a field onto another group's field (to that group's end) and a group onto another (its place).
  const groups = page.getByTestId("designer-group");
  await drag(page, groups.first().getByTestId("designer-field").nth(1).getByTestId("field-handle"), groups.nth(1).getByTestId("designer-field").first());
  await expect(groups.nth(1).getByTestId("field-label")).toHaveText(["Nota", "Correo"]);
  await expect(groups.first().getByTestId("field-label")).toHaveText(["Nombre"]);
  await drag(page, groups.nth(1).getByTestId("group-handle"), groups.first());
  await expect(groups.getByTestId("group-select")).toHaveText([/Extra/, /Datos personales/]);

  // Publish on a form never saved: stored, published, and the page continues at its address.
  await page.getByTestId("publish-form").click();
  await expect(page.getByText("Formulario publicado", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/home\/forms\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByTestId("form-status")).toHaveAttribute("data-status", "published");
  await expect(page.getByTestId("designer-group").getByTestId("group-select")).toHaveText([/Extra/, /Datos personales/]);
  const stored = await trpcQuery<StoredForm>(page, "form.getById", { id: page.url().split("/").at(-2)! });
  expect(stored.status).toBe("published");
  expect(stored.schema.groups.map((g) => g.fields.map((f) => f.key))).toEqual([["nota", "correo"], ["nombre"]]);
});

test("undo and redo, by button and shortcut; Delete removes the selected field", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  await page.goto(tenantUrl("/home/forms/new"));
  const undoButton = page.getByTestId("undo");
  const redoButton = page.getByTestId("redo");
  await expect(undoButton).toBeDisabled();
  await expect(redoButton).toBeDisabled();
  await expect(undoButton).toHaveAttribute("title", "Deshacer (Ctrl+Z)");

  await page.getByTestId("add-group").click();
  await expect(page.getByTestId("designer-group")).toHaveCount(1);
  await expect(undoButton).toBeEnabled();
  await page.getByTestId("palette-date").click();
  await page.getByTestId("palette-time").click();
  await expect(labels(page)).toHaveText(["Nuevo campo Fecha", "Nuevo campo Hora"]);

  await undoButton.click();
  await expect(labels(page)).toHaveText(["Nuevo campo Fecha"]);
  await expect(redoButton).toBeEnabled();
  await redoButton.click();
  await expect(labels(page)).toHaveText(["Nuevo campo Fecha", "Nuevo campo Hora"]);
  await expect(redoButton).toBeDisabled();

  await page.getByTestId("palette-time").focus();
  await page.keyboard.press("Control+z");
  await page.keyboard.press("Control+z");
  await expect(labels(page)).toHaveCount(0);
  await expect(page.getByTestId("designer-group")).toHaveCount(1);
  await page.keyboard.press("Control+Shift+z");
  await expect(labels(page)).toHaveText(["Nuevo campo Fecha"]);
  await page.keyboard.press("Control+y");
  await expect(labels(page)).toHaveText(["Nuevo campo Fecha", "Nuevo campo Hora"]);
  await page.keyboard.press("Control+z");
  await page.keyboard.press("Control+z");
  await page.keyboard.press("Control+z");
  await expect(page.getByTestId("designer-group")).toHaveCount(0);
  await expect(undoButton).toBeDisabled();
  await redoButton.click();
  await redoButton.click();
  await redoButton.click();
  await expect(labels(page)).toHaveText(["Nuevo campo Fecha", "Nuevo campo Hora"]);

  // Delete with the focus on the canvas removes the selected field; typing in a box does not.
  await page.getByTestId("designer-field").first().getByTestId("field-select").click();
  await page.getByTestId("prop-label").press("End");
  await page.keyboard.press("Delete");
  await expect(labels(page)).toHaveCount(2);
  await page.getByTestId("designer-field").first().getByTestId("field-select").click();
  await page.keyboard.press("Delete");
  await expect(labels(page)).toHaveText(["Nuevo campo Hora"]);
  await expect(page.getByTestId("field-properties")).toHaveCount(0);
  await page.keyboard.press("Control+z");
  await expect(labels(page)).toHaveText(["Nuevo campo Fecha", "Nuevo campo Hora"]);

  // A palette item picked up with Space and moved with the arrows lands where it is dropped.
  const email = page.getByTestId("palette-email");
  await email.focus();
  await page.keyboard.press("Space");
  await expect(email).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText(/^Moviendo el nuevo campo Correo electrónico sobre el /)).toBeAttached();
  await page.keyboard.press("Space");
  await expect(labels(page)).toHaveCount(3);
  await expect(labels(page).filter({ hasText: "Nuevo campo Correo electrónico" })).toHaveCount(1);

  // Leaving with unsaved changes asks first.
  await page.getByRole("link", { name: "Volver a formularios" }).click();
  await expect(page.getByTestId("leave-dialog")).toBeVisible();
  await page.getByRole("button", { name: "Seguir editando" }).click();
  await expect(page.getByTestId("leave-dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/home\/forms\/new$/);
  await page.getByRole("link", { name: "Volver a formularios" }).click();
  await page.getByTestId("leave-confirm").click();
  await expect(page).toHaveURL(/\/home\/forms$/);
});

test("an archived form opens read-only; an unknown one says it is not found", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  const made = await trpcMutation<{ id: string }>(page, "form.create", { name: `Archivado ${Date.now()}`, schema: IMPORTED });
  await trpcMutation(page, "form.archive", { id: made.id });
  await page.goto(tenantUrl(`/home/forms/${made.id}/edit`));
  await expect(page.getByTestId("form-status")).toHaveAttribute("data-status", "archived");
  await expect(page.getByTestId("form-archived")).toHaveText("Este formulario está archivado y no se puede modificar");
  await expect(labels(page)).toHaveText(["Nombre", "Correo", "Nota"]);
  await expect(page.getByTestId("save-form")).toBeDisabled();
  await expect(page.getByTestId("add-group")).toBeDisabled();
  await expect(page.getByTestId("form-name")).toBeDisabled();
  await page.getByTestId("palette-text").click({ force: true });
  await expect(labels(page)).toHaveCount(3);
  await expect(page.getByTestId("field-remove").first()).toBeDisabled();

  await page.goto(tenantUrl("/home/forms/00000000-0000-4000-8000-000000000000/edit"));
  await expect(page.getByTestId("form-not-found")).toContainText("Formulario no encontrado");
});

const SHOWCASE = {
  version: "1.0",
  metadata: { name: "Solicitud de servicio", tags: [] },
  settings: { submitButton: { text: "Enviar" } },
  groups: [
    {
      id: "group_cliente",
      name: "Cliente",
      columns: 2,
      fields: [
        { key: "nombre", type: "text", component: "textbox", label: "Nombre", required: true, width: "half" },
        { key: "telefono", type: "tel", component: "textbox", label: "Teléfono", width: "half" },
        { key: "servicio", type: "select", component: "dropdown", label: "Servicio", options: [{ label: "Instalación", value: "instalacion" }, { label: "Reparación", value: "reparacion" }] },
      ],
    },
    { id: "group_detalle", name: "Detalle", columns: 1, width: "half", fields: [{ key: "descripcion", type: "textarea", component: "textarea", label: "Descripción" }] },
    { id: "group_adjuntos", name: "Adjuntos", columns: 1, width: "half", fields: [{ key: "fotos", type: "image", component: "file-upload", label: "Fotos" }] },
  ],
  conditionals: [],
};

for (const lang of ["es", "en"]) {
  for (const width of [1366, 768, 390]) {
    test(`the designer at ${width} px in ${lang}, with a selected field`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 800 ? 768 : width > 500 ? 1024 : 844 });
      await signIn(page, "owner@demo.test");
      await page.evaluate((l) => localStorage.setItem("language", l), lang);
      const made = await trpcMutation<{ id: string }>(page, "form.create", { name: `Solicitud de servicio ${lang} ${width} ${Date.now()}`, schema: SHOWCASE });
      await page.goto(tenantUrl(`/home/forms/${made.id}/edit`));
      await expect(page.getByTestId("designer-field")).toHaveCount(5);
      await settle(page);
      await noSidewaysScroll(page);
      await shot(page, `designer-${lang}-${width}`);
      if (width < 1280) {
        // Narrower than three columns, the palette is a sheet: a click adds the field and closes it.
        await page.getByTestId("open-palette").click();
        await expect(page.getByTestId("designer-palette")).toBeVisible();
        await shot(page, `designer-palette-${lang}-${width}`);
        await page.getByTestId("palette-rating").click();
        await expect(page.getByTestId("designer-palette")).toHaveCount(0);
        await expect(page.getByTestId("designer-field")).toHaveCount(6);
        await expect(page.getByTestId("designer-group").nth(2).getByTestId("field-label")).toHaveText(["Fotos", lang === "es" ? "Nuevo campo Calificación" : "New Rating field"]);
        await page.getByTestId("undo").click();
        await expect(page.getByTestId("designer-field")).toHaveCount(5);
      }

      await page.getByTestId("designer-field").first().getByTestId("field-select").click();
      const panel = page.getByTestId("field-properties");
      await expect(panel).toBeVisible();
      await expect(panel.getByTestId("prop-label")).toHaveValue("Nombre");
      await noSidewaysScroll(page);
      await shot(page, `designer-selected-${lang}-${width}`);
      await expectNoSeriousViolations(page, `form designer ${lang} ${width}`);
      if (width < 1280) {
        await page.keyboard.press("Escape");
        await expect(panel).toHaveCount(0);
      }

      await page.getByTestId("designer-tab-settings").click();
      await expect(page.getByTestId("settings-tab")).toBeVisible();
      await noSidewaysScroll(page);
      await shot(page, `designer-settings-${lang}-${width}`);
      await expectNoSeriousViolations(page, `form designer settings ${lang} ${width}`);

      await page.getByTestId("toggle-preview").click();
      await expect(page.getByTestId("designer-preview")).toBeVisible();
      await noSidewaysScroll(page);
      await shot(page, `designer-preview-${lang}-${width}`);
    });
  }
}
