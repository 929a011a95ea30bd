import { z } from "zod";
import { isStorableText } from "../platform/text";
import { isSafePattern } from "./pattern";

/**
 * The form schema (spec 03 §3 'Form schema', §5 'Form designer', §9 'Forms'): what the designer
 * edits, the JSON tab shows and imports, the renderer draws and the server validates submissions
 * against. Pure: no DOM, no I/O. Messages are keys of the `forms` i18n namespace.
 */

// ---------------------------------------------------------------------------------------------
// Field types, components and the palette
// ---------------------------------------------------------------------------------------------

export const FIELD_TYPES = ["text", "email", "url", "tel", "number", "hidden", "textarea", "date", "time", "select", "checkbox", "radio", "file", "image", "signature", "rating", "slider", "toggle", "color"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const COMPONENTS = ["textbox", "textarea", "datepicker", "timepicker", "dropdown", "checkbox-group", "radio-group", "file-upload", "signature", "rating-stars", "range-slider", "toggle-switch", "color-picker"] as const;
export type Component = (typeof COMPONENTS)[number];

/** §3: field type → the component that renders it. */
export const COMPONENT_OF: Readonly<Record<FieldType, Component>> = {
  text: "textbox",
  email: "textbox",
  url: "textbox",
  tel: "textbox",
  number: "textbox",
  hidden: "textbox",
  textarea: "textarea",
  date: "datepicker",
  time: "timepicker",
  select: "dropdown",
  checkbox: "checkbox-group",
  radio: "radio-group",
  file: "file-upload",
  image: "file-upload",
  signature: "signature",
  rating: "rating-stars",
  slider: "range-slider",
  toggle: "toggle-switch",
  color: "color-picker",
};

export const isFieldType = (value: unknown): value is FieldType => typeof value === "string" && (FIELD_TYPES as readonly string[]).includes(value);
export const isComponent = (value: unknown): value is Component => typeof value === "string" && (COMPONENTS as readonly string[]).includes(value);

/** §3: the palette's two categories ('Form Elements': Basic Fields and Advanced Fields). */
export const BASIC_FIELD_TYPES = ["text", "email", "url", "tel", "number", "textarea", "date", "time", "select", "checkbox", "radio"] as const satisfies readonly FieldType[];
export const ADVANCED_FIELD_TYPES = ["file", "image", "signature", "rating", "slider", "toggle", "color", "hidden"] as const satisfies readonly FieldType[];
export const PALETTE = [
  { category: "basic", types: BASIC_FIELD_TYPES },
  { category: "advanced", types: ADVANCED_FIELD_TYPES },
] as const;
export type PaletteCategory = (typeof PALETTE)[number]["category"];

/** Fields whose options are a list of {label, value, disabled}. */
export const CHOICE_TYPES = ["select", "checkbox", "radio"] as const satisfies readonly FieldType[];
/** Fields whose options are the upload settings. */
export const FILE_TYPES = ["file", "image"] as const satisfies readonly FieldType[];
/** §5 designer: min/max length and pattern are offered for these. */
export const TEXT_RULE_TYPES = ["text", "textarea", "email", "url"] as const satisfies readonly FieldType[];
/** §5 designer: min/max value for these. */
export const RANGE_RULE_TYPES = ["number", "slider"] as const satisfies readonly FieldType[];

export const isChoiceType = (type: string) => (CHOICE_TYPES as readonly string[]).includes(type);
export const isFileType = (type: string) => (FILE_TYPES as readonly string[]).includes(type);
export const hasTextRules = (type: string) => (TEXT_RULE_TYPES as readonly string[]).includes(type);
export const hasRangeRules = (type: string) => (RANGE_RULE_TYPES as readonly string[]).includes(type);

/**
 * §5 renderer: 'required' applies to these components (textbox, textarea, dropdown, radio,
 * datepicker, timepicker, rating, slider, color), plus file and signature with their own message.
 * A checkbox group and a toggle are never required (the properties panel does not offer it).
 */
export const REQUIRABLE_COMPONENTS = ["textbox", "textarea", "dropdown", "radio-group", "datepicker", "timepicker", "rating-stars", "range-slider", "color-picker", "file-upload", "signature"] as const satisfies readonly Component[];
export const isRequirable = (component: string) => (REQUIRABLE_COMPONENTS as readonly string[]).includes(component);

// ---------------------------------------------------------------------------------------------
// Constants (§9 'Forms')
// ---------------------------------------------------------------------------------------------

export const FORM_DEFAULTS = {
  version: "1.0",
  name: "New Form",
  slug: "new-form",
  groupName: "New Group",
  defaultGroupName: "Default Group",
  groupColumns: 2,
  submitText: "Submit",
} as const;

export const GROUP_WIDTHS = ["full", "half", "third", "two-thirds", "quarter"] as const;
export type GroupWidth = (typeof GROUP_WIDTHS)[number];
/** §9: group widths as a percentage of the row. */
export const GROUP_WIDTH_PERCENT: Readonly<Record<GroupWidth, number>> = { full: 100, half: 50, third: 33, "two-thirds": 66, quarter: 25 };

/** Columns of a group: 1–4 in the designer, the renderer draws up to 6 (imported schemas). */
export const GROUP_COLUMNS = { min: 1, designerMax: 4, max: 6 } as const;

export const MB = 1_048_576;
/** §9: upload defaults. */
export const UPLOAD_DEFAULTS = {
  maxFiles: 10,
  maxSizeBytes: 10 * MB,
  allowedFormats: ["image/*", "application/pdf", ".doc", ".docx", ".xls", ".xlsx"],
} as const;
/** §5 designer: file options limits (max files 1–20, max size 1–100 MB). */
export const FILE_LIMITS = { minFiles: 1, maxFiles: 20, minSizeMb: 1, maxSizeMb: 100 } as const;
/** Upload progress (§4: 30 at the start, 100 when done) and the preview's success time (§9). */
export const UPLOAD_PROGRESS = { started: 30, done: 100 } as const;
export const PREVIEW_SUCCESS_MS = 3000;

/** §5 renderer: slider defaults and the rating scale. */
export const SLIDER_DEFAULTS = { min: 0, max: 100, step: 1 } as const;
export const RATING_RANGE = { min: 1, max: 5 } as const;

/** Size limits of a schema and of the answers (beyond the spec: they keep a stored form bounded). */
export const FORM_LIMITS = {
  name: 200,
  description: 2000,
  tags: 50,
  tag: 50,
  recipients: 50,
  emailSubject: 300,
  emailBody: 10_000,
  message: 2000,
  url: 2000,
  groups: 50,
  fieldsPerGroup: 200,
  fields: 500,
  options: 500,
  key: 100,
  label: 500,
  text: 2000,
  pattern: 300,
  conditionals: 300,
  ruleTargets: 500,
  calculations: 100,
  /** the longest text answer (a textarea); shorter when the field's maxLength says so */
  answerText: 10_000,
  /** a signature is a PNG data URL */
  signatureChars: 500_000,
  fileName: 255,
  grid: 100,
} as const;

// ---------------------------------------------------------------------------------------------
// Messages (keys of the `forms` namespace)
// ---------------------------------------------------------------------------------------------

export const FORM_MESSAGES = {
  invalidJson: "forms:errors.invalidJson",
  invalidJsonHint: "forms:errors.invalidJsonHint",
  invalidStructure: "forms:errors.invalidStructure",
  invalidSchema: "forms:errors.invalidSchema",
  invalidKey: "forms:errors.invalidKey",
  duplicateKey: "forms:errors.duplicateKey",
  invalidGroupId: "forms:errors.invalidGroupId",
  duplicateGroupId: "forms:errors.duplicateGroupId",
  unknownField: "forms:errors.unknownField",
  invalidPattern: "forms:errors.invalidPattern",
  invalidEmail: "forms:errors.invalidEmail",
  invalidUrl: "forms:errors.invalidUrl",
  tooLong: "forms:errors.tooLong",
  tooMany: "forms:errors.tooMany",
  invalidNumber: "forms:errors.invalidNumber",
  maxFilesRange: "forms:errors.maxFilesRange",
  maxSizeRange: "forms:errors.maxSizeRange",
  minAboveMax: "forms:errors.minAboveMax",
  duplicateOption: "forms:errors.duplicateOption",
} as const;

// ---------------------------------------------------------------------------------------------
// zod blocks
// ---------------------------------------------------------------------------------------------

const M = FORM_MESSAGES;
const text = (max: number) => z.string().max(max, M.tooLong).refine(isStorableText, M.tooLong);
const optionalText = (max: number) => text(max).optional();
const count = (min: number, max: number) => z.number({ error: M.invalidNumber }).int(M.invalidNumber).min(min, M.invalidNumber).max(max, M.invalidNumber);
const finite = z.number({ error: M.invalidNumber }).finite(M.invalidNumber);

export const FIELD_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]*$/;
export const GROUP_ID_PATTERN = /^group_[A-Za-z0-9_-]+$/;
/** Keys that would reach an object's prototype when answers are stored by key. */
const RESERVED_KEYS = new Set(["__proto__", "constructor", "prototype"]);
/** A field key: a letter or _ then letters, digits, _ or -, up to 100, not a reserved name. */
export const isFieldKey = (value: string) => value.length <= FORM_LIMITS.key && FIELD_KEY_PATTERN.test(value) && !RESERVED_KEYS.has(value);
export const fieldKey = z.string({ error: M.invalidKey }).refine(isFieldKey, M.invalidKey);
const groupId = z.string({ error: M.invalidGroupId }).max(FORM_LIMITS.key, M.invalidGroupId).regex(GROUP_ID_PATTERN, M.invalidGroupId);

