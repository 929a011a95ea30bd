import { isCalendarDate } from "../platform/dates";
import {
  allFields,
  type ChoiceOption,
  type ConditionalRule,
  choicesOf,
  type FileOptions,
  FORM_LIMITS,
  type FormField,
  type FormGroup,
  type FormSchema,
  fileOptionsOf,
  isComponent,
  isEmailAddress,
  isRequirable,
  MB,
  RATING_RANGE,
  SLIDER_DEFAULTS,
} from "./schema";

/**
 * The renderer's rules (spec 03 §5 'Form renderer'), one code for the browser (preview and public
 * form) and the server (every submission is checked again here, never trusted): which fields and
 * groups show, which are required, and the messages of a submission. Deterministic: no clock, no
 * locale; messages are keys of the `forms` namespace with their parameters.
 */

export const RULE_MESSAGES = {
  required: "forms:validation.required",
  fieldRequired: "forms:validation.fieldRequired",
  minLength: "forms:validation.minLength",
  maxLength: "forms:validation.maxLength",
  pattern: "forms:validation.pattern",
  invalid: "forms:validation.invalid",
  minValue: "forms:validation.minValue",
  maxValue: "forms:validation.maxValue",
  fileTooLarge: "forms:validation.fileTooLarge",
  fileFormat: "forms:validation.fileFormat",
  tooManyFiles: "forms:validation.tooManyFiles",
  unsupported: "forms:renderer.unsupported",
} as const;

/** A catalog key with its parameters; `text` is the form author's own message (validation.messages.pattern), shown as written. */
export type Message = { key: string; params?: Record<string, string | number>; text?: string };

type Answers = Record<string, unknown>;

/** Answers as an object: anything else (null, a list, text) counts as no answers. */
const asAnswers = (value: unknown): Answers => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Answers) : {});

// ---------------------------------------------------------------------------------------------
// Conditions
// ---------------------------------------------------------------------------------------------

/** Empty: nothing, '', only spaces, or an empty list. false and 0 are answers. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const asText = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : "");
function asNumber(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (typeof v === "string" && /^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(v)) return Number(v);
  return undefined;
}

/**
 * Whether a rule's 'if' holds for a value. Values compare as text ('5' equals 5, true equals
 * 'true'); for a list (checkbox group) equals and contains hold when one of its values is the
 * rule's. greater_than and less_than compare numbers and fail when either side is not one.
 */
export function conditionHolds(rule: Pick<ConditionalRule, "if">, value: unknown): boolean {
  const { operator, value: expected } = rule.if;
  const want = asText(expected);
  switch (operator) {
    case "is_empty":
      return isEmptyValue(value);
    case "is_not_empty":
      return !isEmptyValue(value);
    case "equals":
      return Array.isArray(value) ? value.some((v) => asText(v) === want) : asText(value) === want;
    case "not_equals":
      return !conditionHolds({ if: { ...rule.if, operator: "equals" } }, value);
    case "contains":
      return Array.isArray(value) ? value.some((v) => asText(v) === want) : asText(value).includes(want);
    case "greater_than":
    case "less_than": {
      const a = asNumber(value);
      const b = asNumber(expected);
      if (a === undefined || b === undefined) return false;
      return operator === "greater_than" ? a > b : a < b;
    }
  }
}

/** The value a condition looks at: the answer, or the field's default while it has none. */
function currentValue(field: FormField | undefined, answers: Answers, key: string): unknown {
  const v = Object.hasOwn(answers, key) ? answers[key] : undefined;
  return v === undefined ? field?.defaultValue : v;
}

export type ConditionState = {
  /** field keys hidden by the conditions */
  hidden: Set<string>;
  /** field keys required by a matching equals-rule (on top of the fields' own 'required') */
  required: Set<string>;
};

/**
 * §5: a field is hidden when a matching rule's hide list names it; the first rule whose show list
 * names it decides (shown when it matches, hidden when not) and stops the evaluation for that
 * field. A field becomes required when an equals-rule matches and its require list names it.
 * Rules are read in order against the answers as given (one pass).
 */
