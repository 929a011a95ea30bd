import { useMutation, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { addDaysTo } from "../../../shared/appointments/availability";
import { createBatchInput, VOUCHER_LIMITS, VOUCHER_TYPES, type VoucherType } from "../../../shared/vouchers/schemas";
import { useTRPC } from "../../app/trpc";
import { FormDialog } from "../../components/form-dialog";
import { Button } from "../../components/ui/button";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Switch } from "../../components/ui/switch";
import { toast } from "../../components/ui/use-toast";
import { todayInSantoDomingo } from "../../lib/dates";
import { tMessage } from "../../lib/i18n";

type Form = { name: string; description: string; quantity: string; type: VoucherType; value: string; valid_from: string; expires_on: string; keep_remainder: boolean };

/**
 * 'Nuevo lote': name, description, quantity (1–10,000), type, value, valid from, expiry, keep the
 * remainder; checked with the server's own schema before sending; one client key per opening, so
 * a double submit or a retry creates the batch once.
 */
export function NewBatchDialog({ onClose, onCreated }: { onClose: () => void; onCreated?: (batchId: string) => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const today = todayInSantoDomingo();
  const [clientKey] = React.useState(() => crypto.randomUUID());
  const [form, setForm] = React.useState<Form>({ name: "", description: "", quantity: "20", type: "fixed", value: "", valid_from: today, expires_on: addDaysTo(today, 90), keep_remainder: false });
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: "" }));
  };

  const create = useMutation(
    trpc.voucher.createBatch.mutationOptions({
      meta: { silent: true },
      onSuccess: async (batch) => {
        toast({ variant: "success", title: t("vouchers:form.created", { number: batch.batch_number, count: batch.quantity }) });
        await qc.invalidateQueries(trpc.voucher.pathFilter());
        onCreated?.(batch.id);
        onClose();
      },
      onError: (e) => toast({ variant: "destructive", title: t("vouchers:errors.createFailed"), description: tMessage(e.message) }),
    }),
  );

  const submit = () => {
    if (create.isPending) return;
    const input = { ...form, description: form.description, keep_remainder: form.type === "fixed" && form.keep_remainder, client_key: clientKey };
    const parsed = createBatchInput.safeParse(input);
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ||= t(issue.message);
    if (!found.expires_on && form.expires_on && form.expires_on < today) found.expires_on = t("vouchers:errors.expiryPast");
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      const first = Object.keys(found)[0];
      document.getElementById(`batch-${first}`)?.focus();
      return;
    }
    create.mutate(input);
  };

  const err = (k: keyof Form) => errors[k] || undefined;
  const invalid = (k: keyof Form) => (errors[k] ? { "aria-invalid": true as const, "aria-describedby": `batch-${k}-error` } : {});
  return (
    <FormDialog
      testId="new-batch-dialog"
      className="max-h-[95dvh] max-w-lg overflow-y-auto"
      title={t("vouchers:form.title")}
      description={t("vouchers:form.description")}
      onSubmit={submit}
      cancelLabel={t("vouchers:form.cancel")}
      onCancel={onClose}
      submit={
        <Button type="submit" disabled={create.isPending} data-testid="batch-submit">
          {create.isPending ? t("vouchers:form.creating") : t("vouchers:form.create")}
        </Button>
      }
    >
      <Field label={t("vouchers:form.name")} htmlFor="batch-name" required error={err("name")}>
        <Input id="batch-name" autoFocus maxLength={VOUCHER_LIMITS.maxName} value={form.name} onChange={(e) => set("name", e.target.value)} {...invalid("name")} />
      </Field>
      <Field label={t("vouchers:form.notes")} htmlFor="batch-description" error={err("description")}>
        <Input id="batch-description" maxLength={VOUCHER_LIMITS.maxText} value={form.description} onChange={(e) => set("description", e.target.value)} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("vouchers:form.quantity")} htmlFor="batch-quantity" required error={err("quantity")} hint={t("vouchers:form.quantityHint")}>
          <Input id="batch-quantity" inputMode="numeric" value={form.quantity} onChange={(e) => set("quantity", e.target.value)} {...invalid("quantity")} />
        </Field>
        <Field label={t("vouchers:form.type")} htmlFor="batch-type" required error={err("type")}>
          <NativeSelect id="batch-type" value={form.type} onChange={(e) => set("type", e.target.value as VoucherType)}>
            {VOUCHER_TYPES.map((v) => (
              <option key={v} value={v}>
                {t(`vouchers:types.${v}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <Field label={t(form.type === "fixed" ? "vouchers:form.valueFixed" : "vouchers:form.valuePercentage")} htmlFor="batch-value" required error={err("value")}>
        <Input id="batch-value" inputMode="decimal" value={form.value} onChange={(e) => set("value", e.target.value)} {...invalid("value")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("vouchers:form.validFrom")} htmlFor="batch-valid_from" required error={err("valid_from")}>
          <Input id="batch-valid_from" type="date" value={form.valid_from} onChange={(e) => set("valid_from", e.target.value)} {...invalid("valid_from")} />
        </Field>
        <Field label={t("vouchers:form.expiresOn")} htmlFor="batch-expires_on" required error={err("expires_on")}>
          <Input id="batch-expires_on" type="date" min={form.valid_from || today} value={form.expires_on} onChange={(e) => set("expires_on", e.target.value)} {...invalid("expires_on")} />
        </Field>
      </div>
      {form.type === "fixed" ? (
        <div className="flex items-start gap-3">
          <Switch id="batch-keep" checked={form.keep_remainder} onCheckedChange={(v) => set("keep_remainder", v)} aria-describedby="batch-keep-hint" />
          <div className="grid gap-1">
            <label htmlFor="batch-keep" className="text-sm font-medium leading-none">
              {t("vouchers:form.keepRemainder")}
            </label>
            <p id="batch-keep-hint" className="text-xs text-muted-foreground">
              {t("vouchers:form.keepRemainderHint")}
            </p>
          </div>
        </div>
      ) : null}
    </FormDialog>
  );
}
