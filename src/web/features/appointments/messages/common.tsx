import type * as React from "react";
import { useTranslation } from "react-i18next";
import { TEMPLATE_VARIABLES, type TemplateVariable } from "../../../../shared/appointments/templates";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";

/** A multi-line text box styled like Input. */
export function Textarea({ className, ...props }: React.TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: React.Ref<HTMLTextAreaElement> }) {
  return (
    <textarea
      className={cn(
        "flex min-h-32 w-full rounded-[var(--radius-button)] border border-input bg-card px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive",
        className,
      )}
      {...props}
    />
  );
}

/** Inserts text at the cursor of an input or textarea and returns the new value (the cursor goes after it). */
export function insertAtCursor(el: HTMLInputElement | HTMLTextAreaElement | null, current: string, text: string): string {
  if (!el) return `${current}${text}`;
  const start = el.selectionStart ?? current.length;
  const end = el.selectionEnd ?? current.length;
  const next = current.slice(0, start) + text + current.slice(end);
  requestAnimationFrame(() => {
    el.focus();
    el.setSelectionRange(start + text.length, start + text.length);
  });
  return next;
}

/** The template variables as buttons that insert {{variable}} where the cursor is. */
export function VariableChips({ onInsert }: { onInsert: (variable: TemplateVariable) => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium">{t("appointmentMessages:templates.insertVariable")}</span>
      <div className="flex flex-wrap gap-1.5" data-testid="variable-chips">
        {TEMPLATE_VARIABLES.map((v) => (
          <Button
            key={v}
            type="button"
            variant="outline"
            size="sm"
            className="h-8 rounded-full px-3 text-xs"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onInsert(v)}
            aria-label={t("appointmentMessages:templates.insertInto", { label: t(`appointmentMessages:variables.${v}`) })}
            data-variable={v}
          >
            {t(`appointmentMessages:variables.${v}`)}
          </Button>
        ))}
      </div>
    </div>
  );
}

/** A filled message as the customer sees it. */
export function MessagePreview({ subject, body, unknown, testId }: { subject?: string; body: string; unknown: string[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2 rounded-md border bg-muted/30 p-3" data-testid={testId}>
      <span className="text-sm font-medium">{t("appointmentMessages:templates.preview")}</span>
      {subject !== undefined ? (
        <p className="text-sm">
          <span className="text-muted-foreground">{t("appointmentMessages:templates.previewSubject")} </span>
          <span className="font-medium" data-testid={`${testId}-subject`}>
            {subject}
          </span>
        </p>
      ) : null}
      <p className="whitespace-pre-wrap break-words text-sm" data-testid={`${testId}-body`}>
        {body}
      </p>
      {unknown.length > 0 ? (
        <p className="text-xs text-warning-foreground" role="status">
          <span className="rounded bg-warning px-1.5 py-0.5">{t("appointmentMessages:templates.unknownVariables", { list: unknown.map((u) => `{{${u}}}`).join(", ") })}</span>
        </p>
      ) : null}
    </div>
  );
}
