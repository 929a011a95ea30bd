import { describe, expect, it } from "vitest";
import { DEFAULT_TEMPLATES, fill, SAMPLE_VALUES, sendMessageInput, TEMPLATE_VARIABLES, templateInput, unknownVariables, whatsappLink } from "./templates";

describe("fill", () => {
  it("replaces every known variable, spaces inside the braces allowed", () => {
    expect(fill("Hola {{customer_name}}, su {{ service_name }} es el {{appointment_date}} a las {{appointment_time}} ({{amount}})", SAMPLE_VALUES.es)).toBe(
      "Hola María Rodríguez, su Corte de cabello es el 15/12/2026 a las 10:30 (RD$1,500.00)",
    );
  });
  it("leaves an unknown variable visible, never dropped", () => {
    expect(fill("Hola {{nombre}} {{customer_name}}", { customer_name: "Ana" })).toBe("Hola {{nombre}} Ana");
  });
  it("leaves a known variable without a value visible", () => {
    expect(fill("Total {{amount}}", {})).toBe("Total {{amount}}");
  });
  it("does not treat values as templates", () => {
    expect(fill("{{customer_name}}", { customer_name: "{{amount}}", amount: "5" })).toBe("{{amount}}");
  });
  it("lists unknown variables", () => {
    expect(unknownVariables("{{customer_name}} {{foo}} {{ bar }} {{foo}}")).toEqual(["foo", "bar"]);
  });
});

describe("defaults", () => {
  it("use only known variables and fill completely in both languages", () => {
    for (const lang of ["es", "en"] as const) {
      for (const kind of ["confirmation", "reminder"] as const) {
        const tpl = DEFAULT_TEMPLATES[lang][kind];
        expect(unknownVariables(tpl.subject + tpl.body)).toEqual([]);
        expect(fill(tpl.body, SAMPLE_VALUES[lang])).not.toContain("{{");
      }
    }
    expect(TEMPLATE_VARIABLES).toEqual(expect.arrayContaining(["customer_name", "service_name", "appointment_date", "appointment_time", "amount"]));
  });
});

describe("inputs", () => {
  it("an e-mail template needs a subject; other channels do not", () => {
    const r = templateInput.safeParse({ name: "X", kind: "custom", channel: "email", subject: " ", body: "Hola" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ["subject"], message: "appointmentMessages:errors.subjectRequired" });
    expect(templateInput.safeParse({ name: "X", kind: "custom", channel: "whatsapp", body: "Hola" }).success).toBe(true);
  });
  it("a custom selection needs customers; a message needs a template or a body", () => {
    const base = { channel: "email", recipient_group: "custom", subject: "S", body: "B", idempotency_key: "key-12345678" } as const;
    expect(sendMessageInput.safeParse(base).error?.issues[0]?.message).toBe("appointmentMessages:errors.selectRecipients");
    expect(sendMessageInput.safeParse({ ...base, recipient_group: "all_customers", body: "" }).error?.issues[0]?.message).toBe("appointmentMessages:errors.templateOrBody");
    expect(sendMessageInput.safeParse({ ...base, recipient_group: "all_customers" }).success).toBe(true);
  });
  it("refuses NUL in text", () => {
    expect(templateInput.safeParse({ name: "X\u0000", kind: "custom", channel: "sms", body: "B" }).success).toBe(false);
  });
});

describe("whatsappLink", () => {
  it("adds the country code to Dominican numbers and encodes the text", () => {
    expect(whatsappLink("(809) 555-1234", "Hola ñ")).toBe("https://wa.me/18095551234?text=Hola%20%C3%B1");
    expect(whatsappLink("12", "x")).toBeNull();
  });
});