export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@.]+$/.test(value);
}

/** An http(s) address (what a redirect may point to; a relative '/path' too). */
export function isWebAddress(value: string): boolean {
  if (/^\/(?!\/)/.test(value)) return !/\s/.test(value);
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
  } catch {
    return false;
  }
}

/** A value a field may start with: text, a number, a yes/no, or a list of option values. */
const scalarValue = z.union([z.string().max(FORM_LIMITS.answerText, M.tooLong), finite, z.boolean()]);
const defaultValue = z.union([scalarValue, z.array(z.string().max(FORM_LIMITS.text, M.tooLong)).max(FORM_LIMITS.options, M.tooMany), z.null()]);

export const choiceOption = z.object({
  label: text(FORM_LIMITS.label),
  value: text(FORM_LIMITS.text),
  disabled: z.boolean().optional(),
});
export type ChoiceOption = z.infer<typeof choiceOption>;

export const fileOptions = z.object({
  multiple: z.boolean().default(true),
  maxFiles: z.number({ error: M.maxFilesRange }).int(M.maxFilesRange).min(FILE_LIMITS.minFiles, M.maxFilesRange).max(FILE_LIMITS.maxFiles, M.maxFilesRange).default(UPLOAD_DEFAULTS.maxFiles),
  maxSizeBytes: z.number({ error: M.maxSizeRange }).int(M.maxSizeRange).min(FILE_LIMITS.minSizeMb * MB, M.maxSizeRange).max(FILE_LIMITS.maxSizeMb * MB, M.maxSizeRange).default(UPLOAD_DEFAULTS.maxSizeBytes),
  accept: optionalText(FORM_LIMITS.text),
  allowedFormats: z.array(text(100)).max(50, M.tooMany).default([...UPLOAD_DEFAULTS.allowedFormats]),
});
export type FileOptions = z.infer<typeof fileOptions>;

