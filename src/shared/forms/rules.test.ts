import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  acceptedFormats,
  checkFile,
  checkFileCount,
  conditionHolds,
  evaluateConditions,
  formatBytes,
  isEmptyValue,
  isFieldRequired,
  isFieldVisible,
  matchesFormat,
  RULE_MESSAGES,
  unsupportedMessage,
  validateSubmission,
  visibleGroups,
} from "./rules";
import { CONDITION_OPERATORS, type ConditionOperator, type FormSchema, fileOptionsOf, formSchema, MB } from "./schema";

type F = Record<string, unknown>;
const f = (key: string, type: string, component: string, extra: F = {}): F => ({ key, type, component, label: key[0]!.toUpperCase() + key.slice(1), ...extra });
const build = (fields: F[], conditionals: unknown[] = [], groups?: { id: string; fields: F[] }[]): FormSchema =>
  formSchema.parse({ version: "1.0", metadata: { name: "T" }, groups: groups ?? [{ id: "group_1", fields }], conditionals });
const rule = (field: string, operator: ConditionOperator, value: unknown, then: { show?: string[]; hide?: string[]; require?: string[] }) => ({ if: { field, operator, value }, then });
const errorsOf = (schema: FormSchema, answers: unknown, files?: Parameters<typeof validateSubmission>[2]) => validateSubmission(schema, answers, files).errors;

const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const pdf = { name: "informe.pdf", size: 1000, type: "application/pdf", url: "/uploads/acme/forms/1-informe.pdf" };

describe("conditions: the seven operators", () => {
  const holds = (operator: ConditionOperator, expected: unknown, value: unknown) => conditionHolds({ if: { field: "x", operator, value: expected as string } }, value);

  it("equals / not_equals compare as text; a list holds when one of its values is the rule's", () => {
    expect(holds("equals", "yes", "yes")).toBe(true);
    expect(holds("equals", "yes", "Yes")).toBe(false);
    expect(holds("equals", 5, "5")).toBe(true);
    expect(holds("equals", "true", true)).toBe(true);
    expect(holds("equals", "a", ["b", "a"])).toBe(true);
    expect(holds("equals", "a", undefined)).toBe(false);
    expect(holds("equals", "", undefined)).toBe(true);
    expect(holds("not_equals", "yes", "no")).toBe(true);
    expect(holds("not_equals", "yes", "yes")).toBe(false);
    expect(holds("not_equals", "a", ["a"])).toBe(false);
  });

  it("contains: part of the text, or a value of the list", () => {
    expect(holds("contains", "ana", "mariana")).toBe(true);
    expect(holds("contains", "x", "mariana")).toBe(false);
    expect(holds("contains", "b", ["a", "b"])).toBe(true);
    expect(holds("contains", "b", ["abc"])).toBe(false);
    expect(holds("contains", "1", 10)).toBe(true);
  });

  it("greater_than / less_than compare numbers; anything not a number never holds", () => {
    expect(holds("greater_than", 5, 6)).toBe(true);
    expect(holds("greater_than", 5, "5.5")).toBe(true);
    expect(holds("greater_than", 5, 5)).toBe(false);
    expect(holds("less_than", "10", 9)).toBe(true);
    expect(holds("less_than", 10, "abc")).toBe(false);
    expect(holds("less_than", 10, "")).toBe(false);
    expect(holds("greater_than", "x", 3)).toBe(false);
    expect(holds("greater_than", 1, ["5"])).toBe(false);
  });

  it("is_empty / is_not_empty: nothing, blank text or an empty list is empty; false and 0 are answers", () => {
    for (const v of [undefined, null, "", "   ", []]) {
      expect(isEmptyValue(v)).toBe(true);
      expect(holds("is_empty", null, v)).toBe(true);
      expect(holds("is_not_empty", null, v)).toBe(false);
    }
    for (const v of [false, 0, "a", ["a"]]) {
      expect(holds("is_empty", null, v)).toBe(false);
      expect(holds("is_not_empty", null, v)).toBe(true);
    }
  });
});

