import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { translate } from "../i18n/translate";
import { isSafePattern } from "./pattern";
import { RULE_MESSAGES } from "./rules";
import {
  ADVANCED_FIELD_TYPES,
  BASIC_FIELD_TYPES,
  COMPONENT_OF,
  emptyForm,
  exportFileName,
  FIELD_TYPES,
  FILE_LIMITS,
  FORM_DEFAULTS,
  FORM_MESSAGES,
  fileOptionsOf,
  formSchema,
  formSchemaJson,
  GROUP_COLUMNS,
  GROUP_WIDTH_PERCENT,
  isRequirable,
  MB,
  makeRule,
  PALETTE,
  parseFormSchema,
  parseFormSchemaJson,
  RATING_RANGE,
  SLIDER_DEFAULTS,
  slugOf,
  UPLOAD_DEFAULTS,
} from "./schema";

const field = (key: string, extra: Record<string, unknown> = {}) => ({ key, type: "text", component: "textbox", label: key, ...extra });
const minimal = (groups: unknown[] = [], extra: Record<string, unknown> = {}) => ({ version: "1.0", metadata: { name: "Encuesta" }, groups, ...extra });

describe("form schema: names and defaults of the spec", () => {
  it("a new form: version 1.0, 'New Form', the settings' defaults, no groups", () => {
    expect(emptyForm()).toEqual({
      version: "1.0",
      metadata: { name: "New Form", tags: [] },
      settings: {
        layout: "responsive",
        theme: "default",
        showCompanyLogo: false,
        submitButton: { text: "Submit", position: "bottom-right" },
        confirmation: { type: "message" },
        emailNotifications: { enabled: false, recipients: [], includeSubmissionData: true, attachPDF: false },
      },
      groups: [],
      calculations: [],
      conditionals: [],
    });
    expect(emptyForm("Encuesta").metadata.name).toBe("Encuesta");
  });

  it("field type → component, as §3 maps them", () => {
    // The spec's sentence, grouped by component: "text, email, url, tel, number, hidden -> textbox; …".
    const spec: Record<string, string[]> = {
      textbox: ["text", "email", "url", "tel", "number", "hidden"],
      textarea: ["textarea"],
      datepicker: ["date"],
      timepicker: ["time"],
      dropdown: ["select"],
      "checkbox-group": ["checkbox"],
      "radio-group": ["radio"],
      "file-upload": ["file", "image"],
      signature: ["signature"],
      "rating-stars": ["rating"],
      "range-slider": ["slider"],
      "toggle-switch": ["toggle"],
      "color-picker": ["color"],
    };
    const mapped = Object.entries(spec).flatMap(([component, types]) => types.map((type) => [type, component]));
    expect(mapped).toHaveLength(Object.keys(COMPONENT_OF).length);
    for (const [type, component] of mapped) expect(COMPONENT_OF[type as keyof typeof COMPONENT_OF]).toBe(component);
  });

  it("the palette: Basic and Advanced, every type exactly once", () => {
    expect([...BASIC_FIELD_TYPES]).toEqual(["text", "email", "url", "tel", "number", "textarea", "date", "time", "select", "checkbox", "radio"]);
    expect([...ADVANCED_FIELD_TYPES]).toEqual(["file", "image", "signature", "rating", "slider", "toggle", "color", "hidden"]);
    expect(PALETTE.flatMap((c) => [...c.types]).sort()).toEqual([...FIELD_TYPES].sort());
  });

  it("§9 constants: uploads, group widths and columns, slider, rating", () => {
    expect(UPLOAD_DEFAULTS).toEqual({ maxFiles: 10, maxSizeBytes: 10_485_760, allowedFormats: ["image/*", "application/pdf", ".doc", ".docx", ".xls", ".xlsx"] });
    expect(GROUP_WIDTH_PERCENT).toEqual({ full: 100, half: 50, third: 33, "two-thirds": 66, quarter: 25 });
    expect(GROUP_COLUMNS).toEqual({ min: 1, designerMax: 4, max: 6 });
    expect(FORM_DEFAULTS.groupColumns).toBe(2);
    expect(FILE_LIMITS).toEqual({ minFiles: 1, maxFiles: 20, minSizeMb: 1, maxSizeMb: 100 });
    expect(SLIDER_DEFAULTS).toEqual({ min: 0, max: 100, step: 1 });
    expect(RATING_RANGE).toEqual({ min: 1, max: 5 });
  });

  it("required applies to the §5 components plus file and signature, never to checkbox groups and toggles", () => {
    for (const c of ["textbox", "textarea", "dropdown", "radio-group", "datepicker", "timepicker", "rating-stars", "range-slider", "color-picker", "file-upload", "signature"]) expect(isRequirable(c)).toBe(true);
    for (const c of ["checkbox-group", "toggle-switch", "map"]) expect(isRequirable(c)).toBe(false);
  });

  it("a group gets 'New Group', 2 columns, full width, not collapsible; a file field the upload defaults", () => {
    const r = parseFormSchema(minimal([{ id: "group_1" }]));
    expect(r.ok && r.schema.groups[0]).toEqual({ id: "group_1", name: "New Group", columns: 2, collapsible: false, width: "full", fields: [] });
    expect(fileOptionsOf({ type: "file" })).toEqual({ multiple: true, maxFiles: 10, maxSizeBytes: 10 * MB, allowedFormats: [...UPLOAD_DEFAULTS.allowedFormats] });
    expect(fileOptionsOf({ type: "image" }).allowedFormats).toEqual(["image/*"]);
    expect(fileOptionsOf({ type: "file", options: { multiple: false, maxFiles: 3, maxSizeBytes: 2 * MB, allowedFormats: [".pdf"] } })).toEqual({ multiple: false, maxFiles: 3, maxSizeBytes: 2 * MB, allowedFormats: [".pdf"] });
  });
});

