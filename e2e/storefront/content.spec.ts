import { expect, test } from "@playwright/test";
import { shot, signIn, tenantUrl } from "../support";

/** A 64×32 PNG (a real image: the server reads it with sharp for the thumbnail). */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAEAAAAAgCAIAAAAt/+nTAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYElEQVRYhe2SQQkAQRDD6iBO+1z9J+IeYaAQAWloeD1NdAM2oHpFdqHeJboBG1C9IrtQ7xLdgA2oXpFdqHeJbsAGVK/ILtS7RDdgA6pXZBfqXaIbsAHVK7IL9S7RDX7yAf41mGqQ7/diAAAAAElFTkSuQmCC", "base64");

test("owner uploads, picks and deletes library images from the blog form, publishes a post and sees it in the shop", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  await page.goto(tenantUrl("/home/storefront/blog/new"));
  await page.getByLabel("Título").fill("Ofertas de diciembre en La Esquina");

  // Upload: progress, 'Imagen subida', the dialog closes with the image chosen.
  await page.getByTestId("choose-featured-image").click();
  const dialog = page.getByTestId("background-image-dialog");
  await expect(dialog.getByRole("heading", { name: "Seleccionar imagen de fondo" })).toBeVisible();
  await shot(page, `dialog-upload-1366-es`);
  await dialog.getByTestId("media-file-input").setInputFiles({ name: "diciembre.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByText("Imagen subida").first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("post-image")).toHaveValue(/^\/uploads\/.+\.png$/);

  // URL: Add is disabled while empty; Enter submits; the image goes to the library.
  await page.getByTestId("choose-featured-image").click();
  await dialog.getByRole("tab", { name: "URL" }).click();
  await expect(dialog.getByTestId("media-url-add")).toBeDisabled();
  await dialog.getByTestId("media-url-input").fill("no es una url");
  await dialog.getByTestId("media-url-input").press("Enter");
  await expect(page.getByText("URL no válida").first()).toBeVisible();
  await dialog.getByTestId("media-url-input").fill("https://images.example.com/playa.jpg");
  await dialog.getByTestId("media-url-input").press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("post-image")).toHaveValue("https://images.example.com/playa.jpg");

  // Library: two images; delete one after the browser's confirmation; pick the other.
  await page.getByTestId("choose-featured-image").click();
  await dialog.getByRole("tab", { name: "Biblioteca" }).click();
  await expect(dialog.getByTestId("media-library-item")).toHaveCount(2);
  await shot(page, `dialog-library-1366-es`);
  page.once("dialog", async (confirm) => {
    expect(confirm.message()).toBe("¿Seguro que deseas eliminar esta imagen?");
    await confirm.accept();
  });
  await dialog.getByRole("button", { name: "Eliminar playa.jpg" }).click();
  await expect(page.getByText("Imagen eliminada").first()).toBeVisible();
  await expect(dialog.getByTestId("media-library-item")).toHaveCount(1);
  await dialog.getByRole("button", { name: "Usar diciembre.png" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("post-image")).toHaveValue(/^\/uploads\/.+\.png$/);

  await page.getByLabel("Contenido").fill("Esta semana: arroz, aceite y café con descuento.\n\nPide en línea y te lo llevamos.");
  await page.getByLabel("Estado").selectOption("published");
  await shot(page, `blog-form-1366-es`, { fullPage: true });
  await page.getByTestId("save-blog-post").click();
  await expect(page).toHaveURL(/\/home\/storefront\/blog$/);
  await expect(page.getByTestId("blog-post-row").filter({ hasText: "Ofertas de diciembre en La Esquina" })).toContainText("Publicado");
  await shot(page, `blog-list-1366-es`);

  await page.goto(tenantUrl("/shop/blog/ofertas-de-diciembre-en-la-esquina"));
  await expect(page.getByRole("heading", { name: "Ofertas de diciembre en La Esquina" })).toBeVisible();
});

test("a visitor sends the contact form and the owner reads it in Mensajes", async ({ browser, page }) => {
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const shop = await visitor.newPage();
  await shop.goto(tenantUrl("/shop/contact"));
  const form = shop.getByTestId("contact-form").first();
  await form.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(form.getByText("Este campo es obligatorio").first()).toBeVisible();
  await form.getByLabel("Nombre").fill("Rosa Martínez");
  await form.getByLabel("Correo electrónico").fill("rosa@example.com");
  await form.getByLabel("Asunto").fill("Pedido para el sábado");
  await form.getByLabel("Mensaje").fill("¿Pueden entregar 2 cajas de Presidente el sábado a las 4?");
  await form.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(form.getByTestId("contact-success")).toContainText("Mensaje enviado");
  await expect(form.getByLabel("Nombre")).toHaveValue("");
  await shot(shop, `contact-390-es`, { fullPage: true });
  await visitor.close();

  await signIn(page, "owner@demo.test");
  await page.goto(tenantUrl("/home/storefront/messages"));
  const message = page.getByTestId("contact-message").filter({ hasText: "Pedido para el sábado" });
  await expect(message).toContainText("Nuevo");
  await expect(page.getByTestId("unread-count")).toBeVisible();
  await message.getByRole("button").first().click();
  await expect(message.getByTestId("contact-message-body")).toContainText("2 cajas de Presidente");
  await expect(message).not.toContainText("Nuevo");
  await shot(page, `messages-1366-es`);
  for (const width of [768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `messages-${width}-es`);
    await page.goto(tenantUrl("/home/storefront/settings"));
    await expect(page.getByTestId("store-published")).toContainText("Publicada");
    await shot(page, `settings-${width}-es`, { fullPage: true });
    await page.goto(tenantUrl("/home/storefront/messages"));
  }
});