describe("conditions: show, hide, require (§5)", () => {
  const fields = [f("choice", "select", "dropdown", { options: [{ label: "Sí", value: "yes" }, { label: "No", value: "no" }] }), f("detail", "text", "textbox"), f("other", "text", "textbox")];

  it("a field is hidden when a matching rule's hide list names it", () => {
    const s = build(fields, [rule("choice", "equals", "no", { hide: ["detail"] })]);
    expect(evaluateConditions(s, { choice: "no" }).hidden).toEqual(new Set(["detail"]));
    expect(evaluateConditions(s, { choice: "yes" }).hidden).toEqual(new Set());
    expect(evaluateConditions(s, {}).hidden).toEqual(new Set());
  });

  it("a show list decides: shown when its rule matches, hidden otherwise, and later rules do not change it", () => {
    const s = build(fields, [rule("choice", "equals", "yes", { show: ["detail"] }), rule("choice", "equals", "no", { show: ["detail"] }), rule("other", "is_empty", null, { hide: ["detail"] })]);
    expect(evaluateConditions(s, { choice: "yes" }).hidden.has("detail")).toBe(false);
    // The first show rule does not match: hidden, although the second would match.
    expect(evaluateConditions(s, { choice: "no" }).hidden.has("detail")).toBe(true);
    expect(evaluateConditions(s, {}).hidden.has("detail")).toBe(true);
  });

  it("a hide that matched earlier is not undone by a later show", () => {
    const s = build(fields, [rule("other", "equals", "x", { hide: ["detail"] }), rule("choice", "equals", "yes", { show: ["detail"] })]);
    expect(evaluateConditions(s, { other: "x", choice: "yes" }).hidden.has("detail")).toBe(true);
    expect(evaluateConditions(s, { other: "y", choice: "yes" }).hidden.has("detail")).toBe(false);
  });

  it("required only by a matching equals-rule naming the field", () => {
    const s = build(fields, [rule("choice", "equals", "yes", { require: ["detail"] }), rule("choice", "not_equals", "yes", { require: ["other"] }), rule("choice", "contains", "y", { require: ["other"] })]);
    expect(evaluateConditions(s, { choice: "yes" }).required).toEqual(new Set(["detail"]));
    expect(evaluateConditions(s, { choice: "no" }).required).toEqual(new Set());
    expect(errorsOf(s, { choice: "yes" })).toEqual({ detail: { key: RULE_MESSAGES.required, params: { label: "Detail" } } });
    expect(errorsOf(s, { choice: "no" })).toEqual({});
  });

  it("a field's default value counts while it has no answer", () => {
    const s = build([f("choice", "radio", "radio-group", { defaultValue: "no", options: [{ label: "Sí", value: "yes" }, { label: "No", value: "no" }] }), f("detail", "text", "textbox")], [rule("choice", "equals", "no", { hide: ["detail"] })]);
    expect(evaluateConditions(s, {}).hidden.has("detail")).toBe(true);
    expect(evaluateConditions(s, { choice: "yes" }).hidden.has("detail")).toBe(false);
  });

  it("groups with no visible field are not rendered (a hidden-type field is not visible)", () => {
    const s = build(
      [],
      [rule("a", "equals", "x", { hide: ["b"] })],
      [
        { id: "group_1", fields: [f("a", "text", "textbox")] },
        { id: "group_2", fields: [f("b", "text", "textbox")] },
        { id: "group_3", fields: [f("h", "hidden", "textbox", { defaultValue: "web" })] },
      ],
    );
    expect(visibleGroups(s, {}).map((g) => g.id)).toEqual(["group_1", "group_2"]);
    expect(visibleGroups(s, { a: "x" }).map((g) => g.id)).toEqual(["group_1"]);
  });

  it("a field hidden by a condition is neither required nor kept", () => {
    const s = build([f("choice", "select", "dropdown", { options: [{ label: "No", value: "no" }] }), f("detail", "text", "textbox", { required: true })], [rule("choice", "equals", "no", { hide: ["detail"] })]);
    const state = evaluateConditions(s, { choice: "no" });
    const detail = s.groups[0]!.fields[1]!;
    expect(isFieldVisible(detail, state)).toBe(false);
    expect(isFieldRequired(detail, state)).toBe(false);
    expect(validateSubmission(s, { choice: "no", detail: "forged" })).toEqual({ ok: true, errors: {}, values: { choice: "no" }, ignored: ["detail"] });
    expect(errorsOf(s, {})).toEqual({ detail: { key: RULE_MESSAGES.required, params: { label: "Detail" } } });
  });
});

