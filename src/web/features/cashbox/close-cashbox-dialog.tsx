import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2 } from "lucide-react";
import * as React from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Big, toBig } from "../../../shared/catalog/decimal";
import { formatMoney } from "../../../shared/money/format";
import { errorCode, useTRPC } from "../../app/trpc";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { formatDateTime } from "../../lib/dates";
import { tMessage } from "../../lib/i18n";
import { cn } from "../../lib/utils";
import { TerminalBatchClose } from "./terminal-batch-close";
import { type CloseSummary, useActiveCashbox } from "./use-active-cashbox";

export interface CloseCashboxDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The session to close; left out, the signed-in user's open session. */
  sessionId?: string | null;
  /** Called with the stored closing once the cash box is closed. */
  onClosed?: (result: CloseSummary) => void;
}

/** A counted amount: blank means nothing counted (0); otherwise a non-negative decimal with up to 2 places. */
const AMOUNT = /^\d+(\.\d{1,2})?$/;
const amountText = (v: string) => v.replace(/,/g, "").trim();
const countedOf = (v: string) => (amountText(v) === "" ? new Big(0) : toBig(amountText(v)));

const closeFormSchema = z
  .object({
    counted: z.array(z.object({ paymentMethodId: z.string(), expected: z.string(), amount: z.string() })),
    comments: z.string().max(1000, "cashbox:errors.tooLong"),
  })
  .superRefine((v, ctx) => {
    let differs = false;
    v.counted.forEach((line, i) => {
      const text = amountText(line.amount);
      if (text !== "" && !AMOUNT.test(text)) ctx.addIssue({ code: "custom", path: ["counted", i, "amount"], message: "cashbox:errors.invalidAmount" });
      else if (!countedOf(line.amount).eq(line.expected)) differs = true;
    });
    if (differs && v.comments.trim() === "") ctx.addIssue({ code: "custom", path: ["comments"], message: "cashbox:close.commentsRequired" });
  });
type FormValues = z.infer<typeof closeFormSchema>;

/**
 * 'Cuadre de caja' (cash drawer close): expected amount per payment method, the counted inputs,
 * the difference, and comments (required when anything differs). Without an open session it shows
 * 'No active cashbox found'.
 */
