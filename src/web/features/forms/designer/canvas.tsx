import { useDroppable } from "@dnd-kit/core";
import { rectSortingStrategy, SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Copy, GripVertical, LayoutList, Plus, Trash2 } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { type FormField, type FormGroup, type FormSchema, GROUP_WIDTH_PERCENT } from "../../../../shared/forms/schema";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";
import { type DragRef, dragId } from "./dnd";
import { FIELD_ICONS } from "./palette";
import type { Selection } from "./use-designer-state";

type CanvasProps = {
  schema: FormSchema;
  selection: Selection;
  /** what is being dragged (targets that cannot take it are switched off) */
  dragging: DragRef | null;
  readOnly: boolean;
  onSelect: (selection: Selection) => void;
  onAddGroup: () => void;
  onDuplicate: (key: string) => void;
  onRemoveField: (key: string) => void;
};

/** The design canvas: the groups with their columns and width, each with its fields; drop targets for the palette and for moving. */
export function DesignCanvas({ schema, selection, dragging, readOnly, onSelect, onAddGroup, onDuplicate, onRemoveField }: CanvasProps) {
  const { t } = useTranslation();
  if (schema.groups.length === 0)
    return (
      <EndZone empty disabled={readOnly || dragging?.kind === "group"}>
        <LayoutList className="size-10 text-muted-foreground" aria-hidden />
        <p className="text-sm text-muted-foreground">{t("formDesigner:canvas.empty")}</p>
        <Button onClick={onAddGroup} disabled={readOnly} data-testid="add-first-group">
          <Plus />
          {t("formDesigner:canvas.addFirstGroup")}
        </Button>
      </EndZone>
    );
  const groupDrag = dragging?.kind === "group";
  return (
    <div className="grid gap-3" data-testid="design-canvas">
      <SortableContext items={schema.groups.map((g) => dragId.group(g.id))} strategy={verticalListSortingStrategy}>
        <div className="flex flex-wrap gap-3">
          {schema.groups.map((group) => (
            <GroupCard key={group.id} group={group} selection={selection} readOnly={readOnly} groupDrag={groupDrag} fieldDrag={!!dragging && !groupDrag} onSelect={onSelect} onDuplicate={onDuplicate} onRemoveField={onRemoveField} />
          ))}
        </div>
      </SortableContext>
      <EndZone disabled={readOnly || groupDrag}>
        <p className="text-sm text-muted-foreground">{t("formDesigner:canvas.dropEnd")}</p>
      </EndZone>
    </div>
  );
}

function EndZone({ empty, disabled, children }: { empty?: boolean; disabled?: boolean; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: dragId.end, disabled });
  return (
    <div
      ref={setNodeRef}
      data-testid={empty ? "canvas-empty" : "drop-end"}
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-[var(--radius-card)] border-2 border-dashed p-4 text-center",
        empty ? "min-h-64" : "min-h-16",
        isOver && "border-primary bg-primary/5",
      )}
    >
      {children}
    </div>
  );
}

/** Below md every group takes the whole row; from md up, its width (§9: full 100 %, half 50 %, third 33 %, two-thirds 66 %, quarter 25 %). */
function groupWidthStyle(group: FormGroup): React.CSSProperties {
  const pct = GROUP_WIDTH_PERCENT[group.width];
  return { "--group-width": pct >= 100 ? "100%" : `calc(${pct}% - 0.75rem)` } as React.CSSProperties;
}

const COLUMN_CLASSES: Record<number, string> = {
  1: "sm:grid-cols-1",
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
  5: "sm:grid-cols-2 lg:grid-cols-5",
  6: "sm:grid-cols-2 lg:grid-cols-6",
};

function GroupCard({
  group,
  selection,
  readOnly,
  groupDrag,
  fieldDrag,
  onSelect,
  onDuplicate,
  onRemoveField,
}: {
  group: FormGroup;
  selection: Selection;
  readOnly: boolean;
  groupDrag: boolean;
  fieldDrag: boolean;
  onSelect: (selection: Selection) => void;
  onDuplicate: (key: string) => void;
  onRemoveField: (key: string) => void;
}) {
  const { t } = useTranslation();
  const sortable = useSortable({ id: dragId.group(group.id), disabled: { draggable: readOnly, droppable: fieldDrag } });
  const drop = useDroppable({ id: dragId.drop(group.id), disabled: readOnly || groupDrag });
  const selected = selection?.kind === "group" && selection.id === group.id;
  const style: React.CSSProperties = { ...groupWidthStyle(group), transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition };
  return (
    <section
      ref={sortable.setNodeRef}
      style={style}
      aria-label={t("formDesigner:canvas.groupLabel", { name: group.name })}
      data-testid="designer-group"
      data-group-id={group.id}
      className={cn("w-full min-w-0 rounded-[var(--radius-card)] border bg-card shadow-sm md:w-[var(--group-width)]", selected && "ring-2 ring-primary", sortable.isDragging && "opacity-50")}
    >
      <div className="flex items-center gap-2 border-b p-2">
        <button
          type="button"
          ref={sortable.setActivatorNodeRef}
          {...sortable.attributes}
          {...sortable.listeners}
          aria-label={t("formDesigner:canvas.moveGroup", { name: group.name })}
          title={t("formDesigner:canvas.moveGroup", { name: group.name })}
          className="flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-[var(--radius-button)] text-muted-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
          data-testid="group-handle"
        >
          <GripVertical className="size-4" />
        </button>
        <button
          type="button"
          onClick={() => onSelect({ kind: "group", id: group.id })}
          aria-pressed={selected}
          className="flex min-h-11 min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1 rounded-[var(--radius-button)] px-2 py-1 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
          data-testid="group-select"
        >
          <span className="min-w-0 break-words font-semibold">{group.name}</span>
          <Badge variant="secondary" className="shrink-0">
            {t("formDesigner:canvas.columns", { count: group.columns })}
          </Badge>
          <span className="sr-only">{t(`formDesigner:widths.${group.width}`)}</span>
        </button>
      </div>
      <div ref={drop.setNodeRef} className={cn("min-h-20 p-2", drop.isOver && "bg-primary/5")} data-testid="group-drop">
        <SortableContext items={group.fields.map((f) => dragId.field(f.key))} strategy={rectSortingStrategy}>
          {group.fields.length === 0 ? (
            <p className="flex min-h-16 items-center justify-center rounded-[var(--radius-button)] border border-dashed text-center text-sm text-muted-foreground">{t("formDesigner:canvas.emptyGroup")}</p>
          ) : (
            <ul className={cn("grid grid-cols-1 gap-2", COLUMN_CLASSES[group.columns] ?? COLUMN_CLASSES[2])}>
              {group.fields.map((field) => (
                <FieldCard
                  key={field.key}
                  field={field}
                  columns={group.columns}
                  selected={selection?.kind === "field" && selection.key === field.key}
                  readOnly={readOnly}
                  groupDrag={groupDrag}
                  onSelect={onSelect}
                  onDuplicate={onDuplicate}
                  onRemove={onRemoveField}
                />
              ))}
            </ul>
          )}
        </SortableContext>
      </div>
    </section>
  );
}