describe("validateSubmission: required", () => {
  const requirable: [string, string, F?][] = [
    ["text", "textbox"],
    ["textarea", "textarea"],
    ["select", "dropdown", { options: [{ label: "A", value: "a" }] }],
    ["radio", "radio-group", { options: [{ label: "A", value: "a" }] }],
    ["date", "datepicker"],
    ["time", "timepicker"],
    ["rating", "rating-stars"],
    ["slider", "range-slider"],
    ["color", "color-picker"],
  ];

  it("'{label} is required' for textbox, textarea, dropdown, radio, datepicker, timepicker, rating, slider, colour", () => {
    for (const [type, component, extra] of requirable) {
      const s = build([f("campo", type, component, { required: true, label: "Campo", ...extra })]);
      for (const empty of [undefined, null, "", "  ", []]) {
        expect(errorsOf(s, empty === undefined ? {} : { campo: empty }), `${type} ${JSON.stringify(empty)}`).toEqual({ campo: { key: RULE_MESSAGES.required, params: { label: "Campo" } } });
      }
    }
  });

  it("file and signature: 'Este campo es requerido'", () => {
    const s = build([f("doc", "file", "file-upload", { required: true }), f("firma", "signature", "signature", { required: true })]);
    expect(errorsOf(s, { doc: [] })).toEqual({ doc: { key: RULE_MESSAGES.fieldRequired }, firma: { key: RULE_MESSAGES.fieldRequired } });
  });

  it("checkbox groups and toggles are never required; disabled and read-only fields neither", () => {
    const s = build([
      f("acepto", "checkbox", "checkbox-group", { required: true, options: [{ label: "Sí", value: "yes" }] }),
      f("activo", "toggle", "toggle-switch", { required: true }),
      f("bloqueado", "text", "textbox", { required: true, disabled: true }),
      f("fijo", "text", "textbox", { required: true, readOnly: true }),
    ]);
    expect(validateSubmission(s, {})).toEqual({ ok: true, errors: {}, values: {}, ignored: [] });
  });

  it("the label falls back to the key when blank", () => {
    expect(errorsOf(build([f("nombre", "text", "textbox", { required: true, label: " " })]), {})).toEqual({ nombre: { key: RULE_MESSAGES.required, params: { label: "nombre" } } });
  });
});

describe("validateSubmission: text rules", () => {
  const s = build([f("code", "text", "textbox", { validation: { minLength: 3, maxLength: 6, pattern: "^[A-Z]+$" } }), f("ref", "text", "textbox", { validation: { pattern: "^\\d+$", messages: { pattern: "Solo dígitos" } } }), f("bio", "textarea", "textarea")]);

  it("'Minimum {n} characters required', 'Maximum {n} characters allowed', pattern → 'Invalid format' or the field's own message", () => {
    expect(errorsOf(s, { code: "AB" })).toEqual({ code: { key: RULE_MESSAGES.minLength, params: { n: 3 } } });
    expect(errorsOf(s, { code: "ABCDEFG" })).toEqual({ code: { key: RULE_MESSAGES.maxLength, params: { n: 6 } } });
    expect(errorsOf(s, { code: "abc" })).toEqual({ code: { key: RULE_MESSAGES.pattern } });
    expect(errorsOf(s, { ref: "12a" })).toEqual({ ref: { key: RULE_MESSAGES.pattern, text: "Solo dígitos" } });
    expect(validateSubmission(s, { code: "ABCD", ref: "123", bio: "Hola" })).toEqual({ ok: true, errors: {}, values: { code: "ABCD", ref: "123", bio: "Hola" }, ignored: [] });
  });

  it("an optional empty text is not checked and not stored; any text is at most 10,000 characters", () => {
    expect(validateSubmission(s, { code: "" })).toEqual({ ok: true, errors: {}, values: {}, ignored: [] });
    expect(errorsOf(s, { bio: "x".repeat(10_001) })).toEqual({ bio: { key: RULE_MESSAGES.maxLength, params: { n: 10_000 } } });
  });

  it("a value that is not text: '{label} is invalid'", () => {
    expect(errorsOf(s, { bio: { a: 1 } })).toEqual({ bio: { key: RULE_MESSAGES.invalid, params: { label: "Bio" } } });
    expect(errorsOf(s, { bio: 5 })).toEqual({ bio: { key: RULE_MESSAGES.invalid, params: { label: "Bio" } } });
  });
});