export function evaluateConditions(schema: Pick<FormSchema, "groups" | "conditionals">, given: unknown): ConditionState {
  const answers = asAnswers(given);
  const byKey = new Map(allFields(schema).map((f) => [f.key, f]));
  const matches = schema.conditionals.map((r) => conditionHolds(r, currentValue(byKey.get(r.if.field), answers, r.if.field)));
  const hidden = new Set<string>();
  const decided = new Set<string>();
  const required = new Set<string>();
  schema.conditionals.forEach((rule, i) => {
    const m = matches[i]!;
    if (m) for (const k of rule.then.hide) if (!decided.has(k)) hidden.add(k);
    for (const k of rule.then.show) {
      if (decided.has(k) || hidden.has(k)) continue;
      decided.add(k);
      if (!m) hidden.add(k);
    }
    if (m && rule.if.operator === "equals") for (const k of rule.then.require) required.add(k);
  });
  return { hidden, required };
}

/** Whether a field's input is drawn (a 'hidden' type field never is). */
export function isFieldVisible(field: FormField, state: ConditionState): boolean {
  return field.type !== "hidden" && !state.hidden.has(field.key);
}

/** Whether a field must be answered now: its own flag or a rule's, and only while shown, enabled and editable. */
export function isFieldRequired(field: FormField, state: ConditionState): boolean {
  if (!isFieldVisible(field, state) || field.disabled || field.readOnly || !isRequirable(field.component)) return false;
  return field.required || state.required.has(field.key);
}

/** §5: the groups the renderer draws (a group with no visible field is not rendered). */
export function visibleGroups(schema: Pick<FormSchema, "groups" | "conditionals">, answers: unknown, state: ConditionState = evaluateConditions(schema, answers)): FormGroup[] {
  return schema.groups.filter((g) => g.fields.some((f) => isFieldVisible(f, state)));
}

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

export type FileInfo = { name: string; size: number; type: string; url?: string };

/** '10 MB', '1.5 MB', '800 KB', '12 bytes': how a size limit is named in its message. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

/** The formats a file field accepts: allowedFormats, else its accept text, else the §9 defaults. */
export function acceptedFormats(options: FileOptions): string[] {
  const listed = options.allowedFormats.map((f) => f.trim()).filter((f) => f !== "");
  if (listed.length > 0) return listed;
  const accept = (options.accept ?? "")
    .split(",")
    .map((f) => f.trim())
    .filter((f) => f !== "");
  return accept.length > 0 ? accept : fileOptionsOf({ type: "file" }).allowedFormats;
}

/** §5: a format matches by extension ('.pdf'), wildcard mime prefix ('image/*') or exact mime type. */
export function matchesFormat(file: Pick<FileInfo, "name" | "type">, format: string): boolean {
  const f = format.trim().toLowerCase();
  const type = file.type.trim().toLowerCase();
  if (f === "") return false;
  if (f.startsWith(".")) return file.name.toLowerCase().endsWith(f);
  if (f === "*" || f === "*/*") return true;
  if (f.endsWith("/*")) return type.startsWith(f.slice(0, -1));
  return type === f;
}

/** The most files a field takes: maxFiles when multiple, else one. */
export const maxFilesOf = (options: FileOptions) => (options.multiple ? options.maxFiles : 1);

/** §5: the message of one file (too large, refused format), or null when it is accepted. */
export function checkFile(options: FileOptions, file: Pick<FileInfo, "name" | "size" | "type">): Message | null {
  if (file.size > options.maxSizeBytes) return { key: RULE_MESSAGES.fileTooLarge, params: { size: formatBytes(options.maxSizeBytes) } };
  const formats = acceptedFormats(options);
  if (!formats.some((f) => matchesFormat(file, f))) return { key: RULE_MESSAGES.fileFormat, params: { list: formats.join(", ") } };
  return null;
}

/** §5: the alert when more files are chosen than the field takes, or null. */
export function checkFileCount(options: FileOptions, count: number): Message | null {
  const max = maxFilesOf(options);
  return count > max ? { key: RULE_MESSAGES.tooManyFiles, params: { n: max } } : null;
}

function isFileInfo(v: unknown): v is FileInfo {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const f = v as Record<string, unknown>;
  return (
    typeof f.name === "string" &&
    f.name.length <= FORM_LIMITS.fileName &&
    typeof f.type === "string" &&
    f.type.length <= 255 &&
    typeof f.size === "number" &&
    Number.isInteger(f.size) &&
    f.size >= 0 &&
    (f.url === undefined || (typeof f.url === "string" && f.url.length <= FORM_LIMITS.url))
  );
}

