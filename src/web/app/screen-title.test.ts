import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { screenTitleKey } from "./screen-title";

describe("the screen named in the page title", () => {
  it("is the menu entry a path falls under, detail and form screens included", () => {
    expect(screenTitleKey("/home")).toBe("nav:items.dashboard");
    expect(screenTitleKey("/home/pos")).toBe("nav:items.pos");
    expect(screenTitleKey("/home/customers")).toBe("nav:items.customers");
    expect(screenTitleKey("/home/customers/abc/edit")).toBe("nav:items.customers");
    expect(screenTitleKey("/home/products/new/")).toBe("nav:items.products");
    expect(screenTitleKey("/home/cash-box")).toBe("nav:items.cashBox");
  });

  it("is the settings tab under Configuración, and the other screens by their own title", () => {
    expect(screenTitleKey("/home/settings/users")).toBe("settings:tabs.users");
    expect(screenTitleKey("/home/settings/ncf")).toBe("ncf:tab");
    expect(screenTitleKey("/home/settings/cash-boxes")).toBe("cashbox:tab");
    expect(screenTitleKey("/home/settings")).toBe("nav:items.settings");
    expect(screenTitleKey("/home/credit-notes/x")).toBe("creditNotes:title");
    expect(screenTitleKey("/auth/signin")).toBe("auth:signin.title");
    expect(screenTitleKey("/onboarding/dental")).toBe("auth:register.pageTitle");
  });

  it("is none on the landing page and unknown paths, and a prefix must end at a slash", () => {
    expect(screenTitleKey("/")).toBeUndefined();
    expect(screenTitleKey("/public/invoice/x")).toBeUndefined();
    expect(screenTitleKey("/home/customersX")).toBe("nav:items.dashboard");
  });

  it("is a key of both catalogs for every screen", () => {
    const paths = ["/home", "/home/pos", "/home/cash-box", "/home/products", "/home/warehouse-movements", "/home/providers", "/home/invoices", "/home/credit-notes"];
    paths.push("/home/customers", "/home/sellers", "/home/employees", "/home/appointments", "/home/promotions", "/home/reports", "/auth/signin", "/auth/register");
    for (const tab of ["users", "categories", "warehouses", "units", "modules", "configuration", "cash-boxes", "ncf", "currencies", "payment-methods", "invoice-conditions"]) paths.push(`/home/settings/${tab}`);
    paths.push("/home/settings/invoice-types", "/home/settings/customer-types", "/home/settings/outbox");
    for (const lang of ["es", "en"]) {
      for (const path of paths) {
        const [ns, key] = (screenTitleKey(path) ?? "").split(":");
        const catalog = JSON.parse(readFileSync(new URL(`../../shared/i18n/${lang}/${ns}.json`, import.meta.url), "utf8"));
        const value = key?.split(".").reduce((o, k) => o?.[k], catalog);
        expect(typeof value, `${lang} ${path}`).toBe("string");
      }
    }
  });
});