describe("validateSubmission: formats", () => {
  const s = build([
    f("email", "email", "textbox"),
    f("web", "url", "textbox"),
    f("tel", "tel", "textbox"),
    f("age", "number", "textbox", { validation: { min: 18, max: 99 } }),
    f("day", "date", "datepicker"),
    f("hour", "time", "timepicker"),
    f("colour", "color", "color-picker"),
  ]);
  const invalid = (label: string) => ({ key: RULE_MESSAGES.invalid, params: { label } });

  it("accepts good values, normalised", () => {
    const r = validateSubmission(s, { email: "ana@example.com", web: "https://example.com/a", tel: "809-555-0100", age: "30", day: "2026-02-28", hour: "09:30", colour: "#FFAA00" });
    expect(r).toEqual({ ok: true, errors: {}, values: { email: "ana@example.com", web: "https://example.com/a", tel: "809-555-0100", age: 30, day: "2026-02-28", hour: "09:30", colour: "#ffaa00" }, ignored: [] });
  });

  it("refuses bad ones with '{label} is invalid'", () => {
    expect(errorsOf(s, { email: "ana@", web: "ftp://x.com", tel: "12", age: "treinta", day: "2026-02-30", hour: "25:00", colour: "red" })).toEqual({
      email: invalid("Email"),
      web: invalid("Web"),
      tel: invalid("Tel"),
      age: invalid("Age"),
      day: invalid("Day"),
      hour: invalid("Hour"),
      colour: invalid("Colour"),
    });
    expect(errorsOf(s, { web: "javascript:alert(1)" })).toEqual({ web: invalid("Web") });
  });

  it("number min and max", () => {
    expect(errorsOf(s, { age: 17 })).toEqual({ age: { key: RULE_MESSAGES.minValue, params: { label: "Age", min: 18 } } });
    expect(errorsOf(s, { age: 100 })).toEqual({ age: { key: RULE_MESSAGES.maxValue, params: { label: "Age", max: 99 } } });
    expect(errorsOf(s, { age: 18 })).toEqual({});
    expect(errorsOf(s, { age: 99 })).toEqual({});
  });
});

describe("validateSubmission: slider, rating, toggle, choices, signature", () => {
  const s = build([
    f("level", "slider", "range-slider"),
    f("temp", "slider", "range-slider", { validation: { min: -10, max: 10 } }),
    f("stars", "rating", "rating-stars"),
    f("on", "toggle", "toggle-switch"),
    f("pick", "select", "dropdown", { options: [{ label: "A", value: "a" }, { label: "B", value: "b", disabled: true }] }),
    f("many", "checkbox", "checkbox-group", { options: [{ label: "X", value: "x" }, { label: "Y", value: "y" }, { label: "Z", value: "z" }] }),
    f("agree", "checkbox", "checkbox-group"),
    f("radio", "radio", "radio-group", { options: [{ label: "1", value: "1" }] }),
    f("sign", "signature", "signature"),
  ]);
  const invalid = (label: string) => ({ key: RULE_MESSAGES.invalid, params: { label } });

  it("slider: 0–100 by default, step 1; its own min and max", () => {
    expect(validateSubmission(s, { level: 0, temp: -10 }).values).toEqual({ level: 0, temp: -10 });
    expect(errorsOf(s, { level: 101 })).toEqual({ level: { key: RULE_MESSAGES.maxValue, params: { label: "Level", max: 100 } } });
    expect(errorsOf(s, { level: -1 })).toEqual({ level: { key: RULE_MESSAGES.minValue, params: { label: "Level", min: 0 } } });
    expect(errorsOf(s, { level: 2.5 })).toEqual({ level: invalid("Level") });
    expect(errorsOf(s, { temp: 11 })).toEqual({ temp: { key: RULE_MESSAGES.maxValue, params: { label: "Temp", max: 10 } } });
  });

  it("rating: a whole number 1–5", () => {
    for (const n of [1, 3, 5, "4"]) expect(errorsOf(s, { stars: n })).toEqual({});
    for (const n of [0, 6, 2.5, "x", true]) expect(errorsOf(s, { stars: n })).toEqual({ stars: invalid("Stars") });
  });

  it("toggle: true or false only", () => {
    expect(validateSubmission(s, { on: false }).values).toEqual({ on: false });
    expect(errorsOf(s, { on: "yes" })).toEqual({ on: invalid("On") });
  });

  it("choices must be among the options (and not a disabled one); a checkbox group keeps the options' order, once each", () => {
    expect(validateSubmission(s, { pick: "a", many: ["z", "x", "z"], radio: "1" }).values).toEqual({ pick: "a", many: ["x", "z"], radio: "1" });
    expect(errorsOf(s, { pick: "c" })).toEqual({ pick: invalid("Pick") });
    expect(errorsOf(s, { pick: "b" })).toEqual({ pick: invalid("Pick") });
    expect(errorsOf(s, { many: ["x", "w"] })).toEqual({ many: invalid("Many") });
    expect(errorsOf(s, { radio: "2" })).toEqual({ radio: invalid("Radio") });
    // A checkbox without options is one yes/no box.
    expect(validateSubmission(s, { agree: true }).values).toEqual({ agree: true });
    expect(errorsOf(s, { agree: "x" })).toEqual({ agree: invalid("Agree") });
  });

  it("signature: a PNG data URL", () => {
    expect(validateSubmission(s, { sign: PNG }).values).toEqual({ sign: PNG });
    expect(errorsOf(s, { sign: "data:image/svg+xml;base64,PHN2Zz4=" })).toEqual({ sign: invalid("Sign") });
    expect(errorsOf(s, { sign: `data:image/png;base64,${"A".repeat(500_001)}` })).toEqual({ sign: invalid("Sign") });
  });
});