/**
 * How many of the group's columns a field takes: its width as a share of the row (full: all,
 * half of 4: 2…), one column when it has none; at most 2 where the grid has 2 columns (sm).
 */
function fieldSpan(field: FormField, columns: number): React.CSSProperties {
  const n = field.width === undefined ? 1 : Math.min(columns, Math.max(1, Math.round((columns * GROUP_WIDTH_PERCENT[field.width]) / 100)));
  return { "--span-sm": String(Math.min(n, 2)), "--span-lg": String(n) } as React.CSSProperties;
}

function FieldCard({
  field,
  columns,
  selected,
  readOnly,
  groupDrag,
  onSelect,
  onDuplicate,
  onRemove,
}: {
  field: FormField;
  columns: number;
  selected: boolean;
  readOnly: boolean;
  groupDrag: boolean;
  onSelect: (selection: Selection) => void;
  onDuplicate: (key: string) => void;
  onRemove: (key: string) => void;
}) {
  const { t } = useTranslation();
  const sortable = useSortable({ id: dragId.field(field.key), disabled: { draggable: readOnly, droppable: groupDrag } });
  const Icon = FIELD_ICONS[field.type];
  const span = fieldSpan(field, columns);
  const style: React.CSSProperties = { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition, ...span };
  return (
    <li
      ref={sortable.setNodeRef}
      style={style}
      data-testid="designer-field"
      data-field-key={field.key}
      className={cn(
        "flex min-w-0 items-start gap-1 rounded-[var(--radius-button)] border bg-background p-1 sm:col-span-[var(--span-sm)] lg:col-span-[var(--span-lg)]",
        selected && "border-primary ring-2 ring-primary",
        sortable.isDragging && "opacity-50",
      )}
    >
      <button
        type="button"
        ref={sortable.setActivatorNodeRef}
        {...sortable.attributes}
        {...sortable.listeners}
        aria-label={t("formDesigner:canvas.moveField", { label: field.label })}
        title={t("formDesigner:canvas.moveField", { label: field.label })}
        className="flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-[var(--radius-button)] text-muted-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
        data-testid="field-handle"
      >
        <GripVertical className="size-4" />
      </button>
      <button
        type="button"
        onClick={() => onSelect({ kind: "field", key: field.key })}
        aria-pressed={selected}
        className="grid min-h-11 min-w-0 flex-1 gap-0.5 rounded-[var(--radius-button)] px-2 py-1 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
        data-testid="field-select"
      >
        <span className="flex min-w-0 items-center gap-1.5 text-sm font-medium">
          <Icon className="size-4 shrink-0 text-muted-foreground" />
          <span className="truncate" data-testid="field-label">
            {field.label}
          </span>
          {field.required ? (
            <span className="text-destructive" title={t("formDesigner:field.required")}>
              *<span className="sr-only">{t("formDesigner:field.required")}</span>
            </span>
          ) : null}
        </span>
        <span className="truncate text-xs text-muted-foreground">
          {t(`forms:types.${field.type}`)} · <span className="font-mono">{field.key}</span>
        </span>
      </button>
      <div className="flex shrink-0 flex-col">
        <Button variant="ghost" size="icon" onClick={() => onDuplicate(field.key)} disabled={readOnly} aria-label={t("formDesigner:field.duplicate", { label: field.label })} title={t("formDesigner:field.duplicate", { label: field.label })} data-testid="field-duplicate">
          <Copy />
        </Button>
        <Button variant="ghost" size="icon" onClick={() => onRemove(field.key)} disabled={readOnly} aria-label={t("formDesigner:field.remove", { label: field.label })} title={t("formDesigner:field.removeShortcut", { label: field.label })} data-testid="field-remove">
          <Trash2 />
        </Button>
      </div>
    </li>
  );
}