describe("JSON import (parseFormSchemaJson)", () => {
  it("needs version, metadata and groups, else 'Invalid form schema structure'", () => {
    for (const data of [{}, { version: "1.0", metadata: {} }, { version: "1.0", groups: [] }, { metadata: {}, groups: [] }, [], "x", null, 5]) {
      expect(parseFormSchemaJson(JSON.stringify(data))).toEqual({ ok: false, kind: "structure", message: "forms:errors.invalidStructure" });
    }
    expect(translate("en", FORM_MESSAGES.invalidStructure)).toBe("Invalid form schema structure");
  });

  it("text that is not JSON: 'Invalid JSON' with the parser's message", () => {
    const r = parseFormSchemaJson("{ version: 1");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.kind).toBe("json");
    expect(r.message).toBe("forms:errors.invalidJson");
    expect(r.detail).toMatch(/JSON/);
    expect(translate("en", "forms:errors.invalidJsonHint")).toBe("Please check the JSON syntax and try again.");
  });

  it("a valid schema comes back with its defaults filled, and survives its own JSON", () => {
    const r = parseFormSchemaJson(JSON.stringify(minimal([{ id: "group_a", name: "Datos", fields: [field("nombre", { required: true })] }])));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.schema.groups[0]!.fields[0]).toEqual({ key: "nombre", type: "text", component: "textbox", label: "nombre", required: true });
    expect(r.schema.settings.submitButton.text).toBe("Submit");
    expect(parseFormSchemaJson(formSchemaJson(r.schema))).toEqual({ ok: true, schema: r.schema });
  });

  const schemaError = (data: unknown) => {
    const r = parseFormSchema(data);
    return r.ok ? null : { kind: r.kind, message: r.message };
  };

  it("refuses duplicate keys and group ids, badly formed ones, and conditions naming missing fields", () => {
    expect(schemaError(minimal([{ id: "group_a", fields: [field("a"), field("a")] }]))).toEqual({ kind: "schema", message: FORM_MESSAGES.duplicateKey });
    expect(schemaError(minimal([{ id: "group_a", fields: [field("a")] }, { id: "group_b", fields: [field("a")] }]))).toEqual({ kind: "schema", message: FORM_MESSAGES.duplicateKey });
    expect(schemaError(minimal([{ id: "group_a" }, { id: "group_a" }]))).toEqual({ kind: "schema", message: FORM_MESSAGES.duplicateGroupId });
    expect(schemaError(minimal([{ id: "g1" }]))).toEqual({ kind: "schema", message: FORM_MESSAGES.invalidGroupId });
    expect(schemaError(minimal([{ id: "group_a", fields: [field("1bad")] }]))).toEqual({ kind: "schema", message: FORM_MESSAGES.invalidKey });
    for (const key of ["__proto__", "constructor", "prototype", "a b", "", "x".repeat(101)]) {
      expect(schemaError(minimal([{ id: "group_a", fields: [field(key)] }])), key).toEqual({ kind: "schema", message: FORM_MESSAGES.invalidKey });
    }
    expect(schemaError(minimal([{ id: "group_a", fields: [field("a")] }], { conditionals: [makeRule("zz", "equals", "x")] }))).toEqual({ kind: "schema", message: FORM_MESSAGES.unknownField });
    expect(schemaError(minimal([{ id: "group_a", fields: [field("a")] }], { conditionals: [makeRule("a", "equals", "x", { hide: ["b"] })] }))).toEqual({ kind: "schema", message: FORM_MESSAGES.unknownField });
    expect(schemaError(minimal([{ id: "group_a", fields: [field("a")] }], { conditionals: [{ if: { field: "a", operator: "like", value: "x" } }] }))?.kind).toBe("schema");
  });

  it("columns 1–6 (the renderer's), widths and types from the spec's lists", () => {
    expect(schemaError(minimal([{ id: "group_a", columns: 6 }]))).toBeNull();
    expect(schemaError(minimal([{ id: "group_a", columns: 7 }]))?.kind).toBe("schema");
    expect(schemaError(minimal([{ id: "group_a", columns: 0 }]))?.kind).toBe("schema");
    expect(schemaError(minimal([{ id: "group_a", width: "double" }]))?.kind).toBe("schema");
    expect(schemaError(minimal([{ id: "group_a", fields: [field("a", { type: "map" })] }]))?.kind).toBe("schema");
    // An unknown component is kept (the renderer shows 'Unsupported field type').
    expect(schemaError(minimal([{ id: "group_a", fields: [field("a", { component: "map" })] }]))).toBeNull();
  });

  it("file options: 1–20 files and 1–100 MB", () => {
    const file = (options: unknown) => minimal([{ id: "group_a", fields: [field("f", { type: "file", component: "file-upload", options })] }]);
    expect(schemaError(file({ maxFiles: 20, maxSizeBytes: 100 * MB }))).toBeNull();
    expect(schemaError(file({ maxFiles: 1, maxSizeBytes: MB }))).toBeNull();
    expect(schemaError(file({ maxFiles: 21 }))).toEqual({ kind: "schema", message: FORM_MESSAGES.maxFilesRange });
    expect(schemaError(file({ maxFiles: 0 }))).toEqual({ kind: "schema", message: FORM_MESSAGES.maxFilesRange });
    expect(schemaError(file({ maxSizeBytes: 100 * MB + 1 }))).toEqual({ kind: "schema", message: FORM_MESSAGES.maxSizeRange });
    expect(schemaError(file({ maxSizeBytes: MB - 1 }))).toEqual({ kind: "schema", message: FORM_MESSAGES.maxSizeRange });
  });

  it("validation: a pattern that does not compile or could backtrack forever, min above max; options with one value twice", () => {
    const withValidation = (validation: unknown) => minimal([{ id: "group_a", fields: [field("a", { validation })] }]);
    expect(schemaError(withValidation({ pattern: "^[0-9]{3}-[0-9]{7}$", minLength: 2, maxLength: 20 }))).toBeNull();
    expect(schemaError(withValidation({ pattern: "([a-z" }))).toEqual({ kind: "schema", message: FORM_MESSAGES.invalidPattern });
    expect(schemaError(withValidation({ pattern: "^(a+)+$" }))).toEqual({ kind: "schema", message: FORM_MESSAGES.invalidPattern });
    expect(schemaError(withValidation({ minLength: 5, maxLength: 2 }))).toEqual({ kind: "schema", message: FORM_MESSAGES.minAboveMax });
    expect(schemaError(withValidation({ min: 5, max: 2 }))).toEqual({ kind: "schema", message: FORM_MESSAGES.minAboveMax });
    const choices = minimal([{ id: "group_a", fields: [field("s", { type: "select", component: "dropdown", options: [{ label: "A", value: "x" }, { label: "B", value: "x" }] })] }]);
    expect(schemaError(choices)).toEqual({ kind: "schema", message: FORM_MESSAGES.duplicateOption });
    const mismatched = (type: string, component: string, options: unknown) => schemaError(minimal([{ id: "group_a", fields: [field("x", { type, component, options })] }]));
    expect(mismatched("select", "dropdown", { maxFiles: 2 })).toEqual({ kind: "schema", message: FORM_MESSAGES.invalidSchema });
    expect(mismatched("file", "file-upload", [{ label: "A", value: "a" }])).toEqual({ kind: "schema", message: FORM_MESSAGES.invalidSchema });
  });

  it("settings: recipients are e-mail addresses, a redirect is an http(s) or relative address", () => {
    const settings = (s: unknown) => minimal([], { settings: s });
    expect(schemaError(settings({ emailNotifications: { recipients: ["ana@example.com"] } }))).toBeNull();
    expect(schemaError(settings({ emailNotifications: { recipients: ["ana"] } }))).toEqual({ kind: "schema", message: FORM_MESSAGES.invalidEmail });
    expect(schemaError(settings({ confirmation: { type: "redirect", redirectUrl: "https://example.com/gracias" } }))).toBeNull();
    expect(schemaError(settings({ confirmation: { type: "redirect", redirectUrl: "/gracias" } }))).toBeNull();
    expect(schemaError(settings({ confirmation: { type: "redirect", redirectUrl: "javascript:alert(1)" } }))).toEqual({ kind: "schema", message: FORM_MESSAGES.invalidUrl });
    expect(schemaError(settings({ confirmation: { type: "redirect", redirectUrl: "//evil.example" } }))).toEqual({ kind: "schema", message: FORM_MESSAGES.invalidUrl });
    expect(schemaError(settings({ submitButton: { position: "middle" } }))?.kind).toBe("schema");
    expect(schemaError(settings({ theme: "neon" }))?.kind).toBe("schema");
  });

  it("never throws on arbitrary JSON", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const r = parseFormSchemaJson(JSON.stringify(v));
        expect(typeof r.ok).toBe("boolean");
      }),
      { numRuns: 300 },
    );
    fc.assert(fc.property(fc.string(), (t) => {
        expect(typeof parseFormSchemaJson(t).ok).toBe("boolean");
      }));
  });
});