// ---------------------------------------------------------------------------------------------
// Submissions
// ---------------------------------------------------------------------------------------------

export type SubmissionResult = {
  ok: boolean;
  /** the first message of each field that failed */
  errors: Record<string, Message>;
  /** what is stored: answers of the shown fields (normalised), default values of hidden-type, disabled and read-only fields */
  values: Record<string, unknown>;
  /** keys whose submitted (non-empty) answer was dropped or replaced, for the server to refuse a forged submission: unknown keys, fields hidden by a condition, hidden-type/disabled/read-only fields sent with another value, unsupported components */
  ignored: string[];
};

const labelOf = (f: FormField) => (f.label.trim() === "" ? f.key : f.label);
const invalid = (f: FormField): Message => ({ key: RULE_MESSAGES.invalid, params: { label: labelOf(f) } });
function sameValue(a: unknown, b: unknown): boolean {
  try {
    return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  } catch {
    return false;
  }
}

function checkTextRules(field: FormField, value: string): Message | null {
  const v = field.validation;
  if (v?.minLength !== undefined && value.length < v.minLength) return { key: RULE_MESSAGES.minLength, params: { n: v.minLength } };
  const max = Math.min(v?.maxLength ?? FORM_LIMITS.answerText, FORM_LIMITS.answerText);
  if (value.length > max) return { key: RULE_MESSAGES.maxLength, params: { n: max } };
  if (v?.pattern) {
    let re: RegExp;
    try {
      re = new RegExp(v.pattern);
    } catch {
      return invalid(field);
    }
    if (!re.test(value)) return v.messages?.pattern?.trim() ? { key: RULE_MESSAGES.pattern, text: v.messages.pattern } : { key: RULE_MESSAGES.pattern };
  }
  return null;
}

function checkRange(field: FormField, n: number, min: number | undefined, max: number | undefined): Message | null {
  if (min !== undefined && n < min) return { key: RULE_MESSAGES.minValue, params: { label: labelOf(field), min } };
  if (max !== undefined && n > max) return { key: RULE_MESSAGES.maxValue, params: { label: labelOf(field), max } };
  return null;
}

const TEL = /^\+?[0-9 ().-]{7,20}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const SIGNATURE = /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/;

function isWebUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
  } catch {
    return false;
  }
}

type Checked = { value: unknown } | { error: Message };

