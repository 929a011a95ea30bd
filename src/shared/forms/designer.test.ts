import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addConditional,
  addField,
  addGroup,
  addOption,
  addRecipient,
  addTag,
  addToList,
  arrayMove,
  canRedo,
  canUndo,
  createHistory,
  duplicateField,
  findField,
  indexAfter,
  moveField,
  moveGroup,
  nextOption,
  pushHistory,
  redo,
  removeConditional,
  removeField,
  removeGroup,
  removeOption,
  removeRecipient,
  removeTag,
  renameField,
  undo,
  updateConditional,
  updateField,
  updateFileOptions,
  updateGroup,
  updateMetadata,
  updateOption,
  updateSettings,
} from "./designer";
import { emptyForm, FIELD_TYPES, type FieldType, FORM_MESSAGES, type FormSchema, formSchema, MB, makeRule, UPLOAD_DEFAULTS } from "./schema";

const keysOf = (s: FormSchema) => s.groups.map((g) => g.fields.map((f) => f.key));

/** A form with two groups: group_1 [a, b, c] and group_2 [d]. */
function twoGroups(): FormSchema {
  let s = emptyForm("Prueba");
  s = addGroup(s, 1).schema;
  s = addGroup(s, 2).schema;
  for (const [n, g] of [
    [10, "group_1"],
    [11, "group_1"],
    [12, "group_1"],
    [13, "group_2"],
  ] as const) {
    s = addField(s, "text", { now: n, groupId: g }).schema;
  }
  for (const [from, to] of [
    ["field_10", "a"],
    ["field_11", "b"],
    ["field_12", "c"],
    ["field_13", "d"],
  ]) {
    const r = renameField(s, from, to);
    if (!r.ok) throw new Error(r.error);
    s = r.schema;
  }
  return s;
}

describe("adding groups and fields", () => {
  it("a field dropped on an empty form makes a 'Default Group' (2 columns, not collapsible) first", () => {
    const r = addField(emptyForm(), "email", { now: 1700000000000 });
    expect(r.groupId).toBe("group_1700000000000");
    expect(r.key).toBe("field_1700000000000");
    expect(r.schema.groups).toEqual([
      {
        id: "group_1700000000000",
        name: "Default Group",
        columns: 2,
        collapsible: false,
        width: "full",
        fields: [{ key: "field_1700000000000", type: "email", component: "textbox", label: "New email field", required: false }],
      },
    ]);
    expect(addField(emptyForm(), "text", { now: 1, defaultGroupName: "Grupo predeterminado", label: "Nuevo campo text" }).schema.groups[0]).toMatchObject({ name: "Grupo predeterminado", fields: [{ label: "Nuevo campo text" }] });
  });

  it("'Add Group' adds 'New Group' at the end; ids and keys stay unique for the same timestamp", () => {
    const a = addGroup(emptyForm(), 5);
    const b = addGroup(a.schema, 5);
    expect([a.groupId, b.groupId]).toEqual(["group_5", "group_5_2"]);
    expect(b.schema.groups.map((g) => g.name)).toEqual(["New Group", "New Group"]);
    const f1 = addField(b.schema, "text", { now: 9 });
    const f2 = addField(f1.schema, "text", { now: 9 });
    expect([f1.key, f2.key]).toEqual(["field_9", "field_9_2"]);
    // No group named: the last group.
    expect(f2.groupId).toBe("group_5_2");
  });

  it("each type gets its component and defaults: choices 'Option 1'/'Option 2', file options, slider 0–100, hidden ''", () => {
    for (const type of FIELD_TYPES) {
      const r = addField(emptyForm(), type, { now: 1 });
      expect(formSchema.safeParse(r.schema).success, type).toBe(true);
    }
    const field = (type: FieldType) => findField(addField(emptyForm(), type, { now: 1 }).schema, "field_1")!;
    expect(field("select").options).toEqual([
      { label: "Option 1", value: "option_1" },
      { label: "Option 2", value: "option_2" },
    ]);
    expect(field("file")).toMatchObject({ component: "file-upload", options: { multiple: true, maxFiles: 10, maxSizeBytes: 10 * MB, allowedFormats: [...UPLOAD_DEFAULTS.allowedFormats] } });
    expect(field("image").options).toMatchObject({ allowedFormats: ["image/*"] });
    expect(field("slider")).toMatchObject({ component: "range-slider", validation: { min: 0, max: 100 } });
    expect(field("hidden")).toMatchObject({ component: "textbox", defaultValue: "" });
    expect(field("rating").component).toBe("rating-stars");
  });

  it("dropped at an index, onto a field (after it), or onto the end zone", () => {
    const s = twoGroups();
    const at = indexAfter(s, "a")!;
    expect(at).toEqual({ groupId: "group_1", index: 1 });
    expect(keysOf(addField(s, "text", { now: 50, ...at }).schema)[0]).toEqual(["a", "field_50", "b", "c"]);
    expect(keysOf(addField(s, "text", { now: 50, groupId: "group_1", index: 0 }).schema)[0]).toEqual(["field_50", "a", "b", "c"]);
    expect(keysOf(addField(s, "text", { now: 50, groupId: "group_2" }).schema)[1]).toEqual(["d", "field_50"]);
    expect(keysOf(addField(s, "text", { now: 50, groupId: "group_1", index: 99 }).schema)[0]).toEqual(["a", "b", "c", "field_50"]);
    expect(indexAfter(s, "zz")).toBeNull();
  });

  it("duplicate: a copy after the field, key {key}_copy", () => {
    const r = duplicateField(twoGroups(), "b")!;
    expect(r.key).toBe("b_copy");
    expect(keysOf(r.schema)[0]).toEqual(["a", "b", "b_copy", "c"]);
    expect(duplicateField(r.schema, "b")!.key).toBe("b_copy_2");
    expect(duplicateField(r.schema, "zz")).toBeNull();
  });
});

