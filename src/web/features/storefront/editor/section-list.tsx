import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, Copy, Eye, EyeOff, GripVertical, Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { type PageSection, SECTION_LIMITS, SECTION_TYPES, type SectionType } from "../../../../shared/storefront/sections";
import { Button } from "../../../components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../../components/ui/dropdown-menu";
import { cn } from "../../../lib/utils";

interface ListProps {
  sections: PageSection[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onReorder: (next: PageSection[]) => void;
  onToggle: (id: string) => void;
  onDuplicate: (id: string) => void;
  onDelete: (id: string) => void;
  onAdd: (type: SectionType) => void;
}

/** The page's sections in order: drag (or the arrow buttons) to reorder, show/hide, duplicate, delete; the menu of the 20 types adds one. */
export function SectionList({ sections, selectedId, onSelect, onReorder, onToggle, onDuplicate, onDelete, onAdd }: ListProps) {
  const { t } = useTranslation();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = sections.findIndex((s) => s.id === e.active.id);
    const to = sections.findIndex((s) => s.id === e.over!.id);
    if (from >= 0 && to >= 0) onReorder(arrayMove(sections, from, to));
  };
  const move = (i: number, d: -1 | 1) => onReorder(arrayMove(sections, i, i + d));
  const full = sections.length >= SECTION_LIMITS.maxSectionsPerPage;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">{t("storefrontEditor:list.title", { count: sections.length })}</h2>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button size="sm" disabled={full} data-testid="add-section">
              <Plus aria-hidden />
              {t("storefrontEditor:list.add")}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="max-h-[60vh] overflow-y-auto">
            {SECTION_TYPES.map((type) => (
              <DropdownMenuItem key={type} onSelect={() => onAdd(type)} data-testid={`add-${type}`}>
                {t(`storefrontEditor:types.${type}`)}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      {sections.length === 0 ? <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">{t("storefrontEditor:list.empty")}</p> : null}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={sections.map((s) => s.id)} strategy={verticalListSortingStrategy}>
          <ol className="grid min-w-0 grid-cols-1 gap-1.5" data-testid="section-list">
            {sections.map((s, i) => (
              <Row
                key={s.id}
                section={s}
                index={i}
                last={i === sections.length - 1}
                selected={s.id === selectedId}
                onSelect={onSelect}
                onMove={move}
                onToggle={onToggle}
                onDuplicate={full ? undefined : onDuplicate}
                onDelete={onDelete}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </div>
  );
}

function Row({
  section,
  index,
  last,
  selected,
  onSelect,
  onMove,
  onToggle,
  onDuplicate,
  onDelete,
}: {
  section: PageSection;
  index: number;
  last: boolean;
  selected: boolean;
  onSelect: (id: string) => void;
  onMove: (i: number, d: -1 | 1) => void;
  onToggle: (id: string) => void;
  onDuplicate?: (id: string) => void;
  onDelete: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: section.id });
  const name = t(`storefrontEditor:types.${section.type}`);
  const title = (section.settings as { title?: string }).title?.trim();
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn("flex min-w-0 items-center gap-0.5 rounded-md border bg-card p-1", selected && "border-primary ring-1 ring-primary", isDragging && "z-10 shadow-lg", !section.isVisible && "opacity-60")}
      data-testid="section-row"
      data-section-type={section.type}
    >
      <button type="button" className="cursor-grab rounded p-1.5 text-muted-foreground hover:bg-accent active:cursor-grabbing" aria-label={t("storefrontEditor:list.drag", { name })} {...attributes} {...listeners}>
        <GripVertical className="size-4" aria-hidden />
      </button>
      <button type="button" className="min-w-0 flex-1 rounded px-1 py-1 text-left hover:bg-accent" onClick={() => onSelect(section.id)} aria-pressed={selected} data-testid="section-select">
        <span className="block truncate text-sm font-medium">{name}</span>
        {title ? <span className="block truncate text-xs text-muted-foreground">{title}</span> : null}
      </button>
      <Button type="button" size="icon" variant="ghost" className="size-8" disabled={index === 0} onClick={() => onMove(index, -1)} aria-label={t("storefrontEditor:list.up", { name })} data-testid="section-up">
        <ArrowUp aria-hidden />
      </Button>
      <Button type="button" size="icon" variant="ghost" className="size-8" disabled={last} onClick={() => onMove(index, 1)} aria-label={t("storefrontEditor:list.down", { name })} data-testid="section-down">
        <ArrowDown aria-hidden />
      </Button>
      <Button
        type="button"
        size="icon"
        variant="ghost"
        className="size-8"
        onClick={() => onToggle(section.id)}
        aria-pressed={!section.isVisible}
        aria-label={section.isVisible ? t("storefrontEditor:list.hide", { name }) : t("storefrontEditor:list.show", { name })}
        data-testid="section-visibility"
      >
        {section.isVisible ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
      </Button>
      <Button type="button" size="icon" variant="ghost" className="size-8" disabled={!onDuplicate} onClick={() => onDuplicate?.(section.id)} aria-label={t("storefrontEditor:list.duplicate", { name })} data-testid="section-duplicate">
        <Copy aria-hidden />
      </Button>
      <Button type="button" size="icon" variant="ghost" className="size-8 text-destructive" onClick={() => onDelete(section.id)} aria-label={t("storefrontEditor:list.delete", { name })} data-testid="section-delete">
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}