describe("slug and export file name", () => {
  it("slugOf: lowercase, runs of non-alphanumerics become one hyphen, trimmed, 'new-form' when nothing is left", () => {
    expect(slugOf("Customer Satisfaction Survey")).toBe("customer-satisfaction-survey");
    expect(slugOf("  Hello,   World!! 2026 ")).toBe("hello-world-2026");
    expect(slugOf("Encuesta de satisfacción")).toBe("encuesta-de-satisfaccion");
    expect(slugOf("")).toBe("new-form");
    expect(slugOf("¡¿--?!")).toBe("new-form");
  });

  it("slugOf always gives a clean slug", () => {
    fc.assert(fc.property(fc.string(), (s) => {
        expect(slugOf(s)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }));
  });

  it("exportFileName: form-{name with spaces as hyphens}.json", () => {
    expect(exportFileName("Customer Survey")).toBe("form-Customer-Survey.json");
    expect(exportFileName("Encuesta  de   clientes")).toBe("form-Encuesta-de-clientes.json");
    expect(exportFileName("")).toBe("form-New-Form.json");
  });
});

describe("messages", () => {
  it("every message key of the module is in both catalogs", () => {
    for (const key of [...Object.values(FORM_MESSAGES), ...Object.values(RULE_MESSAGES)]) {
      for (const lang of ["es", "en"]) expect(translate(lang, key), `${lang} ${key}`).not.toBe(key);
    }
    for (const t of FIELD_TYPES) for (const lang of ["es", "en"]) expect(translate(lang, `forms:types.${t}`)).not.toBe(`forms:types.${t}`);
  });

  it("the spec's texts, in their language, with their parameters", () => {
    expect(translate("en", RULE_MESSAGES.required, { label: "Name" })).toBe("Name is required");
    expect(translate("en", RULE_MESSAGES.minLength, { n: 3 })).toBe("Minimum 3 characters required");
    expect(translate("en", RULE_MESSAGES.maxLength, { n: 9 })).toBe("Maximum 9 characters allowed");
    expect(translate("en", RULE_MESSAGES.pattern)).toBe("Invalid format");
    expect(translate("en", RULE_MESSAGES.invalid, { label: "Email" })).toBe("Email is invalid");
    expect(translate("en", RULE_MESSAGES.unsupported, { component: "map" })).toBe("Unsupported field type: map");
    expect(translate("es", RULE_MESSAGES.fieldRequired)).toBe("Este campo es requerido");
    expect(translate("es", RULE_MESSAGES.fileTooLarge, { size: "10 MB" })).toBe("El archivo excede el tamaño máximo de 10 MB");
    expect(translate("es", RULE_MESSAGES.fileFormat, { list: ".pdf, image/*" })).toBe("Formato de archivo no permitido. Formatos aceptados: .pdf, image/*");
    expect(translate("es", RULE_MESSAGES.tooManyFiles, { n: 3 })).toBe("Solo puedes subir un máximo de 3 archivos");
    expect(translate("en", "forms:defaults.fieldLabel", { type: "text" })).toBe("New text field");
  });
});

describe("pattern safety (what the server runs on public answers)", () => {
  it("everyday patterns pass", () => {
    for (const p of ["^[0-9]{3}-[0-9]{7}$", "^[A-Z]{2}\\d+$", "^(809|829|849)\\d{7}$", "^\\d{3}-\\d{7}-\\d$", "[a-z]+@[a-z]+\\.com", "^(?:\\+1)?\\d{10}$", "^[^@\\s]+@[^@\\s]+$", "^(ab)+$", "(?<year>\\d{4})-\\d{2}"]) {
      expect(isSafePattern(p), p).toBe(true);
    }
  });

  it("patterns that do not compile or can backtrack exponentially are refused", () => {
    for (const p of ["(", "[a-", "^(a+)+$", "(a*)*", "(a|a)*", "(a|b)+c", "((ab)+)+", "(\\w+\\s?)*$", "(a)\\1", "(?<x>a)\\k<x>", "(a{1,5}){2,}", "(.*a){12}"]) {
      expect(isSafePattern(p), p).toBe(false);
    }
  });

  it("never throws", () => {
    fc.assert(fc.property(fc.string(), (p) => {
        expect(typeof isSafePattern(p)).toBe("boolean");
      }));
  });
});

describe("formSchema.parse is idempotent", () => {
  it("parsing a parsed schema gives it back", () => {
    const s = formSchema.parse(minimal([{ id: "group_a", fields: [field("a"), field("b", { type: "number", component: "textbox", validation: { min: 1, max: 9 } })] }]));
    expect(formSchema.parse(s)).toEqual(s);
  });
});
