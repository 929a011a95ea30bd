import { describe, expect, it } from "vitest";
import { translate } from "../i18n/translate";
import { normalizeWebsite, PROVIDER_QUICK_FIELDS, providerFormInput, providerInput, providerListInput, providerQuickCreateInput, providerUpdateInput } from "./provider";

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("provider schemas", () => {
  it("quick-create: name and code required; email valid ('Email inválido') or empty", () => {
    const bad = providerQuickCreateInput.safeParse({ name: " ", code: "", email: "juan@" });
    expect(messages(bad)).toEqual({ name: "errors:nameRequired", code: "providers:validation.codeRequired", email: "providers:validation.invalidEmail" });
    expect(translate("es", "providers:validation.invalidEmail")).toBe("Email inválido");
    expect(translate("en", "providers:validation.invalidEmail")).toBe("Email is not valid");
    const ok = providerQuickCreateInput.parse({ name: "Colmado Sur", code: "CS", taxId: "", phone: "", email: "", website: "", address: "", description: "", notes: "" });
    expect(ok).toEqual({ name: "Colmado Sur", code: "CS" });
    expect(Object.values(ok).includes(undefined)).toBe(false);
  });

  it("quick-create keeps only its nine fields", () => {
    const everything = { name: "A", code: "B", taxId: "101850043", phone: "1", email: "a@b.do", website: "b.do", address: "c", description: "d", notes: "e", city: "Santiago", creditLimit: "5" };
    expect(Object.keys(providerQuickCreateInput.parse(everything)).sort()).toEqual([...PROVIDER_QUICK_FIELDS].sort());
  });

  it("full form: requires the tax id, valid RNC or cédula, stored without dashes", () => {
    expect(messages(providerFormInput.safeParse({ name: "A", code: "B" }))).toEqual({ taxId: "providers:validation.taxIdRequired" });
    expect(messages(providerFormInput.safeParse({ name: "A", code: "B", taxId: "" }))).toEqual({ taxId: "providers:validation.taxIdRequired" });
    expect(messages(providerFormInput.safeParse({ name: "A", code: "B", taxId: "101850044" }))).toEqual({ taxId: "errors:invalidTaxId" });
    expect(providerFormInput.parse({ name: "A", code: "B", taxId: "1-01-85004-3" }).taxId).toBe("101850043");
    expect(providerFormInput.parse({ name: "A", code: "B", taxId: "001-1391820-5" }).taxId).toBe("00113918205");
    // Quick-create and the server accept no tax id, but check one that is given.
    expect(providerInput.parse({ name: "A", code: "B" }).taxId).toBeUndefined();
    expect(messages(providerInput.safeParse({ name: "A", code: "B", taxId: "12" }))).toEqual({ taxId: "errors:invalidTaxId" });
  });

  it("website: a valid http(s) URL or empty ('Invalid URL'); a bare host gets https://", () => {
    expect(normalizeWebsite("www.suplidora.com.do")).toBe("https://www.suplidora.com.do");
    expect(providerInput.parse({ name: "A", code: "B", website: "http://suplidora.do/catalogo" }).website).toBe("http://suplidora.do/catalogo");
    for (const website of ["ftp://suplidora.do", "javascript:alert(1)", "no es una url", "https://intranet"]) {
      expect(messages(providerInput.safeParse({ name: "A", code: "B", website }))).toEqual({ website: "providers:validation.invalidUrl" });
    }
    expect(translate("en", "providers:validation.invalidUrl")).toBe("Invalid URL");
  });

  it("money and percentages are decimal strings with 2 places; days are whole numbers", () => {
    const v = providerInput.parse({ name: "A", code: "B", creditLimit: "1,250,000", discountPercent: "12.5", paymentTerms: "45" });
    expect(v).toMatchObject({ creditLimit: "1250000.00", discountPercent: "12.50", paymentTerms: 45 });
    expect(providerInput.parse({ name: "A", code: "B", creditLimit: "", discountPercent: "", paymentTerms: "" })).toEqual({ name: "A", code: "B" });
    expect(messages(providerInput.safeParse({ name: "A", code: "B", creditLimit: "1.005", discountPercent: "-1", paymentTerms: "3651" }))).toEqual({
      creditLimit: "providers:validation.invalidAmount",
      discountPercent: "providers:validation.invalidPercent",
      paymentTerms: "providers:validation.invalidDays",
    });
    // the one money schema: a JSON number is taken like its string
    expect(providerInput.parse({ name: "A", code: "B", creditLimit: 10.5 }).creditLimit).toBe("10.50");
    expect(providerInput.parse({ name: "A", code: "B", discountPercent: "100" }).discountPercent).toBe("100.00");
  });

  it("update needs a uuid; list defaults to page 1 of 100", () => {
    expect(providerUpdateInput.safeParse({ id: "x", name: "A", code: "B" }).success).toBe(false);
    expect(providerListInput.parse({})).toEqual({ search: "", page: 1, pageSize: 100 });
    expect(providerListInput.parse({ isActive: false, search: " caribe " })).toMatchObject({ search: "caribe", isActive: false });
  });
});