export const fieldValidation = z.object({
  minLength: count(0, FORM_LIMITS.answerText).optional(),
  maxLength: count(0, FORM_LIMITS.answerText).optional(),
  pattern: text(FORM_LIMITS.pattern).refine(isSafePattern, M.invalidPattern).optional(),
  min: finite.optional(),
  max: finite.optional(),
  messages: z.object({ pattern: optionalText(FORM_LIMITS.label) }).optional(),
});
export type FieldValidation = z.infer<typeof fieldValidation>;

export const formField = z
  .object({
    key: fieldKey,
    type: z.enum(FIELD_TYPES),
    /** any text: an unknown one renders 'Unsupported field type: {component}' and takes no answer */
    component: text(50),
    label: text(FORM_LIMITS.label),
    required: z.boolean().default(false),
    placeholder: optionalText(FORM_LIMITS.label),
    helpText: optionalText(FORM_LIMITS.text),
    defaultValue: defaultValue.optional(),
    width: z.enum(GROUP_WIDTHS).optional(),
    disabled: z.boolean().optional(),
    readOnly: z.boolean().optional(),
    allowFiltering: z.boolean().optional(),
    grid: z.object({ column: count(1, FORM_LIMITS.grid), row: count(1, FORM_LIMITS.grid) }).optional(),
    validation: fieldValidation.optional(),
    options: z.union([z.array(choiceOption).max(FORM_LIMITS.options, M.tooMany), fileOptions]).optional(),
  })
  .superRefine((f, ctx) => {
    const v = f.validation;
    if (v?.minLength !== undefined && v.maxLength !== undefined && v.minLength > v.maxLength) ctx.addIssue({ code: "custom", path: ["validation", "maxLength"], message: M.minAboveMax });
    if (v?.min !== undefined && v.max !== undefined && v.min > v.max) ctx.addIssue({ code: "custom", path: ["validation", "max"], message: M.minAboveMax });
    // Choice fields take a list of options, file fields the upload settings.
    if (f.options !== undefined && ((isChoiceType(f.type) && !Array.isArray(f.options)) || (isFileType(f.type) && Array.isArray(f.options)))) {
      ctx.addIssue({ code: "custom", path: ["options"], message: M.invalidSchema });
    }
    if (Array.isArray(f.options)) {
      const seen = new Set<string>();
      f.options.forEach((o, i) => {
        if (seen.has(o.value)) ctx.addIssue({ code: "custom", path: ["options", i, "value"], message: M.duplicateOption });
        seen.add(o.value);
      });
    }
  });
