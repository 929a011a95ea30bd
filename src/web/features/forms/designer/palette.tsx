import { useDraggable } from "@dnd-kit/core";
import {
  AlignLeft,
  Calendar,
  CheckSquare,
  CircleDot,
  Clock,
  EyeOff,
  FileUp,
  Hash,
  Image,
  Link,
  List,
  Mail,
  Palette as PaletteIcon,
  PenLine,
  Phone,
  SlidersHorizontal,
  Star,
  ToggleLeft,
  Type,
} from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { type FieldType, PALETTE } from "../../../../shared/forms/schema";
import { cn } from "../../../lib/utils";
import { dragId } from "./dnd";

export const FIELD_ICONS: Record<FieldType, React.ComponentType<{ className?: string }>> = {
  text: Type,
  email: Mail,
  url: Link,
  tel: Phone,
  number: Hash,
  hidden: EyeOff,
  textarea: AlignLeft,
  date: Calendar,
  time: Clock,
  select: List,
  checkbox: CheckSquare,
  radio: CircleDot,
  file: FileUp,
  image: Image,
  signature: PenLine,
  rating: Star,
  slider: SlidersHorizontal,
  toggle: ToggleLeft,
  color: PaletteIcon,
};

/**
 * The left palette 'Form Elements' (spec 03 §2): Basic Fields and Advanced Fields. Each item can
 * be dragged onto the canvas, picked up with Space (dnd-kit's keyboard sensor), or added with
 * Enter or a click (to the selected group, else the end of the last group).
 */
export function FormPalette({ onAdd, disabled, className }: { onAdd: (type: FieldType) => void; disabled?: boolean; className?: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby="palette-title" className={cn("grid content-start gap-4", className)} data-testid="designer-palette">
      <div>
        <h2 id="palette-title" className="text-base font-semibold">
          {t("forms:palette.title")}
        </h2>
        <p className="text-xs text-muted-foreground">{t("formDesigner:palette.hint")}</p>
      </div>
      {PALETTE.map((section) => (
        <section key={section.category} aria-labelledby={`palette-${section.category}`} className="grid gap-2">
          <h3 id={`palette-${section.category}`} className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {t(`forms:palette.${section.category}`)}
          </h3>
          <ul className="grid grid-cols-2 gap-2 xl:grid-cols-1">
            {section.types.map((type) => (
              <li key={type}>
                <PaletteItem type={type} onAdd={onAdd} disabled={disabled} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}

function PaletteItem({ type, onAdd, disabled }: { type: FieldType; onAdd: (type: FieldType) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: dragId.palette(type), disabled });
  const Icon = FIELD_ICONS[type];
  const label = t(`forms:types.${type}`);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <button> would also be clicked by Space, which here picks the item up for dragging; Enter and a click add it
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-roledescription={t("formDesigner:palette.roleDescription")}
      aria-disabled={disabled || undefined}
      aria-label={t("formDesigner:palette.add", { type: label })}
      title={t("formDesigner:palette.add", { type: label })}
      data-testid={`palette-${type}`}
      onClick={() => {
        if (!disabled) onAdd(type);
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter" && !disabled) {
          event.preventDefault();
          onAdd(type);
          return;
        }
        listeners?.onKeyDown?.(event);
      }}
      className={cn(
        "flex min-h-11 cursor-grab touch-none select-none items-center gap-2 rounded-[var(--radius-button)] border bg-card px-3 py-2 text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
        isDragging && "opacity-50",
        disabled && "cursor-not-allowed opacity-50",
      )}
    >
      <Icon className="size-4 shrink-0 text-muted-foreground" />
      <span className="min-w-0 break-words leading-tight">{label}</span>
    </div>
  );
}

/** What follows the pointer while a palette item is dragged. */
export function PaletteChip({ type }: { type: FieldType }) {
  const { t } = useTranslation();
  const Icon = FIELD_ICONS[type];
  return (
    <div className="flex items-center gap-2 rounded-[var(--radius-button)] border bg-card px-3 py-2 text-sm shadow-lg">
      <Icon className="size-4 text-muted-foreground" />
      {t(`forms:types.${type}`)}
    </div>
  );
}