describe("validateSubmission: hidden, disabled and read-only fields carry their default value", () => {
  const s = build([f("source", "hidden", "textbox", { defaultValue: "web" }), f("plan", "text", "textbox", { defaultValue: "basic", readOnly: true }), f("locked", "text", "textbox", { disabled: true }), f("name", "text", "textbox")]);

  it("the default is stored whatever is sent, and a different value is reported as ignored", () => {
    expect(validateSubmission(s, { name: "Ana" })).toEqual({ ok: true, errors: {}, values: { source: "web", plan: "basic", name: "Ana" }, ignored: [] });
    expect(validateSubmission(s, { source: "web", plan: "basic", name: "Ana" }).ignored).toEqual([]);
    expect(validateSubmission(s, { source: "evil", plan: "pro", locked: "x", name: "Ana" })).toEqual({ ok: true, errors: {}, values: { source: "web", plan: "basic", name: "Ana" }, ignored: ["locked", "plan", "source"] });
  });

  it("an empty answer for a field that takes none is not reported (the browser may send '' for them)", () => {
    const h = build([f("choice", "select", "dropdown", { options: [{ label: "No", value: "no" }] }), f("detail", "text", "textbox")], [rule("choice", "equals", "no", { hide: ["detail"] })]);
    expect(validateSubmission(h, { choice: "no", detail: "", extra: "" }).ignored).toEqual([]);
    expect(validateSubmission(s, { source: "", plan: null, locked: [], name: "Ana" }).ignored).toEqual([]);
  });

  it("unknown keys and unsupported components are dropped", () => {
    const u = build([f("name", "text", "textbox"), f("map", "text", "map", { required: true })]);
    expect(validateSubmission(u, { name: "Ana", map: "x", __proto__x: 1, other: 2 })).toEqual({ ok: true, errors: {}, values: { name: "Ana" }, ignored: ["__proto__x", "map", "other"] });
    expect(unsupportedMessage("map")).toEqual({ key: RULE_MESSAGES.unsupported, params: { component: "map" } });
  });

  it("answers that are not an object count as none", () => {
    for (const a of [null, undefined, "x", 5, [1, 2]]) expect(validateSubmission(s, a)).toEqual({ ok: true, errors: {}, values: { source: "web", plan: "basic" }, ignored: [] });
  });
});

