import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/harness";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function page(url: string, host = "localhost") {
  const res = await t.request(host, { url });
  return { status: res.status, html: String(res.body) };
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
const ids = (html: string) => [...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]!);

/** No catalog key left untranslated (makeSiteT answers the key itself when it is missing). */
function expectTranslated(html: string) {
  expect(html.match(/marketing[A-Za-z]*:[a-zA-Z0-9_.]+/g) ?? []).toEqual([]);
}

const PAGES = {
  "/": {
    anchors: ["screenshots", "use-cases", "features", "pricing", "faq"],
    ctas: ["/onboarding/pos", "/auth/signin"],
    footer: ["/docs", "/about", "/blog", "/partners", "/careers", "/help", "/status", "/terms", "/privacy", "/cookies", "tel:+18095550100", "mailto:soporte@enzzo.do"],
    title: "Enzzo POS",
  },
  "/dental": {
    anchors: ["features", "workflow", "screenshots", "pricing", "faq"],
    ctas: ["/onboarding/dental", "/auth/signin"],
    footer: ["/docs", "/api", "/webinars", "/blog", "/casos", "/certificacion", "/comunidad", "/terms", "/privacy", "/cookies", "/legal"],
    title: "Enzzo Dental",
  },
  "/forms": {
    anchors: ["features", "pricing", "templates"],
    ctas: ["/onboarding/forms", "/auth/signin"],
    footer: ["/terms", "/privacy", "/docs", "/api"],
    title: "Enzzo Formularios",
  },
  "/legal": {
    anchors: ["features", "pricing", "testimonials", "contact"],
    ctas: ["/portal", "/auth/signin", "/onboarding/legatti", "/onboarding/legatti?plan=basic", "/onboarding/legatti?plan=professional", "/onboarding/legatti?plan=enterprise", "/auth/register?trial=true"],
    footer: ["/docs", "/api", "/about", "/blog", "/careers", "/partners"],
    title: "Legatti",
  },
} as const;

describe("the marketing pages on the bare domain", () => {
  for (const [path, spec] of Object.entries(PAGES)) {
    it(`${path}: Spanish by default with its anchors, header links, calls to action, footer links and head tags`, async () => {
      const { status, html } = await page(path);
      expect(status).toBe(200);
      expect(html).toContain('<html lang="es">');
      expect(html).toContain(`<title>${spec.title}`);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}">/);
      expect(html).toContain(`<link rel="canonical" href="http://localhost${path}">`);
      expect(html).toContain(`<link rel="alternate" hreflang="en" href="http://localhost${path}?lang=en">`);
      expect(html).toContain('"@type":"SoftwareApplication"');
      expect(html).toContain('"@type":"Organization"');
      expect(html).toContain('property="og:title"');
      const found = hrefs(html);
      for (const anchor of spec.anchors) {
        expect(ids(html)).toContain(anchor);
        expect(found).toContain(`#${anchor}`);
      }
      for (const href of [...spec.ctas, ...spec.footer]) expect(found).toContain(href);
      expect(found).toEqual(expect.arrayContaining(["?lang=es", "?lang=en"]));
      // sticky header, mobile menu toggle, FAQ or testimonials islands are in the page
      expect(html).toContain('class="sticky top-0');
      expect(html).toContain('aria-controls="mobile-menu"');
      expectTranslated(html);
    });

    it(`${path}: English with ?lang=en, Spanish for an unknown language`, async () => {
      const en = await page(`${path}?lang=en`);
      expect(en.html).toContain('<html lang="en">');
      expect(en.html).toContain(`<link rel="canonical" href="http://localhost${path}?lang=en">`);
      expect(en.html).toContain("Sign in");
      expectTranslated(en.html);
      expect((await page(`${path}?lang=fr`)).html).toContain('<html lang="es">');
    });

    it(`${path}: a tenant's host hands the path over to the single-page app`, async () => {
      const res = await page(path, "acme.localhost");
      expect(res.html).not.toContain("data-island");
      expect(res.status).toBe(404);
    });
  }

  it("is also served on a reserved host such as www, not on an unknown subdomain", async () => {
    expect((await page("/dental", "www.localhost")).status).toBe(200);
    expect((await page("/dental", "nosuchshop.localhost")).status).toBe(404);
  });

  it("the dental page: FAQ, 4 testimonials with dots, demo modal, 5 screenshot tabs and the spec's two price sets", async () => {
    const { html } = await page("/dental");
    expect(html.match(/data-testimonial="/g)).toHaveLength(4);
    expect(html.match(/aria-label="Mostrar testimonio \d de 4"/g)).toHaveLength(4);
    expect(html.match(/id="faq-q-\d"/g)).toHaveLength(6);
    expect(html).toContain("<dialog");
    for (const tab of ["odontogram", "history", "calendar", "xray", "mobile"]) expect(html).toContain(`id="tab-${tab}"`);
    for (const price of ["US$35", "US$75", "US$29/mes", "US$79/mes", "2 meses gratis", "US$15 al mes cada uno", "50% de descuento"]) expect(html).toContain(price);
  });

  it("the POS page: its pricing cards are the server's plans (trial, professional, annual with its discount)", async () => {
    const { html } = await page("/");
    expect(html.match(/data-plan="(\w+)"/g)).toEqual(['data-plan="trial"', 'data-plan="monthly"', 'data-plan="annual"']);
    expect(html).toContain("US$35.00");
    expect(html).toContain("US$30.00");
    expect(html).toContain("US$360.00 al año");
    expect(html).toContain("Ahorra 14 %");
    for (const tab of ["pos", "inventory", "reports", "mobile"]) expect(html).toContain(`id="tab-${tab}"`);
    expect(html).toContain("Vista en tableta");
    expect(html).toContain("<dialog");
  });

  it("the form builder page: cards from the 'forms' plans, 3 use cases and 8 templates", async () => {
    const { html } = await page("/forms?lang=en");
    expect(html.match(/data-plan="(\w+)"/g)).toEqual(['data-plan="free"', 'data-plan="monthly"', 'data-plan="annual"']);
    expect(html).toContain("US$25.00");
    expect(html).toContain("US$240.00 a year");
    expect(html).toContain('id="use-cases"');
    for (const text of ["Surveys", "Registrations", "Operations", "Incident report"]) expect(html).toContain(text);
  });
});
