import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Ban, CheckCircle2, ExternalLink, Pencil, Trash2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { useTRPC } from "../../app/trpc";
import { PermissionButton } from "../../components/permission-button";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { formatDate, formatDateTime, todayInSantoDomingo } from "../../lib/dates";
import { type Entry, EntryStatusBadge, num, periodName, RequireAccounting, sourceLink, useMoney } from "./shared";

/** One journal entry: its lines and totals; Asentar / Editar / Eliminar for a draft, Anular (reverse) for a posted manual entry. */
export function JournalEntryDetailPage() {
  return (
    <RequireAccounting>
      <EntryDetail />
    </RequireAccounting>
  );
}

function EntryDetail() {
  const { id = "" } = useParams();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const money = useMoney();
  const [dialog, setDialog] = React.useState<"delete" | "cancel" | null>(null);
  const query = useQuery(trpc.journalEntry.getById.queryOptions({ id }));
  const refresh = async (e?: Entry) => {
    if (e) qc.setQueryData(trpc.journalEntry.getById.queryKey({ id }), e);
    await qc.invalidateQueries(trpc.journalEntry.pathFilter());
    await qc.invalidateQueries(trpc.accounting.pathFilter());
  };
  const post = useMutation(
    trpc.journalEntry.post.mutationOptions({
      onSuccess: async (e) => {
        await refresh(e);
        toast({ variant: "success", title: t("accounting:detail.posted", { number: e.number }) });
      },
      onError: (e) => toast({ variant: "destructive", title: t("accounting:detail.post"), description: e.message }),
      meta: { silent: true },
    }),
  );
  const e = query.data;
  if (query.isError) return <p className="text-destructive">{query.error.message}</p>;
  if (!e) return <Skeleton className="h-64 w-full" />;
  const manual = e.sourceType === "manual";
  const isReversal = e.sourceType === "reversal";
  const doc = sourceLink(e.sourceType, e.sourceId);
  const info: [string, React.ReactNode, string?][] = [
    [t("accounting:fields.status"), <EntryStatusBadge key="s" status={e.status} />],
    [t("accounting:fields.date"), formatDate(e.date, lang), "entry-date"],
    [t("accounting:fields.reference"), e.reference ?? "—"],
    [t("accounting:fields.source"), t(`accounting:sources.${e.sourceType}`), "entry-source"],
    [t("accounting:fields.period"), e.period ? `${periodName({ name: e.period.name, startDate: `${e.date.slice(0, 7)}-01`, endDate: e.date }, lang)} (${t(`accounting:periodStatuses.${e.period.status}`)})` : t("accounting:detail.noPeriod")],
    [t("accounting:detail.postedAt"), e.postedAt ? formatDateTime(e.postedAt, lang) : "—"],
  ];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="icon" onClick={() => void navigate("/home/accounting/entries")} aria-label={t("common:report.back")}>
          <ArrowLeft />
        </Button>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold" data-testid="entry-title">
            {t("accounting:detail.title", { number: e.number })}
          </h1>
          <p className="break-words text-sm text-muted-foreground">{e.description}</p>
        </div>
        {e.status === "draft" ? (
          <>
            <PermissionButton permission="accounting.update" onClick={() => post.mutate({ id: e.id })} disabled={post.isPending} data-testid="entry-post">
              <CheckCircle2 />
              {t("accounting:detail.post")}
            </PermissionButton>
            <PermissionButton permission="accounting.update" variant="outline" onClick={() => void navigate(`/home/accounting/entries/${e.id}/edit`)} data-testid="entry-edit">
              <Pencil />
              {t("common:actions.edit")}
            </PermissionButton>
            <PermissionButton permission="accounting.update" variant="outline" onClick={() => setDialog("delete")} data-testid="entry-delete">
              <Trash2 />
              {t("accounting:detail.delete")}
            </PermissionButton>
          </>
        ) : null}
        {e.status === "posted" && manual && !e.reversedById ? (
          <PermissionButton permission="accounting.update" variant="outline" onClick={() => setDialog("cancel")} data-testid="entry-cancel">
            <Ban />
            {t("accounting:detail.cancel")}
          </PermissionButton>
        ) : null}
      </div>
      {e.reversedById ? (
        <p className="rounded-md border bg-muted/40 p-3 text-sm" role="status" data-testid="entry-reversed">
          {t("accounting:detail.reversedBy")}{" "}
          <Link to={`/home/accounting/entries/${e.reversedById}`} className="font-medium underline" data-testid="entry-reversal-link">
            {t("accounting:detail.viewReversal")}
          </Link>
        </p>
      ) : null}
      {isReversal && e.reversalOfId ? (
        <p className="rounded-md border bg-muted/40 p-3 text-sm" role="status" data-testid="entry-reversal-of">
          {t("accounting:detail.reversalOf")}{" "}
          <Link to={`/home/accounting/entries/${e.reversalOfId}`} className="font-medium underline">
            {t("accounting:detail.viewOriginal")}
          </Link>
        </p>
      ) : null}
      {!manual && !isReversal ? (
        <p className="rounded-md border bg-muted/40 p-3 text-sm" role="status" data-testid="entry-automatic">
          {t("accounting:detail.automatic", { source: t(`accounting:sources.${e.sourceType}`) })}{" "}
          {doc ? (
            <Link to={doc} className="inline-flex items-center gap-1 font-medium underline">
              {t("accounting:detail.viewDocument", { reference: e.reference ?? e.number })}
              <ExternalLink className="size-3" aria-hidden />
            </Link>
          ) : e.reference ? (
            <span className="font-medium">{e.reference}</span>
          ) : null}
        </p>
      ) : null}
      <Card>
        <CardContent className="grid gap-3 pt-5 sm:grid-cols-2 lg:grid-cols-3">
          {info.map(([label, value, testId]) => (
            <div key={label} className="min-w-0">
              <div className="text-xs text-muted-foreground">{label}</div>
              <div className="break-words font-medium" data-testid={testId}>
                {value}
              </div>
            </div>
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("accounting:form.lines")}</CardTitle>
        </CardHeader>
        <CardContent>
          <Table stack aria-label={t("accounting:form.lines")}>
            <THead>
              <TR>
                <TH>{t("accounting:fields.account")}</TH>
                <TH>{t("accounting:fields.lineDescription")}</TH>
                <TH className="text-right">{t("accounting:fields.debit")}</TH>
                <TH className="text-right">{t("accounting:fields.credit")}</TH>
              </TR>
            </THead>
            <TBody>
              {e.lines.map((l) => (
                <TR key={l.id} data-testid="entry-detail-line">
                  <TD stack="primary">
                    <span className="font-mono text-xs text-muted-foreground">{l.code}</span> {l.name}
                  </TD>
                  <TD label={t("accounting:fields.lineDescription")}>{l.description ?? "—"}</TD>
                  <TD className={num} label={t("accounting:fields.debit")}>
                    {Number(l.debit) > 0 ? money(l.debit) : ""}
                  </TD>
                  <TD className={num} label={t("accounting:fields.credit")}>
                    {Number(l.credit) > 0 ? money(l.credit) : ""}
                  </TD>
                </TR>
              ))}
              <TR className="font-semibold">
                <TD stack="primary">{t("accounting:fields.total")}</TD>
                <TD stack="hide" />
                <TD className={num} label={t("accounting:fields.debit")} data-testid="entry-detail-debit">
                  {money(e.totalDebit)}
                </TD>
                <TD className={num} label={t("accounting:fields.credit")} data-testid="entry-detail-credit">
                  {money(e.totalCredit)}
                </TD>
              </TR>
            </TBody>
          </Table>
        </CardContent>
      </Card>
      <DeleteDialog
        entry={e}
        open={dialog === "delete"}
        onClose={() => setDialog(null)}
        onDone={async () => {
          setDialog(null);
          await qc.invalidateQueries(trpc.journalEntry.getAll.pathFilter());
          void navigate("/home/accounting/entries");
        }}
      />
      <CancelDialog
        entry={e}
        open={dialog === "cancel"}
        onClose={() => setDialog(null)}
        onDone={async (u) => {
          await refresh(u);
          setDialog(null);
        }}
      />
    </div>
  );
}

function DeleteDialog({ entry, open, onClose, onDone }: { entry: Entry; open: boolean; onClose: () => void; onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const del = useMutation(
    trpc.journalEntry.delete.mutationOptions({
      onSuccess: async () => {
        toast({ variant: "success", title: t("accounting:detail.deleted", { number: entry.number }) });
        await onDone();
      },
      onError: (e) => toast({ variant: "destructive", title: t("accounting:detail.delete"), description: e.message }),
      meta: { silent: true },
    }),
  );
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t("common:actions.close")} data-testid="entry-delete-dialog">
        <DialogHeader>
          <DialogTitle>{t("accounting:detail.deleteTitle", { number: entry.number })}</DialogTitle>
          <DialogDescription>{t("accounting:detail.deleteDescription")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t("common:actions.cancel")}
          </Button>
          <Button variant="destructive" disabled={del.isPending} onClick={() => del.mutate({ id: entry.id })} data-testid="entry-delete-confirm">
            {t("accounting:detail.delete")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function CancelDialog({ entry, open, onClose, onDone }: { entry: Entry; open: boolean; onClose: () => void; onDone: (e: Entry) => Promise<void> }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [date, setDate] = React.useState(todayInSantoDomingo());
  const [reason, setReason] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (open) {
      setDate(todayInSantoDomingo());
      setReason("");
      setError(null);
    }
  }, [open]);
  const cancel = useMutation(
    trpc.journalEntry.cancel.mutationOptions({
      onSuccess: async (e) => {
        toast({ variant: "success", title: t("accounting:detail.cancelled", { number: e.number }) });
        await onDone(e);
      },
      onError: (e) => setError(e.message),
      meta: { silent: true },
    }),
  );
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t("common:actions.close")} data-testid="entry-cancel-dialog">
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(ev) => {
            ev.preventDefault();
            cancel.mutate({ id: entry.id, date, reason: reason.trim() || null });
          }}
        >
          <DialogHeader>
            <DialogTitle>{t("accounting:detail.cancelTitle", { number: entry.number })}</DialogTitle>
            <DialogDescription>{t("accounting:detail.cancelDescription")}</DialogDescription>
          </DialogHeader>
          <Field label={t("accounting:detail.reversalDate")} htmlFor="cancel-date" required>
            <Input id="cancel-date" type="date" value={date} onChange={(ev) => setDate(ev.target.value)} />
          </Field>
          <Field label={t("accounting:detail.reason")} htmlFor="cancel-reason">
            <Input id="cancel-reason" maxLength={200} value={reason} onChange={(ev) => setReason(ev.target.value)} />
          </Field>
          {error ? (
            <p className="text-sm text-destructive" role="alert">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" variant="destructive" disabled={cancel.isPending} data-testid="entry-cancel-confirm">
              {t("accounting:detail.cancel")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
