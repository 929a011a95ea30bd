import { type Announcements, type CollisionDetection, closestCenter, pointerWithin, type UniqueIdentifier } from "@dnd-kit/core";
import type { TFunction } from "i18next";
import { addField, findField, indexAfter, locateField, moveField, moveGroup } from "../../../../shared/forms/designer";
import { type FieldType, type FormSchema, isFieldType } from "../../../../shared/forms/schema";

/**
 * The designer's drag ids: a palette item 'palette:{type}', a field 'field:{key}', a group
 * 'group:{id}' (the group itself, to reorder groups), a group's drop area 'drop:{id}' and the
 * drop-end zone 'end' below the groups (or the empty canvas).
 */
export type DragRef = { kind: "palette"; type: FieldType } | { kind: "field"; key: string } | { kind: "group"; id: string } | { kind: "drop"; id: string } | { kind: "end" };

export const dragId = {
  palette: (type: FieldType) => `palette:${type}`,
  field: (key: string) => `field:${key}`,
  group: (id: string) => `group:${id}`,
  drop: (id: string) => `drop:${id}`,
  end: "end",
} as const;

export function parseDragId(id: UniqueIdentifier | null | undefined): DragRef | null {
  if (id === null || id === undefined) return null;
  const text = String(id);
  if (text === "end") return { kind: "end" };
  const at = text.indexOf(":");
  if (at < 0) return null;
  const kind = text.slice(0, at);
  const rest = text.slice(at + 1);
  if (kind === "palette") return isFieldType(rest) ? { kind, type: rest } : null;
  if (kind === "field") return { kind, key: rest };
  if (kind === "group" || kind === "drop") return { kind, id: rest };
  return null;
}

/**
 * Which drop targets count for what is dragged: a palette item or a field lands on fields, group
 * drop areas and the end zone (a field rather than the group around it); a group only on groups.
 * With the pointer, the target under it; with the keyboard, the nearest one. The dragged item
 * itself counts (over itself: nothing moves).
 */
export const designerCollisions: CollisionDetection = (args) => {
  const active = parseDragId(args.active.id);
  const wanted = (id: UniqueIdentifier) => {
    const ref = parseDragId(id);
    if (!ref) return false;
    return active?.kind === "group" ? ref.kind === "group" : ref.kind === "field" || ref.kind === "drop" || ref.kind === "end";
  };
  const droppableContainers = args.droppableContainers.filter((c) => wanted(c.id));
  const scoped = { ...args, droppableContainers };
  if (args.pointerCoordinates) {
    const hits = pointerWithin(scoped);
    const fields = hits.filter((h) => parseDragId(h.id)?.kind === "field");
    if (fields.length > 0) return fields;
    if (hits.length > 0) return hits;
  }
  // The keyboard (no pointer): the nearest field, else a group's drop area or the end zone.
  const fieldsOnly = droppableContainers.filter((c) => parseDragId(c.id)?.kind === "field" || active?.kind === "group");
  return closestCenter(fieldsOnly.length > 0 ? { ...scoped, droppableContainers: fieldsOnly } : scoped);
};

export type DropResult = { schema: FormSchema; selectKey?: string };

/**
 * §4 drag-and-drop, applied with the pure designer operations: a palette item onto a group or the
 * end zone adds the field at the end (of the last group for the end zone; a 'Default Group' when
 * there is none), onto a field just after it; a field within its group is reordered, onto another
 * group moves to its end; a group onto a group takes its place.
 */
export function applyDrop(schema: FormSchema, activeId: UniqueIdentifier, overId: UniqueIdentifier | null | undefined, labels: { field: (type: FieldType) => string; defaultGroup: string }, now: number): DropResult | null {
  const active = parseDragId(activeId);
  const over = parseDragId(overId);
  if (!active || !over) return null;
  if (active.kind === "palette") {
    const base = { now, label: labels.field(active.type), defaultGroupName: labels.defaultGroup };
    let made: ReturnType<typeof addField>;
    if (over.kind === "field") {
      const after = indexAfter(schema, over.key);
      made = addField(schema, active.type, after ? { ...base, groupId: after.groupId, index: after.index } : base);
    } else if (over.kind === "drop" || over.kind === "group") made = addField(schema, active.type, { ...base, groupId: over.id });
    else made = addField(schema, active.type, base);
    return { schema: made.schema, selectKey: made.key };
  }
  if (active.kind === "field") {
    const from = locateField(schema, active.key);
    if (!from) return null;
    if (over.kind === "field") {
      const to = locateField(schema, over.key);
      if (!to || over.key === active.key) return null;
      return { schema: to.groupId === from.groupId ? moveField(schema, active.key, to.groupId, to.fieldIndex) : moveField(schema, active.key, to.groupId) };
    }
    if (over.kind === "drop" || over.kind === "group") return over.id === from.groupId ? null : { schema: moveField(schema, active.key, over.id) };
    if (over.kind === "end") {
      const last = schema.groups[schema.groups.length - 1];
      return last && last.id !== from.groupId ? { schema: moveField(schema, active.key, last.id) } : null;
    }
    return null;
  }
  if (active.kind === "group" && over.kind === "group") {
    const to = schema.groups.findIndex((g) => g.id === over.id);
    return to < 0 || over.id === active.id ? null : { schema: moveGroup(schema, active.id, to) };
  }
  return null;
}

/** The name a screen reader hears for a drag id. */
export function dragName(schema: FormSchema, id: UniqueIdentifier | null | undefined, t: TFunction): string {
  const ref = parseDragId(id);
  if (!ref) return "";
  if (ref.kind === "palette") return t("formDesigner:dnd.paletteItem", { type: t(`forms:types.${ref.type}`) });
  if (ref.kind === "field") return t("formDesigner:dnd.field", { label: findField(schema, ref.key)?.label ?? ref.key });
  if (ref.kind === "end") return t("formDesigner:dnd.endZone");
  const group = schema.groups.find((g) => g.id === ref.id);
  return t("formDesigner:dnd.group", { name: group?.name ?? ref.id });
}

/** dnd-kit's screen-reader announcements, in the user's language. */
export function designerAnnouncements(schema: () => FormSchema, t: TFunction): Announcements {
  const name = (id: UniqueIdentifier | null | undefined) => dragName(schema(), id, t);
  return {
    onDragStart: ({ active }) => t("formDesigner:dnd.start", { item: name(active.id) }),
    onDragOver: ({ active, over }) => (over ? t("formDesigner:dnd.over", { item: name(active.id), target: name(over.id) }) : t("formDesigner:dnd.outside", { item: name(active.id) })),
    onDragEnd: ({ active, over }) => (over ? t("formDesigner:dnd.end", { item: name(active.id), target: name(over.id) }) : t("formDesigner:dnd.cancel", { item: name(active.id) })),
    onDragCancel: ({ active }) => t("formDesigner:dnd.cancel", { item: name(active.id) }),
  };
}
