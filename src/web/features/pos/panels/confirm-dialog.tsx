import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";

/**
 * A question asked once, in plain words, above the panel that asked it. The confirm button has
 * the focus, so Enter confirms and Escape cancels.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  destructive = false,
  busy = false,
  onConfirm,
  onCancel,
  testId,
  children,
  confirmDisabled = false,
}: {
  open: boolean;
  title: string;
  description?: string;
  confirmLabel: string;
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
  /** what the question needs answered (e.g. a reason); it then takes the focus, not the confirm button */
  children?: React.ReactNode;
  confirmDisabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel();
      }}
    >
      <DialogContent role="alertdialog" closeLabel={t("posPanels:common.close")} className="max-w-md" data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : <DialogDescription className="sr-only">{title}</DialogDescription>}
        </DialogHeader>
        {children}
        <DialogFooter className="flex-wrap">
          <Button variant="outline" className="min-h-11" onClick={onCancel} disabled={busy}>
            {t("posPanels:common.cancel")}
          </Button>
          <Button variant={destructive ? "destructive" : "default"} className="min-h-11" onClick={onConfirm} disabled={busy || confirmDisabled} autoFocus={!children} data-testid={testId ? `${testId}-confirm` : undefined}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
