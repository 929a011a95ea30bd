import type * as React from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../lib/utils";
import { Button } from "./ui/button";

/**
 * The foot of a form: its buttons on the right (and, as `start`, hints or step buttons on the
 * left), in a bar that sticks to the bottom of the screen (or of the side sheet) while the form
 * scrolls, so Save is always in reach on a long form or a phone. It sits after the last field, so at
 * the end of the form it covers nothing; app.css gives it the surface it floats over and the
 * scroll padding that keeps a focused field above it.
 */
export function FormActionBar({ start, className, children }: { start?: React.ReactNode; className?: string; children: React.ReactNode }) {
  return (
    <div data-slot="form-actions" className={cn("sticky bottom-0 z-10 flex flex-wrap items-center justify-end gap-2 border-t py-3", className)}>
      {start ? <div className="mr-auto flex min-w-0 flex-wrap items-center gap-2">{start}</div> : null}
      <div className="flex flex-wrap items-center justify-end gap-2">{children}</div>
    </div>
  );
}

/** A form's Cancel and Save buttons in its action bar: Save submits, is off while saving (or when `disabled`) and says 'Guardando…' meanwhile. */
export function FormActions({
  pending,
  disabled = false,
  onCancel,
  testId,
  start,
}: {
  pending: boolean;
  disabled?: boolean;
  onCancel: () => void;
  testId: string;
  /** What the bar shows on its left (e.g. a wizard's previous/next). */
  start?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FormActionBar start={start}>
      <Button variant="outline" onClick={onCancel}>
        {t("common:actions.cancel")}
      </Button>
      <Button type="submit" disabled={pending || disabled} data-testid={testId}>
        {pending ? t("common:saving") : t("common:actions.save")}
      </Button>
    </FormActionBar>
  );
}
