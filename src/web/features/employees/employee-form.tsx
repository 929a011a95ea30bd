import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type * as React from "react";
import { type FieldPath, type UseFormReturn, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { type EmployeeFormValues, employeeInput, JOB_POSITIONS, SALARY_TYPES, usesCommissionRate } from "../../../shared/employees/employee";
import { errorCode, fieldErrors, useTRPC } from "../../app/trpc";
import { FormActionBar } from "../../components/form-actions";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Switch } from "../../components/ui/switch";
import { toast } from "../../components/ui/use-toast";
import { todayInSantoDomingo } from "../../lib/dates";
import { tMessage } from "../../lib/i18n";
import type { Employee } from "./employee-format";

type FormOutput = ReturnType<typeof employeeInput.parse>;
type Form = UseFormReturn<EmployeeFormValues, unknown, FormOutput>;
type FieldName = FieldPath<EmployeeFormValues>;

/** The form's values: the spec's defaults for a new employee (job_position other, salary monthly, base '0', hired today, active, no user). */
function valuesOf(e: Employee | null): EmployeeFormValues {
  const text = (v: string | null | undefined) => v ?? "";
  return {
    code: text(e?.code),
    name: text(e?.name),
    email: text(e?.email),
    phone: text(e?.phone),
    address: text(e?.address),
    identification: text(e?.identification),
    birth_date: text(e?.birth_date),
    emergency_contact: text(e?.emergency_contact),
    emergency_phone: text(e?.emergency_phone),
    department: text(e?.department),
    position: text(e?.position),
    job_position: (e?.job_position as EmployeeFormValues["job_position"]) ?? "other",
    hire_date: e ? text(e.hire_date) : todayInSantoDomingo(),
    salary_type: (e?.salary_type as EmployeeFormValues["salary_type"]) ?? "monthly",
    base_salary: e ? e.base_salary : "0",
    commission_rate: text(e?.commission_rate),
    user_id: e?.user_id ?? "none",
    is_active: e?.is_active ?? true,
  };
}

/**
 * The employee form (spec 01 §2, §5): sections personal info and work info. Creating lands on
 * /home/employees/{id} (where the commissions card is); updating or cancelling returns to
 * /home/employees. Failures show the server's message, else 'Failed to create/update employee'.
 */