export type FormField = z.infer<typeof formField>;

export const formGroup = z.object({
  id: groupId,
  name: text(FORM_LIMITS.label).default(FORM_DEFAULTS.groupName),
  columns: count(GROUP_COLUMNS.min, GROUP_COLUMNS.max).default(FORM_DEFAULTS.groupColumns),
  collapsible: z.boolean().default(false),
  width: z.enum(GROUP_WIDTHS).default("full"),
  fields: z.array(formField).max(FORM_LIMITS.fieldsPerGroup, M.tooMany).default([]),
});
export type FormGroup = z.infer<typeof formGroup>;

export const CONDITION_OPERATORS = ["equals", "not_equals", "contains", "greater_than", "less_than", "is_empty", "is_not_empty"] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

const keyList = z.array(fieldKey).max(FORM_LIMITS.ruleTargets, M.tooMany).default([]);
export const conditionalRule = z.object({
  id: optionalText(FORM_LIMITS.key),
  if: z.object({
    field: fieldKey,
    operator: z.enum(CONDITION_OPERATORS),
    value: z.union([z.string().max(FORM_LIMITS.text, M.tooLong), finite, z.boolean(), z.null()]).optional(),
  }),
  // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's parts 'if' and 'then'; it is plain data, never awaited
  then: z.object({ show: keyList, hide: keyList, require: keyList }).prefault({}),
});
export type ConditionalRule = z.infer<typeof conditionalRule>;

/**
 * A rule from its parts. The spec names them 'if' and 'then'; building rules here keeps a literal
 * `then:` key (which linters take for a thenable) out of the code that uses them.
 */
export function makeRule(field: string, operator: ConditionOperator, value: ConditionalRule["if"]["value"], targets: Partial<ConditionalRule["then"]> = {}, id?: string): ConditionalRule {
  const then = { show: targets.show ?? [], hide: targets.hide ?? [], require: targets.require ?? [] };
  const condition = value === undefined ? { field, operator } : { field, operator, value };
  return id === undefined ? { if: condition, then } : { id, if: condition, then };
}

