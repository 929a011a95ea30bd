import {
  type ChoiceOption,
  COMPONENT_OF,
  type ConditionalRule,
  choicesOf,
  type FieldType,
  type FileOptions,
  FORM_DEFAULTS,
  FORM_LIMITS,
  FORM_MESSAGES,
  type FormField,
  type FormGroup,
  type FormSchema,
  type FormSettings,
  fileOptionsOf,
  GROUP_COLUMNS,
  isChoiceType,
  isEmailAddress,
  isFieldKey,
  isFileType,
  newFieldLabel,
  RANGE_RULE_TYPES,
  SLIDER_DEFAULTS,
} from "./schema";

/**
 * The designer's operations (spec 03 §2 'Form designer', §4 designer states), pure: each takes a
 * schema and returns a new one, never changing its argument, so the screen keeps snapshots for
 * undo/redo and the same steps are tested without a browser. Ids come from the `now` the caller
 * passes (a timestamp), made unique within the form.
 */

/** An id not yet used: base, then base_2, base_3… */
function unique(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}_${n}`)) n++;
  return `${base}_${n}`;
}

export const fieldKeys = (schema: FormSchema) => new Set(schema.groups.flatMap((g) => g.fields.map((f) => f.key)));
const groupIds = (schema: FormSchema) => new Set(schema.groups.map((g) => g.id));

/** Where a field is: its group's index and id and its index in the group, or null. */
export function locateField(schema: FormSchema, key: string): { groupIndex: number; groupId: string; fieldIndex: number } | null {
  for (let gi = 0; gi < schema.groups.length; gi++) {
    const fi = schema.groups[gi]!.fields.findIndex((f) => f.key === key);
    if (fi >= 0) return { groupIndex: gi, groupId: schema.groups[gi]!.id, fieldIndex: fi };
  }
  return null;
}

export function findField(schema: FormSchema, key: string): FormField | undefined {
  const at = locateField(schema, key);
  return at ? schema.groups[at.groupIndex]!.fields[at.fieldIndex] : undefined;
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const withGroups = (schema: FormSchema, groups: FormGroup[]): FormSchema => ({ ...schema, groups });
const mapGroup = (schema: FormSchema, id: string, fn: (g: FormGroup) => FormGroup) => withGroups(schema, schema.groups.map((g) => (g.id === id ? fn(g) : g)));

// ---------------------------------------------------------------------------------------------
// New groups and fields
// ---------------------------------------------------------------------------------------------

export function newGroup(id: string, name: string = FORM_DEFAULTS.groupName): FormGroup {
  return { id, name, columns: FORM_DEFAULTS.groupColumns, collapsible: false, width: "full", fields: [] };
}

/** The choice list of a new choice field. */
export const defaultChoices = (): ChoiceOption[] => [
  { label: "Option 1", value: "option_1" },
  { label: "Option 2", value: "option_2" },
];

/** A new field of a palette type (§3 defaults: key field_{timestamp}, label 'New {type} field'). */
export function newField(type: FieldType, key: string, label: string = newFieldLabel(type)): FormField {
  const field: FormField = { key, type, component: COMPONENT_OF[type], label, required: false };
  if (isChoiceType(type)) field.options = defaultChoices();
  if (isFileType(type)) field.options = fileOptionsOf({ type });
  if (type === "slider") field.validation = { min: SLIDER_DEFAULTS.min, max: SLIDER_DEFAULTS.max };
  if (type === "hidden") field.defaultValue = "";
  return field;
}

/** Adds an empty group at the end. */
export function addGroup(schema: FormSchema, now: number, name: string = FORM_DEFAULTS.groupName): { schema: FormSchema; groupId: string } {
  const groupId = unique(`group_${now}`, groupIds(schema));
  return { schema: withGroups(schema, [...schema.groups, newGroup(groupId, name)]), groupId };
}

export type AddFieldOptions = {
  now: number;
  /** the group to add to; the last group when not given */
  groupId?: string;
  /** the position in the group; the end when not given */
  index?: number;
  label?: string;
  /** the name of the group made when the form has none ('Default Group') */
  defaultGroupName?: string;
};

/**
 * §4: adds a field from the palette into a group at an index (dropped onto a group or its end
 * zone: the end; onto a field: after it, see indexAfter). With no group yet a 'Default Group'
 * (2 columns, not collapsible) is made first.
 */
export function addField(schema: FormSchema, type: FieldType, options: AddFieldOptions): { schema: FormSchema; key: string; groupId: string } {
  let next = schema;
  let groupId = options.groupId;
  if (next.groups.length === 0) {
    const made = addGroup(next, options.now, options.defaultGroupName ?? FORM_DEFAULTS.defaultGroupName);
    next = made.schema;
    groupId = made.groupId;
  }
  if (groupId === undefined || !next.groups.some((g) => g.id === groupId)) groupId = next.groups[next.groups.length - 1]!.id;
  const key = unique(`field_${options.now}`, fieldKeys(next));
  const field = newField(type, key, options.label);
  next = mapGroup(next, groupId, (g) => {
    const at = options.index === undefined ? g.fields.length : clamp(Math.trunc(options.index), 0, g.fields.length);
    return { ...g, fields: [...g.fields.slice(0, at), field, ...g.fields.slice(at)] };
  });
  return { schema: next, key, groupId };
}

/** The index just after a field (a palette item dropped onto a field goes there). */
export function indexAfter(schema: FormSchema, key: string): { groupId: string; index: number } | null {
  const at = locateField(schema, key);
  return at ? { groupId: at.groupId, index: at.fieldIndex + 1 } : null;
}

/** Beyond the spec's rename-only button: a real copy placed after the field, key {key}_copy (made unique), same label and settings. */
export function duplicateField(schema: FormSchema, key: string): { schema: FormSchema; key: string } | null {
  const at = locateField(schema, key);
  if (!at) return null;
  const source = schema.groups[at.groupIndex]!.fields[at.fieldIndex]!;
  const copyKey = unique(`${key}_copy`.slice(0, FORM_LIMITS.key - 4), fieldKeys(schema));
  const copy: FormField = structuredClone({ ...source, key: copyKey });
  return {
    schema: mapGroup(schema, at.groupId, (g) => ({ ...g, fields: [...g.fields.slice(0, at.fieldIndex + 1), copy, ...g.fields.slice(at.fieldIndex + 1)] })),
    key: copyKey,
  };
}

// ---------------------------------------------------------------------------------------------
// Moving
// ---------------------------------------------------------------------------------------------

/** arrayMove as dnd-kit's sortable uses it: the item at `from` ends at `to`. */
export function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length) return out;
  const [item] = out.splice(from, 1);
  out.splice(clamp(to, 0, out.length), 0, item!);
  return out;
}

/**
 * §4: moves a field. Within its group it ends at `index` (a reorder); to another group it goes to
 * the end unless an index is given. Unknown field or group: the schema unchanged.
 */
export function moveField(schema: FormSchema, key: string, toGroupId: string, index?: number): FormSchema {
  const at = locateField(schema, key);
  if (!at || !schema.groups.some((g) => g.id === toGroupId)) return schema;
  if (at.groupId === toGroupId) {
    const g = schema.groups[at.groupIndex]!;
    return mapGroup(schema, toGroupId, () => ({ ...g, fields: arrayMove(g.fields, at.fieldIndex, index ?? g.fields.length - 1) }));
  }
  const field = schema.groups[at.groupIndex]!.fields[at.fieldIndex]!;
  return withGroups(
    schema,
    schema.groups.map((g) => {
      if (g.id === at.groupId) return { ...g, fields: g.fields.filter((f) => f.key !== key) };
      if (g.id !== toGroupId) return g;
      const i = index === undefined ? g.fields.length : clamp(Math.trunc(index), 0, g.fields.length);
      return { ...g, fields: [...g.fields.slice(0, i), field, ...g.fields.slice(i)] };
    }),
  );
}

/** Moves a group to another position. */
export function moveGroup(schema: FormSchema, groupId: string, index: number): FormSchema {
  const from = schema.groups.findIndex((g) => g.id === groupId);
  return from < 0 ? schema : withGroups(schema, arrayMove(schema.groups, from, Math.trunc(index)));
}

// ---------------------------------------------------------------------------------------------
// Removing (conditions keep naming only fields that exist)
// ---------------------------------------------------------------------------------------------

/** A rule with its show, hide and require lists changed by fn. */
function mapTargets(rule: ConditionalRule, fn: (list: string[]) => string[]): ConditionalRule {
  const then = { show: fn(rule.then.show), hide: fn(rule.then.hide), require: fn(rule.then.require) };
  return { ...rule, then };
}

function withoutKeys(conditionals: ConditionalRule[], gone: Set<string>): ConditionalRule[] {
  return conditionals.filter((r) => !gone.has(r.if.field)).map((r) => mapTargets(r, (list) => list.filter((k) => !gone.has(k))));
}

/** Removes a field; rules that test it go, and it leaves the lists of the others. */
export function removeField(schema: FormSchema, key: string): FormSchema {
  if (!locateField(schema, key)) return schema;
  return { ...withGroups(schema, schema.groups.map((g) => ({ ...g, fields: g.fields.filter((f) => f.key !== key) }))), conditionals: withoutKeys(schema.conditionals, new Set([key])) };
}

/** Removes a group with its fields (and their rules). */
export function removeGroup(schema: FormSchema, groupId: string): FormSchema {
  const group = schema.groups.find((g) => g.id === groupId);
  if (!group) return schema;
  return { ...withGroups(schema, schema.groups.filter((g) => g.id !== groupId)), conditionals: withoutKeys(schema.conditionals, new Set(group.fields.map((f) => f.key))) };
}

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

export type FieldPatch = Partial<Omit<FormField, "key" | "component">>;

/**
 * Changes a field's properties (the key has renameField). A new type brings its component and,
 * when the kind of options changes (choices, upload settings, none), that kind's defaults; rules
 * that do not apply to the new type (lengths and pattern, min and max) are dropped.
 */
export function updateField(schema: FormSchema, key: string, patch: FieldPatch): FormSchema {
  const at = locateField(schema, key);
  if (!at) return schema;
  return mapGroup(schema, at.groupId, (g) => ({
    ...g,
    fields: g.fields.map((f) => {
      if (f.key !== key) return f;
      const next: FormField = { ...f, ...patch, key };
      if (patch.type && patch.type !== f.type) {
        next.component = COMPONENT_OF[patch.type];
        const kind = (t: string) => (isChoiceType(t) ? "choice" : isFileType(t) ? "file" : "none");
        if (kind(patch.type) !== kind(f.type) && patch.options === undefined) {
          if (kind(patch.type) === "choice") next.options = defaultChoices();
          else if (kind(patch.type) === "file") next.options = fileOptionsOf({ type: patch.type });
          else delete next.options;
        }
        if (patch.validation === undefined && next.validation) {
          const { minLength, maxLength, pattern, messages, min, max } = next.validation;
          const text = patch.type === "text" || patch.type === "textarea" || patch.type === "email" || patch.type === "url";
          const range = (RANGE_RULE_TYPES as readonly string[]).includes(patch.type);
          const v = { ...(text ? { minLength, maxLength, pattern, messages } : {}), ...(range ? { min, max } : {}) };
          const kept = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
          if (Object.keys(kept).length > 0) next.validation = kept;
          else delete next.validation;
        }
      }
      return next;
    }),
  }));
}

export type RenameResult = { ok: true; schema: FormSchema } | { ok: false; error: string };

/** Changes a field's key, and the rules that name it. The new key must be valid and unused. */
export function renameField(schema: FormSchema, key: string, newKey: string): RenameResult {
  const to = newKey.trim();
  if (!locateField(schema, key)) return { ok: false, error: FORM_MESSAGES.unknownField };
  if (to === key) return { ok: true, schema };
  if (!isFieldKey(to)) return { ok: false, error: FORM_MESSAGES.invalidKey };
  if (fieldKeys(schema).has(to)) return { ok: false, error: FORM_MESSAGES.duplicateKey };
  const swap = (k: string) => (k === key ? to : k);
  return {
    ok: true,
    schema: {
      ...withGroups(schema, schema.groups.map((g) => ({ ...g, fields: g.fields.map((f) => (f.key === key ? { ...f, key: to } : f)) }))),
      conditionals: schema.conditionals.map((r) => mapTargets({ ...r, if: { ...r.if, field: swap(r.if.field) } }, (list) => list.map(swap))),
    },
  };
}

export type GroupPatch = Partial<Omit<FormGroup, "id" | "fields">>;

/** Changes a group's name, columns (1–4 in the designer), collapsible or width. */
export function updateGroup(schema: FormSchema, groupId: string, patch: GroupPatch): FormSchema {
  return mapGroup(schema, groupId, (g) => ({
    ...g,
    ...patch,
    columns: patch.columns === undefined ? g.columns : clamp(Math.trunc(patch.columns) || GROUP_COLUMNS.min, GROUP_COLUMNS.min, GROUP_COLUMNS.designerMax),
  }));
}

export type SettingsPatch = {
  layout?: FormSettings["layout"];
  theme?: FormSettings["theme"];
  showCompanyLogo?: boolean;
  submitButton?: Partial<FormSettings["submitButton"]>;
  confirmation?: Partial<FormSettings["confirmation"]>;
  emailNotifications?: Partial<FormSettings["emailNotifications"]>;
};

/** The Settings tab's cards: each card changes its part. */
export function updateSettings(schema: FormSchema, patch: SettingsPatch): FormSchema {
  const s = schema.settings;
  return {
    ...schema,
    settings: {
      ...s,
      ...(patch.layout === undefined ? {} : { layout: patch.layout }),
      ...(patch.theme === undefined ? {} : { theme: patch.theme }),
      ...(patch.showCompanyLogo === undefined ? {} : { showCompanyLogo: patch.showCompanyLogo }),
      submitButton: { ...s.submitButton, ...patch.submitButton },
      confirmation: { ...s.confirmation, ...patch.confirmation },
      emailNotifications: { ...s.emailNotifications, ...patch.emailNotifications },
    },
  };
}

/** Name, description and tags (Form Information). */
export function updateMetadata(schema: FormSchema, patch: Partial<FormSchema["metadata"]>): FormSchema {
  return { ...schema, metadata: { ...schema.metadata, ...patch } };
}

// ---------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------

/** §5: the next option of a choice list, 'Option n' / 'option_n' (n the first number whose value is free). */
export function nextOption(options: readonly ChoiceOption[], label = "Option"): ChoiceOption {
  const values = new Set(options.map((o) => o.value));
  let n = options.length + 1;
  while (values.has(`option_${n}`)) n++;
  return { label: `${label} ${n}`, value: `option_${n}` };
}

export function addOption(schema: FormSchema, key: string, label?: string): FormSchema {
  const field = findField(schema, key);
  if (!field || !isChoiceType(field.type)) return schema;
  const options = choicesOf(field);
  return updateField(schema, key, { options: [...options, nextOption(options, label)] });
}

export function updateOption(schema: FormSchema, key: string, index: number, patch: Partial<ChoiceOption>): FormSchema {
  const field = findField(schema, key);
  if (!field || !Array.isArray(field.options) || !field.options[index]) return schema;
  return updateField(schema, key, { options: field.options.map((o, i) => (i === index ? { ...o, ...patch } : o)) });
}

export function removeOption(schema: FormSchema, key: string, index: number): FormSchema {
  const field = findField(schema, key);
  if (!field || !Array.isArray(field.options)) return schema;
  return updateField(schema, key, { options: field.options.filter((_, i) => i !== index) });
}

/** The file options tab: max files 1–20, max size 1–100 MB (given in MB, stored in bytes). */
export function updateFileOptions(schema: FormSchema, key: string, patch: Partial<Omit<FileOptions, "maxSizeBytes">> & { maxSizeMb?: number }): FormSchema {
  const field = findField(schema, key);
  if (!field || !isFileType(field.type)) return schema;
  const current = fileOptionsOf(field);
  const { maxSizeMb, ...rest } = patch;
  const next: FileOptions = { ...current, ...rest };
  next.maxFiles = clamp(Math.trunc(next.maxFiles) || 1, 1, 20);
  if (maxSizeMb !== undefined) next.maxSizeBytes = clamp(Math.trunc(maxSizeMb) || 1, 1, 100) * 1_048_576;
  return updateField(schema, key, { options: next });
}

// ---------------------------------------------------------------------------------------------
// Tags and recipients (§5: trimmed, ignored when empty or a duplicate; Enter adds)
// ---------------------------------------------------------------------------------------------

export type ListAdd = { list: string[]; added: boolean; reason?: "empty" | "duplicate" | "invalid" | "full" };

export function addToList(list: readonly string[], value: string, options: { max?: number; maxLength?: number; valid?: (v: string) => boolean } = {}): ListAdd {
  const v = value.trim();
  if (v === "") return { list: [...list], added: false, reason: "empty" };
  if (list.includes(v)) return { list: [...list], added: false, reason: "duplicate" };
  if ((options.maxLength !== undefined && v.length > options.maxLength) || (options.valid && !options.valid(v))) return { list: [...list], added: false, reason: "invalid" };
  if (options.max !== undefined && list.length >= options.max) return { list: [...list], added: false, reason: "full" };
  return { list: [...list, v], added: true };
}

export function addTag(schema: FormSchema, tag: string): { schema: FormSchema } & Omit<ListAdd, "list"> {
  const r = addToList(schema.metadata.tags, tag, { max: FORM_LIMITS.tags, maxLength: FORM_LIMITS.tag });
  return { schema: r.added ? updateMetadata(schema, { tags: r.list }) : schema, added: r.added, reason: r.reason };
}

export function removeTag(schema: FormSchema, tag: string): FormSchema {
  return updateMetadata(schema, { tags: schema.metadata.tags.filter((t) => t !== tag) });
}

/** A recipient must also be an e-mail address (reason 'invalid' otherwise). */
export function addRecipient(schema: FormSchema, address: string): { schema: FormSchema } & Omit<ListAdd, "list"> {
  const r = addToList(schema.settings.emailNotifications.recipients, address, { max: FORM_LIMITS.recipients, valid: isEmailAddress });
  return { schema: r.added ? updateSettings(schema, { emailNotifications: { recipients: r.list } }) : schema, added: r.added, reason: r.reason };
}

export function removeRecipient(schema: FormSchema, address: string): FormSchema {
  return updateSettings(schema, { emailNotifications: { recipients: schema.settings.emailNotifications.recipients.filter((r) => r !== address) } });
}

// ---------------------------------------------------------------------------------------------
// Conditions
// ---------------------------------------------------------------------------------------------

/** Adds a rule (with an id 'rule_{now}'); lists name only existing fields, or the schema is unchanged. */
export function addConditional(schema: FormSchema, rule: Omit<ConditionalRule, "id">, now: number): FormSchema {
  const keys = fieldKeys(schema);
  const named = [rule.if.field, ...rule.then.show, ...rule.then.hide, ...rule.then.require];
  if (!named.every((k) => keys.has(k)) || schema.conditionals.length >= FORM_LIMITS.conditionals) return schema;
  const id = unique(`rule_${now}`, new Set(schema.conditionals.map((r) => r.id ?? "")));
  return { ...schema, conditionals: [...schema.conditionals, { ...rule, id }] };
}

export function updateConditional(schema: FormSchema, index: number, rule: ConditionalRule): FormSchema {
  const keys = fieldKeys(schema);
  const named = [rule.if.field, ...rule.then.show, ...rule.then.hide, ...rule.then.require];
  if (!schema.conditionals[index] || !named.every((k) => keys.has(k))) return schema;
  return { ...schema, conditionals: schema.conditionals.map((r, i) => (i === index ? rule : r)) };
}

export function removeConditional(schema: FormSchema, index: number): FormSchema {
  return { ...schema, conditionals: schema.conditionals.filter((_, i) => i !== index) };
}

// ---------------------------------------------------------------------------------------------
// Undo / redo (§4: snapshots taken on changes; undo disabled at the start, redo at the end)
// ---------------------------------------------------------------------------------------------

export type History<T> = { past: T[]; present: T; future: T[]; cap: number };

export const HISTORY_CAP = 100;

export function createHistory<T>(present: T, cap: number = HISTORY_CAP): History<T> {
  return { past: [], present, future: [], cap: Math.max(1, Math.trunc(cap)) };
}

/** A new snapshot: the present goes to the past (the oldest dropped beyond the cap), the future is cleared. The same object again is no change. */
export function pushHistory<T>(h: History<T>, next: T): History<T> {
  if (Object.is(next, h.present)) return h;
  const past = [...h.past, h.present];
  return { past: past.length > h.cap ? past.slice(past.length - h.cap) : past, present: next, future: [], cap: h.cap };
}

export const canUndo = (h: History<unknown>) => h.past.length > 0;
export const canRedo = (h: History<unknown>) => h.future.length > 0;

export function undo<T>(h: History<T>): History<T> {
  if (!canUndo(h)) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1]!, future: [h.present, ...h.future], cap: h.cap };
}

export function redo<T>(h: History<T>): History<T> {
  if (!canRedo(h)) return h;
  return { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1), cap: h.cap };
}