/** One non-empty answer: its stored form, or its message. */
function checkValue(field: FormField, raw: unknown, files: FileInfo[] | undefined): Checked {
  const bad = { error: invalid(field) };
  switch (field.component) {
    case "textbox":
    case "textarea":
    case "datepicker":
    case "timepicker":
    case "color-picker": {
      if (field.type === "number" && field.component === "textbox") {
        const n = asNumber(raw);
        if (n === undefined) return bad;
        const r = checkRange(field, n, field.validation?.min, field.validation?.max);
        return r ? { error: r } : { value: n };
      }
      if (typeof raw !== "string") return bad;
      const value = raw;
      if (field.component === "datepicker" || field.type === "date") return isCalendarDate(value.trim()) ? { value: value.trim() } : bad;
      if (field.component === "timepicker" || field.type === "time") return TIME.test(value.trim()) ? { value: value.trim() } : bad;
      if (field.component === "color-picker" || field.type === "color") return COLOR.test(value.trim()) ? { value: value.trim().toLowerCase() } : bad;
      const rule = checkTextRules(field, value);
      if (rule) return { error: rule };
      if (field.type === "email" && !isEmailAddress(value.trim())) return bad;
      if (field.type === "url" && !isWebUrl(value.trim())) return bad;
      if (field.type === "tel" && !(TEL.test(value.trim()) && (value.match(/\d/g)?.length ?? 0) >= 7)) return bad;
      return { value };
    }
    case "dropdown":
    case "radio-group": {
      const text = typeof raw === "number" || typeof raw === "string" ? String(raw) : undefined;
      const choice = choicesOf(field).find((o) => o.value === text);
      return choice && !choice.disabled ? { value: choice.value } : bad;
    }
    case "checkbox-group": {
      const choices = choicesOf(field);
      if (choices.length === 0) return typeof raw === "boolean" ? { value: raw } : bad;
      const list = Array.isArray(raw) ? raw : [raw];
      const allowed = new Map<string, ChoiceOption>(choices.map((o) => [o.value, o]));
      if (!list.every((v) => typeof v === "string" && allowed.has(v) && !allowed.get(v)!.disabled)) return bad;
      // Stored in the options' order, each once.
      return { value: choices.map((o) => o.value).filter((v) => list.includes(v)) };
    }
    case "toggle-switch":
      return typeof raw === "boolean" ? { value: raw } : bad;
    case "rating-stars": {
      const n = asNumber(raw);
      return n !== undefined && Number.isInteger(n) && n >= RATING_RANGE.min && n <= RATING_RANGE.max ? { value: n } : bad;
    }
    case "range-slider": {
      const n = asNumber(raw);
      if (n === undefined) return bad;
      const min = field.validation?.min ?? SLIDER_DEFAULTS.min;
      const max = field.validation?.max ?? SLIDER_DEFAULTS.max;
      const r = checkRange(field, n, min, max);
      if (r) return { error: r };
      return Number.isInteger(n - min) ? { value: n } : bad;
    }
    case "signature":
      return typeof raw === "string" && raw.length <= FORM_LIMITS.signatureChars && SIGNATURE.test(raw) ? { value: raw } : bad;
    case "file-upload": {
      const options = fileOptionsOf(field);
      const list = Array.isArray(raw) ? raw : [raw];
      if (!list.every(isFileInfo)) return bad;
      const checked = files ?? list;
      const count = checkFileCount(options, checked.length);
      if (count) return { error: count };
      for (const f of checked) {
        const m = checkFile(options, f);
        if (m) return { error: m };
      }
      return { value: list.map((f) => ({ name: f.name, size: f.size, type: f.type, ...(f.url === undefined ? {} : { url: f.url }) })) };
    }
    default:
      return bad;
  }
}

/**
 * §5: checks a submission against the schema, as the renderer does before sending and as the
 * server does on receipt. `files` (by field key) are the server's own facts about uploaded files
 * (size and type as stored); when given they are checked instead of what the answer claims.
 * Never throws, whatever the answers are.
 */
export function validateSubmission(schema: Pick<FormSchema, "groups" | "conditionals">, answers: unknown, files?: Record<string, FileInfo[]>): SubmissionResult {
  const given = asAnswers(answers);
  const fields = allFields(schema);
  const known = new Set(fields.map((f) => f.key));
  // An empty answer is no answer: only a value that was actually sent counts as ignored.
  const ignored = new Set(Object.keys(given).filter((k) => !known.has(k) && !isEmptyValue(given[k])));
  const state = evaluateConditions(schema, given);
  const errors: Record<string, Message> = {};
  const values: Record<string, unknown> = {};

  for (const field of fields) {
    const key = field.key;
    const sent = Object.hasOwn(given, key) ? given[key] : undefined;
    // Fields the person cannot change carry their default value.
    if (field.type === "hidden" || field.disabled || field.readOnly) {
      if (!isEmptyValue(sent) && !sameValue(sent, field.defaultValue)) ignored.add(key);
      if (!isEmptyValue(field.defaultValue)) values[key] = field.defaultValue;
      continue;
    }
    if (state.hidden.has(key) || !isComponent(field.component)) {
      if (!isEmptyValue(sent)) ignored.add(key);
      continue;
    }
    const fileFacts = files && Object.hasOwn(files, key) ? files[key] : undefined;
    if (isEmptyValue(sent)) {
      if (isFieldRequired(field, state)) {
        errors[key] = field.component === "file-upload" || field.component === "signature" ? { key: RULE_MESSAGES.fieldRequired } : { key: RULE_MESSAGES.required, params: { label: labelOf(field) } };
      }
      continue;
    }
    const checked = checkValue(field, sent, fileFacts);
    if ("error" in checked) errors[key] = checked.error;
    else values[key] = checked.value;
  }
  return { ok: Object.keys(errors).length === 0, errors, values, ignored: [...ignored].sort() };
}

/** The message of an unsupported component (§5: 'Unsupported field type: {component}'). */
export const unsupportedMessage = (component: string): Message => ({ key: RULE_MESSAGES.unsupported, params: { component } });