/** The spec names calculations[] without their shape: kept as given (objects), not evaluated. */
const calculation = z.record(z.string().max(FORM_LIMITS.key), z.unknown());

export const LAYOUTS = ["responsive", "fixed"] as const;
export const THEMES = ["default", "minimal", "modern", "classic"] as const;
export const SUBMIT_POSITIONS = ["bottom-left", "bottom-center", "bottom-right", "top-right"] as const;
export const CONFIRMATION_TYPES = ["message", "redirect", "email"] as const;

const recipient = z.string().trim().max(254, M.invalidEmail).refine(isEmailAddress, M.invalidEmail);

export const formSettings = z.object({
  layout: z.enum(LAYOUTS).default("responsive"),
  theme: z.enum(THEMES).default("default"),
  showCompanyLogo: z.boolean().default(false),
  submitButton: z
    .object({
      text: text(100).default(FORM_DEFAULTS.submitText),
      position: z.enum(SUBMIT_POSITIONS).default("bottom-right"),
    })
    .prefault({}),
  confirmation: z
    .object({
      type: z.enum(CONFIRMATION_TYPES).default("message"),
      message: optionalText(FORM_LIMITS.message),
      redirectUrl: z.string().max(FORM_LIMITS.url, M.invalidUrl).refine((u) => u === "" || isWebAddress(u), M.invalidUrl).optional(),
    })
    .prefault({}),
  emailNotifications: z
    .object({
      enabled: z.boolean().default(false),
      recipients: z.array(recipient).max(FORM_LIMITS.recipients, M.tooMany).default([]),
      emailSubject: optionalText(FORM_LIMITS.emailSubject),
      emailBody: optionalText(FORM_LIMITS.emailBody),
      includeSubmissionData: z.boolean().default(true),
      attachPDF: z.boolean().default(false),
    })
    .prefault({}),
});
export type FormSettings = z.infer<typeof formSettings>;

export const formMetadata = z.object({
  name: text(FORM_LIMITS.name).default(FORM_DEFAULTS.name),
  description: optionalText(FORM_LIMITS.description),
  tags: z.array(text(FORM_LIMITS.tag)).max(FORM_LIMITS.tags, M.tooMany).default([]),
});

/**
 * The whole schema. Field keys are unique across the form and group ids across groups; a
 * condition names only fields of the form.
 */
export const formSchema = z
  .object({
    version: text(20).default(FORM_DEFAULTS.version),
    metadata: formMetadata.prefault({}),
    settings: formSettings.prefault({}),
    groups: z.array(formGroup).max(FORM_LIMITS.groups, M.tooMany).default([]),
    calculations: z.array(calculation).max(FORM_LIMITS.calculations, M.tooMany).default([]),
    conditionals: z.array(conditionalRule).max(FORM_LIMITS.conditionals, M.tooMany).default([]),
  })
  .superRefine((s, ctx) => {
    const keys = new Set<string>();
    const ids = new Set<string>();
    let total = 0;
    s.groups.forEach((g, gi) => {
      if (ids.has(g.id)) ctx.addIssue({ code: "custom", path: ["groups", gi, "id"], message: M.duplicateGroupId });
      ids.add(g.id);
      g.fields.forEach((f, fi) => {
        if (keys.has(f.key)) ctx.addIssue({ code: "custom", path: ["groups", gi, "fields", fi, "key"], message: M.duplicateKey });
        keys.add(f.key);
      });
      total += g.fields.length;
    });
    if (total > FORM_LIMITS.fields) ctx.addIssue({ code: "custom", path: ["groups"], message: M.tooMany });
    s.conditionals.forEach((r, ri) => {
      if (!keys.has(r.if.field)) ctx.addIssue({ code: "custom", path: ["conditionals", ri, "if", "field"], message: M.unknownField });
      for (const list of ["show", "hide", "require"] as const) {
        r.then[list].forEach((k, ki) => {
          if (!keys.has(k)) ctx.addIssue({ code: "custom", path: ["conditionals", ri, "then", list, ki], message: M.unknownField });
        });
      }
    });
  });
