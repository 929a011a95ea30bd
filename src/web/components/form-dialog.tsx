import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./ui/button";
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./ui/dialog";

/** Where the form sits: given a test id and a class it is the dialog's own content; without them it goes inside the caller's DialogContent. */
type Content = { testId: string; className: string } | { testId?: never; className?: never };

/** A dialog's form: its title and description, the fields, then Cancel (or Back) and the submit button. */
export function FormDialog({
  testId,
  className,
  title,
  description,
  onSubmit,
  cancelLabel,
  onCancel,
  submit,
  children,
}: Content & {
  title: React.ReactNode;
  description: React.ReactNode;
  onSubmit: () => void;
  cancelLabel: string;
  onCancel: () => void;
  submit: React.ReactNode;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const form = (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <DialogHeader className="pr-8">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
      <DialogFooter className="flex-wrap">
        <Button type="button" variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
        {submit}
      </DialogFooter>
    </form>
  );
  return testId === undefined ? (
    form
  ) : (
    <DialogContent closeLabel={t("common:actions.close")} className={className} data-testid={testId}>
      {form}
    </DialogContent>
  );
}
