import { describe, expect, it } from "vitest";
import { resources } from "../i18n/resources";
import { POINT_SOURCE_TYPES } from "./customer";
import { SALE_NCF_TYPE_CODES } from "./fiscal";
import {
  BILLING_ADDRESS_PAIRS,
  BILLING_TYPES,
  CLIENT_LANGUAGES,
  CLIENT_STATUSES,
  COMMUNICATION_METHODS,
  CONTACT_TIMES,
  DOCUMENT_FORMATS,
  INDUSTRIES,
  JURISDICTIONS,
  LEGAL_FIELDS,
  PAYMENT_METHODS,
  REFERRAL_SOURCES,
  RETAINER_FREQUENCIES,
  RETENTION_POLICIES,
  RISK_LEVELS,
} from "./legal-client";

function lookup(lang: "es" | "en", path: string): unknown {
  return path.split(".").reduce<unknown>((n, p) => (n as Record<string, unknown> | undefined)?.[p], resources[lang].customers);
}

/** Keys the customer screens build from values (t(`customers:enums.${group}.${value}`) and the like). */
const keys = [
  ...Object.entries({
    status: CLIENT_STATUSES,
    billing_type: BILLING_TYPES,
    risk_level: RISK_LEVELS,
    retainer_frequency: RETAINER_FREQUENCIES,
    communication_method: COMMUNICATION_METHODS,
    contact_time: CONTACT_TIMES,
    retention_policy: RETENTION_POLICIES,
    document_format: DOCUMENT_FORMATS,
    language: CLIENT_LANGUAGES,
    payment_method: PAYMENT_METHODS,
    referral_source: REFERRAL_SOURCES,
    industry: INDUSTRIES,
    jurisdiction: JURISDICTIONS,
  }).flatMap(([group, values]) => values.map((v) => `enums.${group}.${v}`)),
  // The billing address parts are labelled like the main address parts they mirror.
  ...LEGAL_FIELDS.filter((f) => !BILLING_ADDRESS_PAIRS.some(([b]) => b === f)).map((f) => `legal.${f}`),
  ...BILLING_ADDRESS_PAIRS.map(([, m]) => `legal.${m}`),
  ...["rnc", "cedula", "none"].map((k) => `fiscal.kind.${k}`),
  ...SALE_NCF_TYPE_CODES.map((c) => `fiscal.ncf.${c}`),
  ...POINT_SOURCE_TYPES.map((s) => `rewards.sources.${s}`),
  ...["basic", "legal", "billing", "compliance", "communication", "notes"].map((k) => `legalForm.tabs.${k}`),
];

describe("customers catalog", () => {
  it("every key built from an enumeration exists in both languages", () => {
    const missing = keys.flatMap((k) => (["es", "en"] as const).filter((l) => typeof lookup(l, k) !== "string").map((l) => `${l}:${k}`));
    expect(missing).toEqual([]);
  });

  it("the spec's enumerations have the sizes it states (21 industries, 13 jurisdictions)", () => {
    expect(INDUSTRIES).toHaveLength(21);
    expect(INDUSTRIES[0]).toBe("agriculture");
    expect(INDUSTRIES.at(-1)).toBe("other");
    expect(JURISDICTIONS).toHaveLength(13);
    expect(JURISDICTIONS[0]).toBe("distrito_nacional");
    expect(JURISDICTIONS.at(-1)).toBe("other");
  });

  it("the spec's literal texts", () => {
    expect(lookup("en", "validation.nameRequired")).toBe("Name is required");
    expect(lookup("es", "validation.nameRequired")).toBe("El nombre es requerido");
    expect(lookup("en", "validation.invalidEmail")).toBe("Invalid email");
    expect(lookup("en", "panel.recent")).toBe("Recent Customers");
    expect(lookup("en", "panel.noResults")).toBe("No customers found");
    expect(lookup("en", "panel.create")).toBe("Create new customer");
    expect(lookup("en", "toast.createdPanel")).toBe("Customer created successfully");
    expect(lookup("en", "legalForm.createError")).toBe("Error creating legal data: {{message}}");
    expect(lookup("en", "legalForm.updateError")).toBe("Error updating legal data: {{message}}");
    expect(lookup("en", "hints.autoCode")).toBe("auto-generated");
  });
});