export type FormSchema = z.infer<typeof formSchema>;
export type FormSchemaInput = z.input<typeof formSchema>;

// ---------------------------------------------------------------------------------------------
// Defaults, names and the JSON tab
// ---------------------------------------------------------------------------------------------

/** A new, empty form (what the designer opens with). */
export function emptyForm(name: string = FORM_DEFAULTS.name): FormSchema {
  return formSchema.parse({ metadata: { name } });
}

/** §2: the read-only slug of a form name. Accents are dropped first, so 'Encuesta de satisfacción' → 'encuesta-de-satisfaccion'. */
export function slugOf(name: string): string {
  const slug = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug === "" ? FORM_DEFAULTS.slug : slug;
}

/** §2 JSON tab: the exported file's name, form-{name with spaces as hyphens}.json. */
export function exportFileName(name: string): string {
  const base = name.trim() === "" ? FORM_DEFAULTS.name : name.trim();
  return `form-${base.replace(/\s+/g, "-")}.json`;
}

/** The JSON the JSON tab shows, copies and exports. */
export function formSchemaJson(schema: FormSchema): string {
  return JSON.stringify(schema, null, 2);
}

export type ParseResult =
  | { ok: true; schema: FormSchema }
  /** kind 'json': the text is not JSON (detail: the parser's message); 'structure': no version, metadata or groups; 'schema': the schema has an invalid part (message and path of the first) */
  | { ok: false; kind: "json" | "structure" | "schema"; message: string; detail?: string; path?: (string | number)[] };

/** §5: JSON import. Needs version, metadata and groups, else 'Invalid form schema structure'. */
export function parseFormSchemaJson(textValue: string): ParseResult {
  let data: unknown;
  try {
    data = JSON.parse(textValue);
  } catch (e) {
    return { ok: false, kind: "json", message: M.invalidJson, detail: e instanceof Error ? e.message : undefined };
  }
  return parseFormSchema(data);
}

/** The same check for a value already parsed (the server's save and publish). */
export function parseFormSchema(data: unknown): ParseResult {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return { ok: false, kind: "structure", message: M.invalidStructure };
  const d = data as Record<string, unknown>;
  if (d.version === undefined || d.version === null || !d.metadata || !d.groups) return { ok: false, kind: "structure", message: M.invalidStructure };
  const r = formSchema.safeParse(data);
  if (r.success) return { ok: true, schema: r.data };
  const issue = r.error.issues[0];
  const message = issue?.message?.startsWith("forms:") ? issue.message : M.invalidSchema;
  return { ok: false, kind: "schema", message, path: issue?.path.map((p) => (typeof p === "symbol" ? String(p) : p)) };
}

/** Every field of the form, in order. */
export function allFields(schema: Pick<FormSchema, "groups">): FormField[] {
  return schema.groups.flatMap((g) => g.fields);
}

/** The choice list of a field ([] for a field without one). */
export function choicesOf(field: Pick<FormField, "options">): ChoiceOption[] {
  return Array.isArray(field.options) ? field.options : [];
}

/** The upload settings of a file field, with the §9 defaults for what it leaves out. */
export function fileOptionsOf(field: Pick<FormField, "options" | "type">): FileOptions {
  const base: FileOptions = { multiple: true, maxFiles: UPLOAD_DEFAULTS.maxFiles, maxSizeBytes: UPLOAD_DEFAULTS.maxSizeBytes, allowedFormats: field.type === "image" ? ["image/*"] : [...UPLOAD_DEFAULTS.allowedFormats] };
  if (!field.options || Array.isArray(field.options)) return base;
  return { ...base, ...field.options };
}

/** The text of a new field's label (§3 'New {type} field'); the designer passes the translated one. */
export const newFieldLabel = (type: FieldType) => `New ${type} field`;