describe("files", () => {
  const options = fileOptionsOf({ type: "file" });

  it("formats match by extension, wildcard mime prefix or exact mime", () => {
    expect(matchesFormat({ name: "Foto.JPG", type: "image/jpeg" }, "image/*")).toBe(true);
    expect(matchesFormat({ name: "a.docx", type: "" }, ".docx")).toBe(true);
    expect(matchesFormat({ name: "a.DOCX", type: "" }, ".docx")).toBe(true);
    expect(matchesFormat({ name: "a.doc", type: "" }, ".docx")).toBe(false);
    expect(matchesFormat({ name: "x", type: "application/pdf" }, "application/pdf")).toBe(true);
    expect(matchesFormat({ name: "x.pdf", type: "application/pdfx" }, "application/pdf")).toBe(false);
    expect(matchesFormat({ name: "x", type: "imagex/png" }, "image/*")).toBe(false);
  });

  it("'El archivo excede el tamaño máximo de {size}', 'Formato de archivo no permitido. Formatos aceptados: {list}'", () => {
    expect(checkFile(options, { name: "a.pdf", size: 10 * MB, type: "application/pdf" })).toBeNull();
    expect(checkFile(options, { name: "a.pdf", size: 10 * MB + 1, type: "application/pdf" })).toEqual({ key: RULE_MESSAGES.fileTooLarge, params: { size: "10 MB" } });
    expect(checkFile(options, { name: "a.exe", size: 10, type: "application/x-msdownload" })).toEqual({ key: RULE_MESSAGES.fileFormat, params: { list: "image/*, application/pdf, .doc, .docx, .xls, .xlsx" } });
  });

  it("'Solo puedes subir un máximo de {n} archivos': maxFiles when multiple, one otherwise", () => {
    expect(checkFileCount(options, 10)).toBeNull();
    expect(checkFileCount(options, 11)).toEqual({ key: RULE_MESSAGES.tooManyFiles, params: { n: 10 } });
    expect(checkFileCount({ ...options, multiple: false }, 2)).toEqual({ key: RULE_MESSAGES.tooManyFiles, params: { n: 1 } });
  });

  it("the accepted formats: allowedFormats, else accept, else the defaults", () => {
    expect(acceptedFormats({ ...options, allowedFormats: [".pdf"] })).toEqual([".pdf"]);
    expect(acceptedFormats({ ...options, allowedFormats: [], accept: "image/png, .pdf" })).toEqual(["image/png", ".pdf"]);
    expect(acceptedFormats({ ...options, allowedFormats: [] })).toEqual(["image/*", "application/pdf", ".doc", ".docx", ".xls", ".xlsx"]);
  });

  it("formatBytes names sizes plainly", () => {
    expect([formatBytes(10 * MB), formatBytes(1.5 * MB), formatBytes(2048), formatBytes(12)]).toEqual(["10 MB", "1.5 MB", "2 KB", "12 bytes"]);
  });

  it("in a submission: size, format and count are checked; the server's own facts win over the answer's", () => {
    const s = build([f("doc", "file", "file-upload", { options: { multiple: true, maxFiles: 2, maxSizeBytes: MB, allowedFormats: [".pdf"] } })]);
    expect(validateSubmission(s, { doc: [pdf] })).toEqual({ ok: true, errors: {}, values: { doc: [pdf] }, ignored: [] });
    expect(errorsOf(s, { doc: [pdf, pdf, pdf] })).toEqual({ doc: { key: RULE_MESSAGES.tooManyFiles, params: { n: 2 } } });
    expect(errorsOf(s, { doc: [{ ...pdf, size: MB + 1 }] })).toEqual({ doc: { key: RULE_MESSAGES.fileTooLarge, params: { size: "1 MB" } } });
    expect(errorsOf(s, { doc: [{ ...pdf, name: "a.png", type: "image/png" }] })).toEqual({ doc: { key: RULE_MESSAGES.fileFormat, params: { list: ".pdf" } } });
    // The answer claims a small file; the stored upload is larger.
    expect(errorsOf(s, { doc: [pdf] }, { doc: [{ ...pdf, size: 5 * MB }] })).toEqual({ doc: { key: RULE_MESSAGES.fileTooLarge, params: { size: "1 MB" } } });
    expect(errorsOf(s, { doc: ["not a file"] })).toEqual({ doc: { key: RULE_MESSAGES.invalid, params: { label: "Doc" } } });
    expect(errorsOf(s, { doc: [{ ...pdf, size: -1 }] })).toEqual({ doc: { key: RULE_MESSAGES.invalid, params: { label: "Doc" } } });
  });
});