describe("moving", () => {
  it("within a group a field is reordered (dnd-kit's arrayMove)", () => {
    const s = twoGroups();
    expect(keysOf(moveField(s, "a", "group_1", 2))[0]).toEqual(["b", "c", "a"]);
    expect(keysOf(moveField(s, "c", "group_1", 0))[0]).toEqual(["c", "a", "b"]);
    expect(arrayMove([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
  });

  it("to another group a field goes to its end, or to the given index", () => {
    const s = twoGroups();
    expect(keysOf(moveField(s, "a", "group_2"))).toEqual([["b", "c"], ["d", "a"]]);
    expect(keysOf(moveField(s, "a", "group_2", 0))).toEqual([["b", "c"], ["a", "d"]]);
    expect(moveField(s, "zz", "group_2")).toBe(s);
    expect(moveField(s, "a", "group_9")).toBe(s);
  });

  it("groups are reordered", () => {
    expect(moveGroup(twoGroups(), "group_2", 0).groups.map((g) => g.id)).toEqual(["group_2", "group_1"]);
  });
});

describe("removing", () => {
  const withRules = () => {
    let s = twoGroups();
    s = addConditional(s, makeRule("a", "equals", "x", { show: ["b"], hide: ["d"], require: ["c"] }), 1);
    s = addConditional(s, makeRule("d", "is_empty", undefined, { hide: ["a", "b"] }), 2);
    return s;
  };

  it("a removed field leaves the rules: those testing it go, the lists forget it", () => {
    const s = removeField(withRules(), "a");
    expect(keysOf(s)).toEqual([["b", "c"], ["d"]]);
    expect(s.conditionals).toEqual([makeRule("d", "is_empty", undefined, { hide: ["b"] }, "rule_2")]);
    expect(formSchema.safeParse(s).success).toBe(true);
  });

  it("a removed group takes its fields and their rules", () => {
    const s = removeGroup(withRules(), "group_2");
    expect(keysOf(s)).toEqual([["a", "b", "c"]]);
    expect(s.conditionals).toEqual([makeRule("a", "equals", "x", { show: ["b"], require: ["c"] }, "rule_1")]);
    expect(removeGroup(s, "group_9")).toBe(s);
  });
});

describe("properties", () => {
  it("renaming a key renames it in the rules; an invalid or taken key is refused", () => {
    let s = twoGroups();
    s = addConditional(s, makeRule("a", "equals", "x", { show: ["a"], require: ["a"] }), 1);
    const r = renameField(s, "a", "nombre");
    expect(r.ok && r.schema.conditionals[0]).toEqual(makeRule("nombre", "equals", "x", { show: ["nombre"], require: ["nombre"] }, "rule_1"));
    expect(renameField(s, "a", "b")).toEqual({ ok: false, error: FORM_MESSAGES.duplicateKey });
    expect(renameField(s, "a", "1x")).toEqual({ ok: false, error: FORM_MESSAGES.invalidKey });
    expect(renameField(s, "a", "con espacio")).toEqual({ ok: false, error: FORM_MESSAGES.invalidKey });
    expect(renameField(s, "zz", "y")).toEqual({ ok: false, error: FORM_MESSAGES.unknownField });
  });

  it("a new type brings its component and its kind of options; rules that do not apply are dropped", () => {
    let s = twoGroups();
    s = updateField(s, "a", { validation: { minLength: 2, maxLength: 9, pattern: "^[a-z]+$" }, required: true, placeholder: "Escribe" });
    expect(findField(s, "a")).toMatchObject({ required: true, placeholder: "Escribe", validation: { minLength: 2 } });
    const toSelect = updateField(s, "a", { type: "select" });
    expect(findField(toSelect, "a")).toMatchObject({ type: "select", component: "dropdown", options: [{ value: "option_1" }, { value: "option_2" }] });
    expect(findField(toSelect, "a")!.validation).toBeUndefined();
    const toNumber = updateField(updateField(s, "a", { validation: { min: 1, max: 5, minLength: 2 } }), "a", { type: "number" });
    expect(findField(toNumber, "a")!.validation).toEqual({ min: 1, max: 5 });
    const toFile = updateField(toSelect, "a", { type: "file" });
    expect(findField(toFile, "a")).toMatchObject({ component: "file-upload", options: { maxFiles: 10 } });
    expect(findField(updateField(toFile, "a", { type: "text" }), "a")!.options).toBeUndefined();
    // The key cannot change through updateField.
    expect(findField(updateField(s, "a", { key: "x" } as never), "a")).toBeDefined();
  });

  it("group columns are 1–4 in the designer", () => {
    const s = twoGroups();
    expect(updateGroup(s, "group_1", { columns: 6 }).groups[0]!.columns).toBe(4);
    expect(updateGroup(s, "group_1", { columns: 0 }).groups[0]!.columns).toBe(1);
    expect(updateGroup(s, "group_1", { columns: 3, name: "Datos", collapsible: true, width: "half" }).groups[0]).toMatchObject({ columns: 3, name: "Datos", collapsible: true, width: "half" });
  });

  it("options: a new one is 'Option n' / 'option_n' with n free", () => {
    expect(nextOption([])).toEqual({ label: "Option 1", value: "option_1" });
    expect(nextOption([{ label: "A", value: "option_2" }])).toEqual({ label: "Option 3", value: "option_3" });
    expect(nextOption([{ label: "A", value: "a" }], "Opción")).toEqual({ label: "Opción 2", value: "option_2" });
    let s = addField(emptyForm(), "radio", { now: 1 }).schema;
    s = addOption(s, "field_1");
    expect(findField(s, "field_1")!.options).toEqual([
      { label: "Option 1", value: "option_1" },
      { label: "Option 2", value: "option_2" },
      { label: "Option 3", value: "option_3" },
    ]);
    s = removeOption(s, "field_1", 0);
    s = addOption(s, "field_1");
    expect((findField(s, "field_1")!.options as { value: string }[]).map((o) => o.value)).toEqual(["option_2", "option_3", "option_4"]);
    s = updateOption(s, "field_1", 0, { label: "Sí", value: "si", disabled: true });
    expect((findField(s, "field_1")!.options as unknown[])[0]).toEqual({ label: "Sí", value: "si", disabled: true });
    // Not a choice field: unchanged.
    const t = addField(emptyForm(), "text", { now: 1 }).schema;
    expect(addOption(t, "field_1")).toBe(t);
  });

  it("file options: max files 1–20, max size 1–100 MB", () => {
    const s = addField(emptyForm(), "file", { now: 1 }).schema;
    expect(findField(updateFileOptions(s, "field_1", { maxFiles: 50, maxSizeMb: 500 }), "field_1")!.options).toMatchObject({ maxFiles: 20, maxSizeBytes: 100 * MB });
    expect(findField(updateFileOptions(s, "field_1", { maxFiles: 0, maxSizeMb: 0 }), "field_1")!.options).toMatchObject({ maxFiles: 1, maxSizeBytes: MB });
    expect(findField(updateFileOptions(s, "field_1", { multiple: false, allowedFormats: [".pdf"] }), "field_1")!.options).toMatchObject({ multiple: false, allowedFormats: [".pdf"], maxFiles: 10 });
  });

  it("settings cards and metadata change their part only", () => {
    let s = emptyForm();
    s = updateSettings(s, { theme: "modern", submitButton: { text: "Enviar" }, confirmation: { type: "redirect", redirectUrl: "/gracias" }, emailNotifications: { enabled: true, attachPDF: true } });
    expect(s.settings).toEqual({
      layout: "responsive",
      theme: "modern",
      showCompanyLogo: false,
      submitButton: { text: "Enviar", position: "bottom-right" },
      confirmation: { type: "redirect", redirectUrl: "/gracias" },
      emailNotifications: { enabled: true, recipients: [], includeSubmissionData: true, attachPDF: true },
    });
    s = updateMetadata(s, { name: "Encuesta", description: "Clientes" });
    expect(s.metadata).toEqual({ name: "Encuesta", description: "Clientes", tags: [] });
    expect(formSchema.safeParse(s).success).toBe(true);
  });
});

describe("tags and recipients: trimmed, ignored when empty or a duplicate", () => {
  it("addToList", () => {
    expect(addToList(["a"], "  b ")).toEqual({ list: ["a", "b"], added: true });
    expect(addToList(["a"], "   ")).toEqual({ list: ["a"], added: false, reason: "empty" });
    expect(addToList(["a"], " a ")).toEqual({ list: ["a"], added: false, reason: "duplicate" });
    expect(addToList(["a"], "b", { max: 1 })).toEqual({ list: ["a"], added: false, reason: "full" });
  });

  it("tags and recipients on the schema (a recipient must be an e-mail address)", () => {
    let s = emptyForm();
    s = addTag(s, " clientes ").schema;
    expect(addTag(s, "clientes")).toMatchObject({ added: false, reason: "duplicate" });
    expect(s.metadata.tags).toEqual(["clientes"]);
    expect(removeTag(s, "clientes").metadata.tags).toEqual([]);
    s = addRecipient(s, " ana@example.com ").schema;
    expect(addRecipient(s, "ana")).toMatchObject({ added: false, reason: "invalid" });
    expect(addRecipient(s, "ana@example.com")).toMatchObject({ added: false, reason: "duplicate" });
    expect(s.settings.emailNotifications.recipients).toEqual(["ana@example.com"]);
    expect(removeRecipient(s, "ana@example.com").settings.emailNotifications.recipients).toEqual([]);
  });
});

describe("conditions", () => {
  it("added with an id, only when every named field exists; updated and removed by index", () => {
    let s = twoGroups();
    const rule = makeRule("a", "equals", "x", { show: ["b"] });
    s = addConditional(s, rule, 7);
    expect(s.conditionals).toEqual([{ id: "rule_7", ...rule }]);
    expect(addConditional(s, makeRule("a", "equals", "x", { show: ["zz"] }), 8)).toBe(s);
    s = updateConditional(s, 0, { ...rule, id: "rule_7", if: { field: "b", operator: "is_empty" } });
    expect(s.conditionals[0]!.if).toEqual({ field: "b", operator: "is_empty" });
    expect(removeConditional(s, 0).conditionals).toEqual([]);
  });
});

describe("undo / redo", () => {
  it("undo is off at the start and redo at the end; a new change clears the future", () => {
    const a = emptyForm("A");
    const b = updateMetadata(a, { name: "B" });
    const c = updateMetadata(b, { name: "C" });
    let h = createHistory(a);
    expect([canUndo(h), canRedo(h)]).toEqual([false, false]);
    expect(undo(h)).toBe(h);
    h = pushHistory(pushHistory(h, b), c);
    expect(h.present).toBe(c);
    h = undo(h);
    expect([h.present, canUndo(h), canRedo(h)]).toEqual([b, true, true]);
    h = undo(h);
    expect([h.present, canUndo(h), canRedo(h)]).toEqual([a, false, true]);
    h = redo(redo(h));
    expect([h.present, canRedo(h)]).toEqual([c, false]);
    expect(redo(h)).toBe(h);
    h = undo(h);
    h = pushHistory(h, a);
    expect([h.present, canRedo(h)]).toEqual([a, false]);
    expect(pushHistory(h, h.present)).toBe(h);
  });

  it("keeps at most `cap` snapshots behind", () => {
    let h = createHistory(0, 3);
    for (let i = 1; i <= 10; i++) h = pushHistory(h, i);
    expect(h.past).toEqual([7, 8, 9]);
  });
});

describe("properties of the designer's operations", () => {
  type Op = { kind: number; a: number; b: number; c: number; type: FieldType };
  const op = fc.record({ kind: fc.integer({ min: 0, max: 16 }), a: fc.nat(20), b: fc.nat(20), c: fc.integer({ min: -3, max: 30 }), type: fc.constantFrom(...FIELD_TYPES) });

  /** One designer step chosen by the numbers (any field, group or index, valid or not). */
  function apply(s: FormSchema, o: Op, now: number): FormSchema {
    const keys = s.groups.flatMap((g) => g.fields.map((f) => f.key));
    const key = keys.length ? keys[o.a % keys.length]! : "field_none";
    const key2 = keys.length ? keys[o.b % keys.length]! : "field_none";
    const group = s.groups.length ? s.groups[o.b % s.groups.length]!.id : "group_none";
    switch (o.kind) {
      case 0:
        return addGroup(s, now).schema;
      case 1:
      case 2:
        return addField(s, o.type, { now, groupId: group, index: o.c }).schema;
      case 3:
        return moveField(s, key, group, o.c < 0 ? undefined : o.c);
      case 4:
        return moveGroup(s, group, o.c);
      case 5:
        return removeField(s, key);
      case 6:
        return o.c % 4 === 0 ? removeGroup(s, group) : s;
      case 7:
        return updateField(s, key, { type: o.type, required: o.c % 2 === 0, label: `L${o.c}` });
      case 8:
        return updateGroup(s, group, { columns: o.c, collapsible: o.c % 2 === 0 });
      case 9:
        return addOption(s, key);
      case 10:
        return removeOption(s, key, o.c);
      case 11:
        return addConditional(s, makeRule(key, (["equals", "contains", "is_empty", "greater_than"] as const)[o.c & 3]!, String(o.c), { show: [key2], hide: o.c % 2 ? [key] : [], require: [key2] }), now);
      case 12: {
        const r = renameField(s, key, o.c % 3 === 0 ? key2 : `k${o.c}`);
        return r.ok ? r.schema : s;
      }
      case 13:
        return duplicateField(s, key)?.schema ?? s;
      case 14:
        return updateFileOptions(s, key, { maxFiles: o.c, maxSizeMb: o.c * 5 });
      case 15:
        return addRecipient(addTag(s, ` t${o.c} `).schema, o.c % 2 ? `u${o.c}@example.com` : `bad${o.c}`).schema;
      default:
        return removeConditional(s, o.c);
    }
  }

  it("any sequence of steps gives a schema the zod schema accepts, and its JSON imports back equal", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        let s = emptyForm();
        ops.forEach((o, i) => {
          s = apply(s, o, 1000 + i);
          const parsed = formSchema.safeParse(s);
          expect(parsed.success, JSON.stringify(parsed.error?.issues[0])).toBe(true);
        });
        expect(formSchema.parse(JSON.parse(JSON.stringify(s)))).toEqual(s);
      }),
      { numRuns: 200 },
    );
  });

  it("steps never change the schema they are given, and undo after any step restores it", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), op, (ops, last) => {
        let h = createHistory(emptyForm());
        ops.forEach((o, i) => {
          h = pushHistory(h, apply(h.present, o, 1000 + i));
        });
        const before = h.present;
        const frozen = JSON.stringify(before);
        const after = apply(before, last, 5000);
        expect(JSON.stringify(before)).toBe(frozen);
        const h2 = pushHistory(h, after);
        // A step that changes nothing hands back the same object and takes no snapshot.
        if (after === before) {
          expect(h2).toBe(h);
          return;
        }
        expect(undo(h2).present).toBe(before);
        expect(redo(undo(h2)).present).toBe(after);
      }),
      { numRuns: 200 },
    );
  });
});
