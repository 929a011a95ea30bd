import { describe, expect, it } from "vitest";
import { addField, addGroup } from "../../../../shared/forms/designer";
import { emptyForm, type FormSchema } from "../../../../shared/forms/schema";
import { applyDrop, dragId, parseDragId } from "./dnd";

const labels = { field: (type: string) => `Nuevo ${type}`, defaultGroup: "Grupo predeterminado" };
const keysOf = (s: FormSchema) => s.groups.map((g) => g.fields.map((f) => f.key));

/** Two groups: A with a, b, c and B with d. */
function twoGroups(): FormSchema {
  let s = emptyForm("Prueba");
  s = addGroup(s, 1, "A").schema;
  s = addGroup(s, 2, "B").schema;
  const [a, b] = s.groups.map((g) => g.id);
  for (const [key, group] of [
    ["a", a],
    ["b", a],
    ["c", a],
    ["d", b],
  ] as const) {
    s = addField(s, "text", { now: 10, groupId: group, label: key }).schema;
    const g = s.groups.find((x) => x.id === group)!;
    g.fields[g.fields.length - 1]!.key = key;
  }
  return s;
}

describe("drag ids", () => {
  it("round-trip and refuse unknown ones", () => {
    expect(parseDragId(dragId.palette("email"))).toEqual({ kind: "palette", type: "email" });
    expect(parseDragId(dragId.field("field_1"))).toEqual({ kind: "field", key: "field_1" });
    expect(parseDragId(dragId.group("group_1"))).toEqual({ kind: "group", id: "group_1" });
    expect(parseDragId(dragId.drop("group_1"))).toEqual({ kind: "drop", id: "group_1" });
    expect(parseDragId(dragId.end)).toEqual({ kind: "end" });
    expect(parseDragId("palette:nope")).toBeNull();
    expect(parseDragId("other:x")).toBeNull();
    expect(parseDragId(null)).toBeNull();
  });
});

describe("applyDrop (spec 03 §4 drag and drop)", () => {
  it("a palette item onto the empty canvas makes the 'Default Group' (2 columns) with the field, selected", () => {
    const r = applyDrop(emptyForm("x"), dragId.palette("text"), dragId.end, labels, 5)!;
    expect(r.schema.groups).toHaveLength(1);
    expect(r.schema.groups[0]).toMatchObject({ name: "Grupo predeterminado", columns: 2, collapsible: false });
    expect(r.schema.groups[0]!.fields[0]).toMatchObject({ key: r.selectKey, type: "text", label: "Nuevo text" });
  });

  it("a palette item onto a field goes just after it; onto a group or the end zone, at the end", () => {
    const s = twoGroups();
    const after = applyDrop(s, dragId.palette("email"), dragId.field("a"), labels, 7)!;
    expect(keysOf(after.schema)[0]).toEqual(["a", after.selectKey, "b", "c"]);
    const onGroup = applyDrop(s, dragId.palette("email"), dragId.drop(s.groups[0]!.id), labels, 7)!;
    expect(keysOf(onGroup.schema)[0]).toEqual(["a", "b", "c", onGroup.selectKey]);
    const atEnd = applyDrop(s, dragId.palette("email"), dragId.end, labels, 7)!;
    expect(keysOf(atEnd.schema)[1]).toEqual(["d", atEnd.selectKey]);
  });

  it("a field within its group is reordered; onto another group's field or area it goes to that group's end", () => {
    const s = twoGroups();
    expect(keysOf(applyDrop(s, dragId.field("a"), dragId.field("c"), labels, 1)!.schema)).toEqual([["b", "c", "a"], ["d"]]);
    expect(keysOf(applyDrop(s, dragId.field("c"), dragId.field("a"), labels, 1)!.schema)).toEqual([["c", "a", "b"], ["d"]]);
    expect(keysOf(applyDrop(s, dragId.field("a"), dragId.field("d"), labels, 1)!.schema)).toEqual([["b", "c"], ["d", "a"]]);
    expect(keysOf(applyDrop(s, dragId.field("b"), dragId.drop(s.groups[1]!.id), labels, 1)!.schema)).toEqual([["a", "c"], ["d", "b"]]);
    expect(keysOf(applyDrop(s, dragId.field("b"), dragId.end, labels, 1)!.schema)).toEqual([["a", "c"], ["d", "b"]]);
  });

  it("dropping a field on itself, its own group or nothing changes nothing", () => {
    const s = twoGroups();
    expect(applyDrop(s, dragId.field("a"), dragId.field("a"), labels, 1)).toBeNull();
    expect(applyDrop(s, dragId.field("a"), dragId.drop(s.groups[0]!.id), labels, 1)).toBeNull();
    expect(applyDrop(s, dragId.field("d"), dragId.end, labels, 1)).toBeNull();
    expect(applyDrop(s, dragId.field("a"), null, labels, 1)).toBeNull();
  });

  it("a group onto another takes its place", () => {
    const s = twoGroups();
    const [a, b] = s.groups.map((g) => g.id);
    expect(applyDrop(s, dragId.group(a!), dragId.group(b!), labels, 1)!.schema.groups.map((g) => g.name)).toEqual(["B", "A"]);
    expect(applyDrop(s, dragId.group(a!), dragId.group(a!), labels, 1)).toBeNull();
  });
});
