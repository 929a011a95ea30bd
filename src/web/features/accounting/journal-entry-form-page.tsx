import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Plus, Trash2 } from "lucide-react";
import * as React from "react";
import { Controller, type Resolver, useFieldArray, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import type { z } from "zod";
import { entryTotals, journalEntryFields } from "../../../shared/accounting/rules";
import { fieldErrors, useTRPC } from "../../app/trpc";
import { FormActionBar } from "../../components/form-actions";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { todayInSantoDomingo } from "../../lib/dates";
import { tMessage } from "../../lib/i18n";
import { usePermissions } from "../../lib/permissions";
import { cn } from "../../lib/utils";
import { AccountPicker } from "./account-picker";
import { type Entry, num, useAccounts, useMoney } from "./shared";

interface LineValues {
  accountId: string;
  description: string;
  debit: string;
  credit: string;
}
interface FormValues {
  date: string;
  reference: string;
  description: string;
  lines: LineValues[];
}
type FormOutput = z.output<typeof journalEntryFields>;

const blankLine = (): LineValues => ({ accountId: "", description: "", debit: "", credit: "" });
const isBlank = (l: LineValues) => !l.accountId && !l.description.trim() && !l.debit.trim() && !l.credit.trim();

/** The shared rule (journalEntryFields) plus 'balanced'; trailing empty lines are left out, empty amounts are 0. */
const schema = journalEntryFields.refine((e) => entryTotals(e.lines).balanced, { message: "accounting:errors.unbalanced", path: ["lines"] });
const zod = zodResolver(schema);
const resolver: Resolver<FormValues, unknown, FormOutput> = (values, context, options) => {
  const lines = [...values.lines];
  while (lines.length > 2 && isBlank(lines[lines.length - 1]!)) lines.pop();
  const normalized = {
    ...values,
    reference: values.reference.trim() || null,
    lines: lines.map((l) => ({ accountId: l.accountId, description: l.description.trim() || null, debit: l.debit.trim() || "0", credit: l.credit.trim() || "0" })),
  };
  return zod(normalized as never, context, options as never) as never;
};

/** New entry (/entries/new) or a draft's edit (/entries/:id/edit). */
export function JournalEntryFormPage() {
  const { id } = useParams();
  const trpc = useTRPC();
  const entry = useQuery({ ...trpc.journalEntry.getById.queryOptions({ id: id ?? "" }), enabled: Boolean(id) });
  if (id && !entry.data) return entry.isError ? <p className="text-destructive">{entry.error.message}</p> : <Skeleton className="h-64 w-full" />;
  return <EntryForm entry={entry.data ?? null} />;
}

function EntryForm({ entry }: { entry: Entry | null }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const money = useMoney();
  const { can } = usePermissions();
  const accounts = useAccounts();
  const clientKey = React.useRef(crypto.randomUUID());
  const [serverError, setServerError] = React.useState<string | null>(null);
  const postRef = React.useRef(false);
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver,
    defaultValues: entry
      ? {
          date: entry.date,
          reference: entry.reference ?? "",
          description: entry.description,
          lines: entry.lines.map((l) => ({ accountId: l.accountId, description: l.description ?? "", debit: Number(l.debit) > 0 ? l.debit : "", credit: Number(l.credit) > 0 ? l.credit : "" })),
        }
      : { date: todayInSantoDomingo(), reference: "", description: "", lines: [blankLine(), blankLine()] },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "lines" });
  const lines = useWatch({ control: form.control, name: "lines" });
  const totals = entryTotals(lines.map((l) => ({ debit: l.debit, credit: l.credit })));
  const errors = form.formState.errors;
  const editable = !entry || entry.status === "draft";

  const done = async (saved: Entry) => {
    await qc.invalidateQueries(trpc.journalEntry.pathFilter());
    await qc.invalidateQueries(trpc.accounting.pathFilter());
    toast({ variant: "success", title: t(saved.status === "posted" ? "accounting:form.savedPosted" : "accounting:form.saved", { number: saved.number }) });
    void navigate(`/home/accounting/entries/${saved.id}`);
  };
  const failed = (e: { message: string }) => {
    const fields = fieldErrors(e);
    for (const [k, v] of Object.entries(fields)) form.setError(k as never, { message: v });
    setServerError(e.message);
    toast({ variant: "destructive", title: t("accounting:form.saveFailed"), description: e.message });
  };
  const create = useMutation(trpc.journalEntry.create.mutationOptions({ onSuccess: done, onError: failed, meta: { silent: true } }));
  const update = useMutation(trpc.journalEntry.update.mutationOptions({ onSuccess: done, onError: failed, meta: { silent: true } }));
  const pending = create.isPending || update.isPending;

  const submit = (post: boolean) => {
    postRef.current = post;
    setServerError(null);
    void form.handleSubmit(
      (v) => {
        if (entry) update.mutate({ ...v, id: entry.id, post });
        else create.mutate({ ...v, client_key: clientKey.current, post });
      },
      () => {
        const first = document.querySelector<HTMLElement>("[aria-invalid='true']");
        first?.focus();
      },
    )();
  };

  const canSave = totals.balanced && !pending && editable;
  // Ctrl+S (⌘S) saves as a draft, wherever the focus is on the page.
  const saveRef = React.useRef(() => {});
  saveRef.current = () => {
    if (canSave) submit(false);
  };
  React.useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") {
        e.preventDefault();
        saveRef.current();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const addLine = () => {
    append(blankLine(), { shouldFocus: false });
    requestAnimationFrame(() => document.getElementById(`line-${fields.length}-account`)?.focus());
  };

  if (!editable) {
    return (
      <div className="grid gap-3">
        <p>{t("accounting:errors.onlyDraftEditable")}</p>
        <Link to={`/home/accounting/entries/${entry!.id}`} className="underline">
          {t("accounting:detail.backToEntry", { number: entry!.number })}
        </Link>
      </div>
    );
  }

  const lineError = (i: number, key: keyof LineValues) => tMessage(errors.lines?.[i]?.[key]?.message);
  const linesError = tMessage(errors.lines?.root?.message ?? errors.lines?.message);
  const difference = totals.difference;

  return (
    <form
      className="grid min-w-0 gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit(postRef.current);
      }}
      data-testid="entry-form"
    >
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="icon" onClick={() => void navigate(entry ? `/home/accounting/entries/${entry.id}` : "/home/accounting/entries")} aria-label={t("common:report.back")}>
          <ArrowLeft />
        </Button>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">{entry ? t("accounting:form.editTitle", { number: entry.number }) : t("accounting:form.newTitle")}</h1>
          <p className="text-sm text-muted-foreground" data-testid="entry-form-number">
            {entry ? t("accounting:form.number", { number: entry.number }) : t("accounting:form.numberOnSave")}
          </p>
        </div>
      </div>
      <Card>
        <CardContent className="grid gap-4 pt-5 sm:grid-cols-2 lg:grid-cols-[12rem_14rem_1fr]">
          <Field label={t("accounting:fields.date")} htmlFor="entry-date" error={tMessage(errors.date?.message)} required>
            <Input id="entry-date" type="date" {...form.register("date")} aria-invalid={!!errors.date} />
          </Field>
          <Field label={t("accounting:fields.reference")} htmlFor="entry-reference" error={tMessage(errors.reference?.message)}>
            <Input id="entry-reference" maxLength={60} {...form.register("reference")} aria-invalid={!!errors.reference} />
          </Field>
          <Field label={t("accounting:fields.description")} htmlFor="entry-description" error={tMessage(errors.description?.message)} required className="sm:col-span-2 lg:col-span-1">
            <Input id="entry-description" maxLength={200} {...form.register("description")} aria-invalid={!!errors.description} />
          </Field>
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>{t("accounting:form.lines")}</CardTitle>
          <p className="text-xs text-muted-foreground">{t("accounting:form.keyboardHint")}</p>
        </CardHeader>
        <CardContent className="grid gap-3">
          <div className="hidden gap-2 px-1 text-xs font-medium text-muted-foreground lg:grid lg:grid-cols-[minmax(14rem,2fr)_minmax(10rem,1.5fr)_9rem_9rem_2.5rem]" aria-hidden>
            <span>{t("accounting:fields.account")}</span>
            <span>{t("accounting:fields.lineDescription")}</span>
            <span className="text-right">{t("accounting:fields.debit")}</span>
            <span className="text-right">{t("accounting:fields.credit")}</span>
            <span />
          </div>
          <ol className="grid gap-3 lg:gap-2">
            {fields.map((f, i) => (
              <li key={f.id} className="grid gap-2 rounded-md border p-3 sm:grid-cols-2 lg:grid-cols-[minmax(14rem,2fr)_minmax(10rem,1.5fr)_9rem_9rem_2.5rem] lg:items-start lg:border-0 lg:p-0" data-testid="entry-line">
                <div className="grid gap-1 sm:col-span-2 lg:col-span-1">
                  <label htmlFor={`line-${i}-account`} className="text-xs font-medium lg:sr-only">
                    {t("accounting:form.lineAccount", { n: i + 1 })}
                  </label>
                  <Controller
                    control={form.control}
                    name={`lines.${i}.accountId`}
                    render={({ field }) => (
                      <AccountPicker
                        id={`line-${i}-account`}
                        accounts={accounts.data ?? []}
                        value={field.value}
                        onChange={(v) => {
                          field.onChange(v);
                          form.clearErrors(`lines.${i}.accountId`);
                        }}
                        invalid={!!errors.lines?.[i]?.accountId}
                        describedBy={errors.lines?.[i]?.accountId ? `line-${i}-account-error` : undefined}
                        testId="line-account"
                      />
                    )}
                  />
                  {lineError(i, "accountId") ? (
                    <p className="text-xs text-destructive" id={`line-${i}-account-error`} role="alert">
                      {lineError(i, "accountId")}
                    </p>
                  ) : null}
                </div>
                <div className="grid gap-1 sm:col-span-2 lg:col-span-1">
                  <label htmlFor={`line-${i}-description`} className="text-xs font-medium lg:sr-only">
                    {t("accounting:form.lineDescription", { n: i + 1 })}
                  </label>
                  <Input id={`line-${i}-description`} maxLength={200} {...form.register(`lines.${i}.description`)} />
                </div>
                <div className="grid gap-1">
                  <label htmlFor={`line-${i}-debit`} className="text-xs font-medium lg:sr-only">
                    {t("accounting:form.lineDebit", { n: i + 1 })}
                  </label>
                  <Input
                    id={`line-${i}-debit`}
                    inputMode="decimal"
                    placeholder="0.00"
                    className="text-right tabular-nums"
                    {...form.register(`lines.${i}.debit`)}
                    aria-invalid={!!errors.lines?.[i]?.debit}
                    data-testid="line-debit"
                  />
                  {lineError(i, "debit") ? <p className="text-xs text-destructive">{lineError(i, "debit")}</p> : null}
                </div>
                <div className="grid gap-1">
                  <label htmlFor={`line-${i}-credit`} className="text-xs font-medium lg:sr-only">
                    {t("accounting:form.lineCredit", { n: i + 1 })}
                  </label>
                  <Input
                    id={`line-${i}-credit`}
                    inputMode="decimal"
                    placeholder="0.00"
                    className="text-right tabular-nums"
                    {...form.register(`lines.${i}.credit`)}
                    aria-invalid={!!errors.lines?.[i]?.credit}
                    data-testid="line-credit"
                    onKeyDown={(e) => {
                      if (e.key === "Enter" && i === fields.length - 1) {
                        e.preventDefault();
                        addLine();
                      }
                    }}
                  />
                  {lineError(i, "credit") ? <p className="text-xs text-destructive">{lineError(i, "credit")}</p> : null}
                </div>
                <div className="flex justify-end sm:col-span-2 lg:col-span-1">
                  <Button variant="ghost" size="icon" onClick={() => remove(i)} disabled={fields.length <= 2} aria-label={t("accounting:form.removeLine", { n: i + 1 })} data-testid="remove-line">
                    <Trash2 />
                  </Button>
                </div>
              </li>
            ))}
          </ol>
          <div>
            <Button variant="outline" onClick={addLine} disabled={fields.length >= 200} data-testid="add-line">
              <Plus />
              {t("accounting:form.addLine")}
            </Button>
          </div>
          <dl className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md border p-3 text-sm" data-testid="entry-totals">
            <dt className="text-muted-foreground">{t("accounting:form.totalDebit")}</dt>
            <dd className={num} data-testid="entry-total-debit">
              {money(totals.debit)}
            </dd>
            <dt className="text-muted-foreground">{t("accounting:form.totalCredit")}</dt>
            <dd className={num} data-testid="entry-total-credit">
              {money(totals.credit)}
            </dd>
            <dt className="font-semibold">{t("accounting:form.difference")}</dt>
            <dd className={cn(num, "font-semibold", Number(difference) !== 0 && "text-destructive")} data-testid="entry-difference">
              {money(difference)}
            </dd>
          </dl>
          {!totals.balanced ? (
            <p className={cn("text-right text-sm", Number(totals.debit) === 0 ? "text-muted-foreground" : "text-destructive")} role="status" data-testid="entry-unbalanced">
              {Number(totals.debit) === 0 ? t("accounting:form.noAmounts") : t("accounting:errors.unbalanced")}
            </p>
          ) : null}
          {linesError ? (
            <p className="text-right text-sm text-destructive" role="alert">
              {linesError}
            </p>
          ) : null}
          {serverError ? (
            <p className="rounded-md border border-destructive/50 bg-destructive/10 p-2 text-sm text-destructive" role="alert" data-testid="entry-server-error">
              {serverError}
            </p>
          ) : null}
        </CardContent>
      </Card>
      <FormActionBar start={<span className="text-xs text-muted-foreground">{t("accounting:form.ctrlS")}</span>}>
        <Button variant="outline" onClick={() => void navigate(entry ? `/home/accounting/entries/${entry.id}` : "/home/accounting/entries")}>
          {t("common:actions.cancel")}
        </Button>
        <Button variant="outline" disabled={!canSave} onClick={() => submit(false)} data-testid="entry-save">
          {pending && !postRef.current ? t("common:saving") : t("accounting:form.save")}
        </Button>
        {can("accounting.create") ? (
          <Button disabled={!canSave} onClick={() => submit(true)} data-testid="entry-save-post">
            {pending && postRef.current ? t("common:saving") : t("accounting:form.saveAndPost")}
          </Button>
        ) : null}
      </FormActionBar>
    </form>
  );
}
