import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { v7 } from "uuid";
import { z } from "zod";
import { money } from "../../../shared/catalog/decimal";
import { formatMoney } from "../../../shared/money/format";
import { fieldErrors, useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { tMessage } from "../../lib/i18n";
import type { ActiveCashbox } from "./use-active-cashbox";

const openFormSchema = z.object({
  cashboxId: z.string().uuid("cashbox:open.choose"),
  openingAmount: money("cashbox:errors.invalidAmount"),
});
type FormValues = z.input<typeof openFormSchema>;
type FormOutput = z.output<typeof openFormSchema>;

export interface OpenCashboxDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the opened session (what cashbox.getActive answers). */
  onOpened?: (session: ActiveCashbox) => void;
  /** Preselects this cash box. */
  defaultCashboxId?: string;
  /** Why the dialog opened, shown above the form (the POS: 'Abra su caja para empezar a vender'). */
  notice?: string;
}

/** 'Abrir caja': choose an active cash box that nobody has open and count the starting float. */
export function OpenCashboxDialog({ open, onOpenChange, onOpened, defaultCashboxId, notice }: OpenCashboxDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common:actions.close")} data-testid="open-cashbox-dialog">
        {open ? <OpenForm defaultCashboxId={defaultCashboxId} onDone={() => onOpenChange(false)} onOpened={onOpened} notice={notice} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function OpenForm({ defaultCashboxId, onDone, onOpened, notice }: { defaultCashboxId?: string; onDone: () => void; onOpened?: (session: ActiveCashbox) => void; notice?: string }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const boxes = useQuery(trpc.cashbox.getAll.queryOptions({ includeInactive: false }));
  // One request id per dialog: a retried submit returns the session it opened.
  const [clientRequestId] = React.useState(() => v7());
  const form = useForm<FormValues, unknown, FormOutput>({ resolver: zodResolver(openFormSchema), defaultValues: { cashboxId: defaultCashboxId ?? "", openingAmount: "" } });
  const free = (boxes.data ?? []).filter((b) => !b.openSession);
  React.useEffect(() => {
    if (!form.getValues("cashboxId") && free[0]) form.setValue("cashboxId", free[0].id);
  }, [boxes.data]);

  const mutation = useMutation(
    trpc.cashbox.open.mutationOptions({
      meta: { silent: true },
      onSuccess: async (session) => {
        await qc.invalidateQueries(trpc.cashbox.pathFilter());
        toast({ variant: "success", title: t("cashbox:open.success"), description: t("cashbox:open.successDescription", { name: session.cashboxName, amount: formatMoney(session.openingAmount, i18n.language) }) });
        onOpened?.(session);
        onDone();
      },
      onError: (error) => {
        const fields = fieldErrors(error);
        if (fields.openingAmount) form.setError("openingAmount", { message: fields.openingAmount });
        toast({ variant: "destructive", title: t("cashbox:errors.openFailed"), description: error.message || undefined });
      },
    }),
  );
  const onSubmit = form.handleSubmit((v) => mutation.mutate({ ...v, clientRequestId }));
  const errors = form.formState.errors;

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>{t("cashbox:open.title")}</DialogTitle>
        <DialogDescription>{t("cashbox:open.description")}</DialogDescription>
      </DialogHeader>
      {notice ? (
        <p role="status" className="rounded-md border border-amber-500/50 bg-amber-500/10 p-2 text-sm" data-testid="open-cashbox-notice">
          {notice}
        </p>
      ) : null}
      {boxes.isLoading ? (
        <Skeleton className="h-24 w-full" />
      ) : (boxes.data ?? []).length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="no-cashboxes">
          {t("cashbox:open.noBoxes")}
        </p>
      ) : (
        <>
          <Field label={t("cashbox:fields.cashbox")} htmlFor="open-cashbox-id" error={tMessage(errors.cashboxId?.message)} required>
            <NativeSelect id="open-cashbox-id" {...form.register("cashboxId")} aria-invalid={!!errors.cashboxId}>
              <option value="">{t("cashbox:open.choose")}</option>
              {(boxes.data ?? []).map((b) => (
                <option key={b.id} value={b.id} disabled={!!b.openSession}>
                  {b.openSession ? t("cashbox:open.busy", { name: b.name, user: b.openSession.openedByName }) : b.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={t("cashbox:fields.openingAmount")} htmlFor="open-cashbox-amount" error={tMessage(errors.openingAmount?.message)} required>
            <Input id="open-cashbox-amount" inputMode="decimal" autoComplete="off" autoFocus className="text-right tabular-nums" placeholder="0.00" {...form.register("openingAmount")} aria-invalid={!!errors.openingAmount} />
          </Field>
        </>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={mutation.isPending || free.length === 0} data-testid="confirm-open-cashbox">
          {mutation.isPending ? t("cashbox:actions.opening") : t("cashbox:actions.open")}
        </Button>
      </DialogFooter>
    </form>
  );
}
