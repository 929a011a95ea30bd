import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { blockTimeInput } from "../../../../shared/appointments/schemas";
import { fieldErrors, useTRPC } from "../../../app/trpc";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { toast } from "../../../components/ui/use-toast";
import { tMessage } from "../../../lib/i18n";

type FormValues = z.input<typeof blockTimeInput>;
type FormOutput = z.output<typeof blockTimeInput>;

export interface BlockTimeDefaults {
  employee_id?: string;
  date: string;
  start_time?: string;
  end_time?: string;
}

/**
 * 'Bloquear horario': an employee's hours taken off the agenda (appointment.blockTime: an approved
 * time-off entry of type 'other'); the calendar then shows it and nobody can book it.
 */
export function BlockTimeDialog({
  open,
  onOpenChange,
  employees,
  defaults,
  onBlocked,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  employees: { id: string; name: string }[];
  defaults: BlockTimeDefaults;
  onBlocked?: (values: FormOutput) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common:actions.close")} data-testid="block-time-dialog">
        {open ? <BlockTimeForm employees={employees} defaults={defaults} onDone={() => onOpenChange(false)} onBlocked={onBlocked} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function BlockTimeForm({
  employees,
  defaults,
  onDone,
  onBlocked,
}: {
  employees: { id: string; name: string }[];
  defaults: BlockTimeDefaults;
  onDone: () => void;
  onBlocked?: (values: FormOutput) => void;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(blockTimeInput),
    defaultValues: {
      employee_id: defaults.employee_id ?? (employees.length === 1 ? employees[0]?.id : "") ?? "",
      date: defaults.date,
      start_time: defaults.start_time ?? "12:00",
      end_time: defaults.end_time ?? "13:00",
      reason: "",
    },
  });
  const mutation = useMutation(
    trpc.appointment.blockTime.mutationOptions({
      meta: { silent: true },
      onSuccess: async (_result, values) => {
        await qc.invalidateQueries(trpc.appointment.pathFilter());
        const name = employees.find((e) => e.id === values.employee_id)?.name ?? "";
        toast({ variant: "success", title: t("appointmentAdmin:block.done"), description: t("appointmentAdmin:block.doneDescription", { name, from: values.start_time, to: values.end_time }) });
        onBlocked?.(values as FormOutput);
        onDone();
      },
      onError: (error) => {
        const fields = fieldErrors(error);
        for (const key of ["employee_id", "date", "start_time", "end_time", "reason"] as const) {
          if (fields[key]) form.setError(key, { message: fields[key] });
        }
        toast({ variant: "destructive", title: t("appointmentAdmin:block.failed"), description: error.message || undefined });
      },
    }),
  );
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((values) => mutation.mutate(values));

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>{t("appointmentAdmin:block.title")}</DialogTitle>
        <DialogDescription>{t("appointmentAdmin:block.description")}</DialogDescription>
      </DialogHeader>
      <Field label={t("appointmentAdmin:block.employee")} htmlFor="block-employee" error={tMessage(errors.employee_id?.message)} required>
        <NativeSelect id="block-employee" {...form.register("employee_id")} aria-invalid={!!errors.employee_id}>
          <option value="">{t("appointmentAdmin:block.chooseEmployee")}</option>
          {employees.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label={t("appointmentAdmin:block.date")} htmlFor="block-date" error={tMessage(errors.date?.message)} required>
        <Input id="block-date" type="date" {...form.register("date")} aria-invalid={!!errors.date} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t("appointmentAdmin:block.from")} htmlFor="block-from" error={tMessage(errors.start_time?.message)} required>
          <Input id="block-from" type="time" step={300} {...form.register("start_time")} aria-invalid={!!errors.start_time} />
        </Field>
        <Field label={t("appointmentAdmin:block.to")} htmlFor="block-to" error={tMessage(errors.end_time?.message)} required>
          <Input id="block-to" type="time" step={300} {...form.register("end_time")} aria-invalid={!!errors.end_time} />
        </Field>
      </div>
      <Field label={t("appointmentAdmin:block.reason")} htmlFor="block-reason" error={tMessage(errors.reason?.message)}>
        <Input id="block-reason" autoComplete="off" maxLength={500} placeholder={t("appointmentAdmin:block.reasonPlaceholder")} {...form.register("reason")} />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={mutation.isPending} data-testid="confirm-block-time">
          {mutation.isPending ? t("appointmentAdmin:block.saving") : t("appointmentAdmin:block.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}