export function EmployeeForm({ employee, readOnly = false }: { employee: Employee | null; readOnly?: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const form: Form = useForm<EmployeeFormValues, unknown, FormOutput>({ resolver: zodResolver(employeeInput), defaultValues: valuesOf(employee) });
  const users = useQuery(trpc.user.getAll.queryOptions());
  const salaryType = form.watch("salary_type");

  const onError = (fallback: string) => (error: { message: string }) => {
    const fields = fieldErrors(error);
    for (const [field, message] of Object.entries(fields)) form.setError(field as FieldName, { message });
    if (errorCode(error) === "UNAUTHORIZED") return;
    const title = Object.keys(fields).length > 0 ? t("employees:toast.checkFields") : error.message || fallback;
    toast({ variant: "destructive", title, description: Object.keys(fields).length > 0 ? fallback : undefined });
  };
  const create = useMutation(
    trpc.employee.create.mutationOptions({
      meta: { silent: true },
      onSuccess: async ({ id }) => {
        await qc.invalidateQueries(trpc.employee.pathFilter());
        toast({ title: t("employees:toast.created"), description: form.getValues("name"), variant: "success" });
        void navigate(`/home/employees/${id}`, { replace: true });
      },
      onError: onError(t("employees:toast.createError")),
    }),
  );
  const update = useMutation(
    trpc.employee.update.mutationOptions({
      meta: { silent: true },
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.employee.pathFilter());
        toast({ title: t("employees:toast.updated"), description: form.getValues("name"), variant: "success" });
        void navigate("/home/employees");
      },
      onError: onError(t("employees:toast.updateError")),
    }),
  );
  const pending = create.isPending || update.isPending;
  const onSubmit = form.handleSubmit((values) => {
    if (employee) update.mutate({ ...values, id: employee.id });
    else create.mutate(values);
  });

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate data-testid="employee-form">
      <fieldset disabled={readOnly} className="grid min-w-0 gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("employees:sections.personal")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
              <TextField form={form} name="code" label={t("employees:fields.code")} placeholder={t("employees:placeholders.code")} hint={employee ? undefined : t("employees:hints.code")} />
              <TextField form={form} name="name" label={t("employees:fields.name")} required autoFocus={!employee} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField form={form} name="identification" label={t("employees:fields.identification")} />
              <TextField form={form} name="birth_date" label={t("employees:fields.birth_date")} type="date" />
              <TextField form={form} name="email" label={t("employees:fields.email")} type="email" />
              <TextField form={form} name="phone" label={t("employees:fields.phone")} type="tel" />
            </div>
            <TextField form={form} name="address" label={t("employees:fields.address")} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField form={form} name="emergency_contact" label={t("employees:fields.emergency_contact")} />
              <TextField form={form} name="emergency_phone" label={t("employees:fields.emergency_phone")} type="tel" />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("employees:sections.work")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField form={form} name="job_position" label={t("employees:fields.job_position")}>
                {JOB_POSITIONS.map((p) => (
                  <option key={p} value={p}>
                    {t(`employees:jobPositions.${p}`)}
                  </option>
                ))}
              </SelectField>
              <TextField form={form} name="position" label={t("employees:fields.position")} placeholder={t("employees:placeholders.position")} />
              <TextField form={form} name="department" label={t("employees:fields.department")} />
              <TextField form={form} name="hire_date" label={t("employees:fields.hire_date")} type="date" />
              <SelectField form={form} name="salary_type" label={t("employees:fields.salary_type")}>
                {SALARY_TYPES.map((s) => (
                  <option key={s} value={s}>
                    {t(`employees:salaryTypes.${s}`)}
                  </option>
                ))}
              </SelectField>
              <TextField
                form={form}
                name="base_salary"
                label={t("employees:fields.base_salary")}
                inputMode="decimal"
                placeholder={t("employees:placeholders.amount")}
                className="text-right tabular-nums"
              />
              {usesCommissionRate(salaryType) ? (
                <TextField
                  form={form}
                  name="commission_rate"
                  label={t("employees:fields.commission_rate")}
                  inputMode="decimal"
                  placeholder={t("employees:placeholders.percent")}
                  hint={t("employees:hints.commission_rate")}
                  className="text-right tabular-nums"
                />
              ) : null}
            </div>
            <SelectField form={form} name="user_id" label={t("employees:fields.user_id")} hint={t("employees:hints.user_id")}>
              <option value="none">{t("employees:placeholders.noUser")}</option>
              {(users.data ?? []).map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name} — {u.email}
                </option>
              ))}
            </SelectField>
            <div className="flex items-center justify-between gap-3 rounded-md border p-3">
              <label htmlFor="employee-is_active" className="grid gap-1 text-sm">
                <span className="font-medium">{t("employees:fields.is_active")}</span>
                <span className="text-muted-foreground">{t("employees:hints.is_active")}</span>
              </label>
              <Switch
                id="employee-is_active"
                checked={form.watch("is_active") ?? true}
                onCheckedChange={(v) => form.setValue("is_active", v, { shouldDirty: true })}
              />
            </div>
          </CardContent>
        </Card>
      </fieldset>

      {readOnly ? null : (
        <FormActionBar start={<p className="text-xs text-muted-foreground">{t("employees:hints.required")}</p>}>
          <Button variant="outline" onClick={() => void navigate("/home/employees")} data-testid="cancel-employee">
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={pending} data-testid="save-employee">
            {pending ? t("common:saving") : employee ? t("employees:actions.update") : t("employees:actions.create")}
          </Button>
        </FormActionBar>
      )}
    </form>
  );
}

type FieldProps = { form: Form; name: Exclude<FieldName, "is_active">; label: string; required?: boolean; hint?: string };

function TextField({ form, name, label, required, hint, ...input }: FieldProps & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "form">) {
  const error = form.formState.errors[name]?.message;
  const id = `employee-${name}`;
  return (
    <Field label={label} htmlFor={id} error={tMessage(error)} required={required} hint={hint}>
      <Input id={id} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} autoComplete="off" {...input} {...form.register(name)} />
    </Field>
  );
}

function SelectField({ form, name, label, hint, children }: FieldProps & { children: React.ReactNode }) {
  const error = form.formState.errors[name]?.message;
  const id = `employee-${name}`;
  return (
    <Field label={label} htmlFor={id} error={tMessage(error)} hint={hint}>
      {/* Controlled, so a value whose option arrives later (the users) is shown once it does. */}
      <NativeSelect id={id} aria-invalid={!!error} {...form.register(name)} value={String(form.watch(name) ?? "")}>
        {children}
      </NativeSelect>
    </Field>
  );
}
