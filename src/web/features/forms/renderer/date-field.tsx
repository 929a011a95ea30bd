import { CalendarDays } from "lucide-react";
import * as React from "react";
import { DayPicker } from "react-day-picker";
import { enUS, es } from "react-day-picker/locale";
import "react-day-picker/style.css";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";
import { asText, type FieldProps } from "./field-props";
import { dayOf, isoDay, longDate } from "./values";

/** datepicker: a button showing the long date opens a calendar (react-day-picker, Spanish when the UI is); Escape or a click outside closes it. */
export function DateField(p: FieldProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = React.useState(false);
  const box = React.useRef<HTMLDivElement>(null);
  const button = React.useRef<HTMLButtonElement>(null);
  const value = asText(p.value);
  const selected = dayOf(value);
  const blocked = p.field.disabled || p.field.readOnly;

  React.useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", away);
    return () => document.removeEventListener("pointerdown", away);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div
      ref={box}
      className="relative"
      onBlur={(e) => {
        // Tabbing out of the calendar closes it.
        if (open && e.relatedTarget && !box.current?.contains(e.relatedTarget as Node)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          e.stopPropagation();
          close();
        }
      }}
    >
      <Button
        ref={button}
        id={p.id}
        type="button"
        variant="outline"
        disabled={blocked}
        className={cn("w-full justify-start bg-card font-normal", !value && "text-muted-foreground", p.invalid && "border-destructive")}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-invalid={p.invalid || undefined}
        aria-describedby={p.describedBy}
        aria-labelledby={`${p.id}-label ${p.id}`}
        onClick={() => setOpen((o) => !o)}
      >
        <CalendarDays aria-hidden />
        <span className="truncate">{value ? longDate(value, i18n.language) : p.field.placeholder || t("formRenderer:field.pickDate")}</span>
      </Button>
      {open && (
        <div role="dialog" aria-label={t("formRenderer:field.calendar")} className="absolute left-0 z-30 mt-1 max-w-[calc(100vw-2rem)] overflow-x-auto rounded-[var(--radius-card)] border bg-card p-2 shadow-lg">
          <DayPicker
            mode="single"
            locale={i18n.language === "en" ? enUS : es}
            selected={selected}
            defaultMonth={selected}
            autoFocus
            captionLayout="dropdown"
            startMonth={new Date(1900, 0)}
            endMonth={new Date(new Date().getFullYear() + 20, 11)}
            onSelect={(d) => {
              p.onChange(d ? isoDay(d) : "");
              close();
            }}
          />
          {value && !p.required && (
            <div className="flex justify-end border-t pt-2">
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => {
                  p.onChange("");
                  close();
                }}
              >
                {t("formRenderer:field.clear")}
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