describe("properties", () => {
  const keys = ["a", "b", "c", "d", "e"];
  const types: [string, string, F?][] = [
    ["text", "textbox", { validation: { minLength: 1, maxLength: 5, pattern: "^[a-z]*$" } }],
    ["number", "textbox", { validation: { min: 0, max: 10 } }],
    ["select", "dropdown", { options: [{ label: "X", value: "x" }, { label: "Y", value: "y" }] }],
    ["checkbox", "checkbox-group", { options: [{ label: "X", value: "x" }] }],
    ["rating", "rating-stars"],
    ["slider", "range-slider"],
    ["file", "file-upload"],
    ["signature", "signature"],
    ["hidden", "textbox", { defaultValue: "h" }],
    ["date", "datepicker"],
  ];
  const arbSchema = fc
    .record({
      kinds: fc.array(fc.integer({ min: 0, max: types.length - 1 }), { minLength: keys.length, maxLength: keys.length }),
      required: fc.array(fc.boolean(), { minLength: keys.length, maxLength: keys.length }),
      rules: fc.array(
        fc.record({
          field: fc.constantFrom(...keys),
          operator: fc.constantFrom(...CONDITION_OPERATORS),
          value: fc.oneof(fc.constantFrom("x", "y", "1", "5", ""), fc.integer({ min: -2, max: 12 })),
          show: fc.subarray(keys),
          hide: fc.subarray(keys),
          require: fc.subarray(keys),
        }),
        { maxLength: 6 },
      ),
    })
    .map(({ kinds, required, rules }) =>
      build(
        keys.map((k, i) => {
          const [type, component, extra] = types[kinds[i]!]!;
          return f(k, type, component, { required: required[i], ...extra });
        }),
        rules.map((r) => rule(r.field, r.operator, r.value, { show: r.show, hide: r.hide, require: r.require })),
      ),
    );
  const arbAnswer = fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: -5, max: 15 }), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }), fc.jsonValue(), fc.constant([pdf]), fc.constant(PNG));
  const arbAnswers = fc.oneof(fc.dictionary(fc.constantFrom(...keys, "zz", "__proto__", "constructor"), arbAnswer), fc.anything());

  it("validateSubmission never throws, stores only known shown keys, and a hidden field is never reported", () => {
    fc.assert(
      fc.property(arbSchema, arbAnswers, (s, answers) => {
        const r = validateSubmission(s, answers);
        const state = evaluateConditions(s, answers);
        for (const k of Object.keys(r.errors)) expect(state.hidden.has(k)).toBe(false);
        for (const k of Object.keys(r.values)) {
          expect(keys).toContain(k);
          const field = s.groups[0]!.fields.find((x) => x.key === k)!;
          if (field.type !== "hidden") expect(state.hidden.has(k)).toBe(false);
        }
        expect(r.ok).toBe(Object.keys(r.errors).length === 0);
      }),
      { numRuns: 400 },
    );
  });

  it("it is deterministic, and what it stores passes again unchanged", () => {
    fc.assert(
      fc.property(arbSchema, arbAnswers, (s, answers) => {
        const r = validateSubmission(s, answers);
        expect(validateSubmission(s, answers)).toEqual(r);
        if (!r.ok) return;
        const again = validateSubmission(s, r.values);
        // Storing only the shown fields' answers can change which rules match (a condition on a
        // dropped value): compare only when the visibility is the same.
        const before = evaluateConditions(s, answers);
        const after = evaluateConditions(s, r.values);
        if ([...before.hidden].sort().join() === [...after.hidden].sort().join() && [...before.required].sort().join() === [...after.required].sort().join()) {
          expect(again.values).toEqual(r.values);
          expect(again.ok).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

// Speed is measured in bench/ (issue 17's 60-field target), never by a timed assertion here.
describe("a large form", () => {
  it("60 fields and 20 rules: the conditions and a whole submission check agree on a valid answer set", () => {
    const fields = Array.from({ length: 60 }, (_, i) =>
      i % 3 === 0 ? f(`q${i}`, "select", "dropdown", { required: true, options: [{ label: "Sí", value: "yes" }, { label: "No", value: "no" }] }) : f(`q${i}`, "text", "textbox", { validation: { maxLength: 50, pattern: "^[a-z ]*$" } }),
    );
    const rules = Array.from({ length: 20 }, (_, i) => rule(`q${i * 3}`, i % 2 ? "equals" : "not_equals", "yes", { show: [`q${i * 3 + 1}`], hide: [`q${i * 3 + 2}`], require: [`q${i * 3 + 1}`] }));
    const s = build(fields, rules);
    const answers = Object.fromEntries(fields.map((x, i) => [x.key as string, i % 3 === 0 ? (i % 2 ? "yes" : "no") : "hola mundo"]));
    const state = evaluateConditions(s, answers);
    // q0 is 'no': its not_equals-'yes' rule holds, so q2 is hidden (and q1 shown, not required: only equals-rules require).
    expect(state.hidden.has("q2")).toBe(true);
    expect(state.hidden.has("q1")).toBe(false);
    expect(state.required.has("q1")).toBe(false);
    expect(validateSubmission(s, answers).ok).toBe(true);
  });
});