export function CloseCashboxDialog({ open, onOpenChange, sessionId, onClosed }: CloseCashboxDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common:actions.close")} className="max-h-[92vh] max-w-3xl overflow-y-auto" data-testid="close-cashbox-dialog">
        {open ? <CloseBody sessionId={sessionId} onDone={() => onOpenChange(false)} onClosed={onClosed} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CloseBody({ sessionId, onDone, onClosed }: { sessionId?: string | null; onDone: () => void; onClosed?: (result: CloseSummary) => void }) {
  const { t } = useTranslation();
  const active = useActiveCashbox();
  const id = sessionId === undefined ? active.session?.sessionId : sessionId;
  if (sessionId === undefined && active.isLoading) return <Skeleton className="h-48 w-full" />;
  if (!id) {
    return (
      <div className="grid gap-4" data-testid="no-active-cashbox">
        <DialogHeader>
          <DialogTitle>{t("cashbox:close.title")}</DialogTitle>
          <DialogDescription>{t("cashbox:errors.noActive")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            {t("common:actions.close")}
          </Button>
        </DialogFooter>
      </div>
    );
  }
  return <CloseForm sessionId={id} onDone={onDone} onClosed={onClosed} />;
}

/** Balanced when every method matches; otherwise short, over, or mismatched (methods that cancel out). */
function DifferenceBadge({ total, mismatch }: { total: Big; mismatch: boolean }) {
  const { t } = useTranslation();
  if (!mismatch) return <Badge variant="success">{t("cashbox:close.balanced")}</Badge>;
  if (total.lt(0)) return <Badge variant="destructive">{t("cashbox:close.short")}</Badge>;
  return <Badge variant="warning">{total.gt(0) ? t("cashbox:close.over") : t("cashbox:close.mismatch")}</Badge>;
}

function CloseForm({ sessionId, onDone, onClosed }: { sessionId: string; onDone: () => void; onClosed?: (result: CloseSummary) => void }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const summary = useQuery({ ...trpc.cashbox.getCloseSummary.queryOptions({ sessionId }), staleTime: 0 });
  const methods = useQuery(trpc.paymentMethod.getAll.queryOptions());
  const cardMethodIds = new Set((methods.data ?? []).filter((m) => m.useCardProvider).map((m) => m.id));
  const [result, setResult] = React.useState<CloseSummary | null>(null);
  const lang = i18n.language;
  const form = useForm<FormValues>({ resolver: zodResolver(closeFormSchema), defaultValues: { counted: [], comments: "" } });
  const { fields, replace } = useFieldArray({ control: form.control, name: "counted" });
  React.useEffect(() => {
    if (summary.data && fields.length === 0) replace(summary.data.lines.map((l) => ({ paymentMethodId: l.paymentMethodId, expected: l.expected, amount: "" })));
  }, [summary.data]);

  const mutation = useMutation(
    trpc.cashbox.close.mutationOptions({
      meta: { silent: true },
      onSuccess: async (closed) => {
        setResult(closed);
        await qc.invalidateQueries(trpc.cashbox.pathFilter());
        toast({ variant: "success", title: t("cashbox:close.success"), description: t("cashbox:close.successDescription", { name: closed.cashboxName, difference: formatMoney(closed.totalDifference, lang) }) });
        onClosed?.(closed);
      },
      onError: (error) => {
        if (errorCode(error) === "BAD_REQUEST" && /coment|comment/i.test(error.message)) form.setError("comments", { message: error.message });
        toast({ variant: "destructive", title: t("cashbox:errors.closeFailed"), description: error.message || t("cashbox:errors.closeFailed") });
      },
    }),
  );

  if (summary.isLoading) return <Skeleton className="h-48 w-full" />;
  if (summary.isError || !summary.data) {
    const notFound = errorCode(summary.error) === "NOT_FOUND";
    return (
      <div className="grid gap-4" data-testid={notFound ? "no-active-cashbox" : "close-load-error"}>
        <DialogHeader>
          <DialogTitle>{t("cashbox:close.title")}</DialogTitle>
          <DialogDescription>{notFound ? t("cashbox:errors.noActive") : t("cashbox:close.loadError")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            {t("common:actions.close")}
          </Button>
        </DialogFooter>
      </div>
    );
  }

  const data = summary.data;
  const closed = result ?? (data.status === "closed" ? data : null);
  if (closed) return <ClosedView closed={closed} justClosed={!!result} onDone={onDone} />;

  const values = form.watch("counted");
  const differences = data.lines.map((l, i) => countedOf(values[i]?.amount ?? "").minus(l.expected));
  const totalCounted = data.lines.reduce((acc, _l, i) => acc.plus(countedOf(values[i]?.amount ?? "")), new Big(0));
  const totalDifference = totalCounted.minus(data.totalExpected);
  const anyDifference = differences.some((d) => !d.eq(0));
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((v) =>
    mutation.mutate({
      sessionId,
      counted: v.counted.map((c) => ({ paymentMethodId: c.paymentMethodId, amount: countedOf(c.amount).toFixed(2) })),
      comments: v.comments.trim() || null,
    }),
  );

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>
          {t("cashbox:close.title")} — {data.cashboxName}
        </DialogTitle>
        <DialogDescription>{t("cashbox:close.description")}</DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">{t("cashbox:fields.openedAt")}</dt>
          <dd>{formatDateTime(data.openedAt, lang)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("cashbox:fields.openingAmount")}</dt>
          <dd className="tabular-nums">{formatMoney(data.openingAmount, lang)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("cashbox:fields.orders")}</dt>
          <dd className="tabular-nums">{data.orderCount}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("cashbox:fields.change")}</dt>
          <dd className="tabular-nums">{formatMoney(data.changeTotal, lang)}</dd>
        </div>
      </dl>
      <Table aria-label={t("cashbox:close.title")}>
        <THead>
          <TR>
            <TH>{t("cashbox:fields.method")}</TH>
            <TH className="text-right">{t("cashbox:fields.expected")}</TH>
            <TH className="w-40 text-right">{t("cashbox:fields.counted")}</TH>
            <TH className="text-right">{t("cashbox:fields.difference")}</TH>
          </TR>
        </THead>
        <TBody>
          {fields.map((field, i) => {
            const line = data.lines[i]!;
            const difference = differences[i]!;
            const error = errors.counted?.[i]?.amount?.message;
            return (
              <TR key={field.id} data-testid="close-line" data-code={line.code}>
                <TD className="font-medium">
                  <label htmlFor={`counted-${line.paymentMethodId}`}>{line.name}</label>
                  {line.isCash ? <p className="text-xs font-normal text-muted-foreground">{t("cashbox:close.cashNote")}</p> : null}
                </TD>
                <TD className="text-right tabular-nums" data-testid="expected">
                  {formatMoney(line.expected, lang)}
                </TD>
                <TD>
                  <Input
                    id={`counted-${line.paymentMethodId}`}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="0.00"
                    className="text-right tabular-nums"
                    autoFocus={i === 0}
                    {...form.register(`counted.${i}.amount`)}
                    aria-invalid={!!error}
                  />
                  {error ? <p className="mt-1 text-xs text-destructive">{tMessage(error)}</p> : null}
                </TD>
                <TD className={cn("text-right tabular-nums", difference.lt(0) && "text-destructive", difference.gt(0) && "text-warning")} data-testid="difference">
                  {formatMoney(difference.toFixed(2), lang)}
                </TD>
              </TR>
            );
          })}
          <TR className="font-semibold">
            <TD>{t("cashbox:close.total")}</TD>
            <TD className="text-right tabular-nums">{formatMoney(data.totalExpected, lang)}</TD>
            <TD className="text-right tabular-nums">{formatMoney(totalCounted.toFixed(2), lang)}</TD>
            <TD className="text-right tabular-nums" data-testid="total-difference">
              <span className="mr-2">{formatMoney(totalDifference.toFixed(2), lang)}</span>
              <DifferenceBadge total={totalDifference} mismatch={anyDifference} />
            </TD>
          </TR>
        </TBody>
      </Table>
      <TerminalBatchClose
        cashboxId={data.cashboxId}
        countedCard={data.lines
          .reduce((acc, l, i) => (cardMethodIds.has(l.paymentMethodId) ? acc.plus(countedOf(values[i]?.amount ?? "")) : acc), new Big(0))
          .toFixed(2)}
      />
      <Field
        label={t("cashbox:fields.comments")}
        htmlFor="close-comments"
        error={tMessage(errors.comments?.message)}
        required={anyDifference}
        hint={anyDifference ? t("cashbox:close.commentsRequired") : t("cashbox:close.commentsOptional")}
      >
        <textarea
          id="close-comments"
          rows={3}
          className="w-full rounded-[var(--radius-button)] border border-input bg-card px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive"
          {...form.register("comments")}
          aria-invalid={!!errors.comments}
        />
      </Field>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={mutation.isPending} data-testid="confirm-close-cashbox">
          {mutation.isPending ? t("cashbox:actions.closing") : t("cashbox:actions.close")}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The stored closing: per method expected, counted and difference, totals and comments. */
function ClosedView({ closed, justClosed, onDone }: { closed: CloseSummary; justClosed: boolean; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const difference = toBig(closed.totalDifference);
  return (
    <div className="grid gap-4" data-testid="cashbox-closed">
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          {difference.eq(0) ? <CheckCircle2 className="size-5 text-success" /> : <AlertTriangle className="size-5 text-warning" />}
          {closed.cashboxName}: {justClosed ? t("cashbox:close.result") : t("cashbox:close.alreadyClosed")}
        </DialogTitle>
        <DialogDescription>
          {t("cashbox:fields.closedAt")}: {formatDateTime(closed.closedAt, lang)} · {closed.closedByName}
        </DialogDescription>
      </DialogHeader>
      <Table aria-label={t("cashbox:close.title")}>
        <THead>
          <TR>
            <TH>{t("cashbox:fields.method")}</TH>
            <TH className="text-right">{t("cashbox:fields.expected")}</TH>
            <TH className="text-right">{t("cashbox:fields.counted")}</TH>
            <TH className="text-right">{t("cashbox:fields.difference")}</TH>
          </TR>
        </THead>
        <TBody>
          {closed.lines.map((l) => (
            <TR key={l.paymentMethodId}>
              <TD>{l.name}</TD>
              <TD className="text-right tabular-nums">{formatMoney(l.expected, lang)}</TD>
              <TD className="text-right tabular-nums">{formatMoney(l.counted, lang)}</TD>
              <TD className="text-right tabular-nums">{formatMoney(l.difference, lang)}</TD>
            </TR>
          ))}
          <TR className="font-semibold">
            <TD>{t("cashbox:close.total")}</TD>
            <TD className="text-right tabular-nums">{formatMoney(closed.totalExpected, lang)}</TD>
            <TD className="text-right tabular-nums">{formatMoney(closed.totalCounted, lang)}</TD>
            <TD className="text-right tabular-nums" data-testid="closed-difference">
              {formatMoney(closed.totalDifference, lang)}
            </TD>
          </TR>
        </TBody>
      </Table>
      {closed.comments ? (
        <p className="text-sm">
          <span className="text-muted-foreground">{t("cashbox:fields.comments")}: </span>
          {closed.comments}
        </p>
      ) : null}
      <DialogFooter>
        <Button onClick={onDone} data-testid="close-cashbox-done">
          {t("cashbox:actions.done")}
        </Button>
      </DialogFooter>
    </div>
  );
}
