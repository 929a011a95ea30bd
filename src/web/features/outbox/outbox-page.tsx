import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Mail, MailOpen } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useTRPC } from "../../app/trpc";
import { TableFallbackRows } from "../../components/list-page";
import { PaginationBar } from "../../components/pagination";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { formatDateTime } from "../../lib/dates";
import { cn } from "../../lib/utils";
import { RequirePermission } from "../shell/guards";
import { OUTBOX_PERMISSION } from "./routes";

const STATUS_VARIANT = { outbox: "secondary", sent: "success", failed: "destructive" } as const;

export function OutboxPage() {
  return (
    <RequirePermission permission={OUTBOX_PERMISSION}>
      <OutboxScreen />
    </RequirePermission>
  );
}

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge className="whitespace-nowrap" variant={STATUS_VARIANT[status as keyof typeof STATUS_VARIANT] ?? "outline"}>{t(`outbox:statuses.${status}`, { defaultValue: status })}
    </Badge>
  );
}

function OutboxScreen() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const [page, setPage] = React.useState(1);
  const [pageSize, setPageSize] = React.useState(20);
  const [openId, setOpenId] = React.useState<string | null>(null);
  const list = useQuery({ ...trpc.outbox.getAll.queryOptions({ page, pageSize }), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  const showsOutboxMode = rows.some((m) => m.status === "outbox");

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {t("outbox:title")}
          {list.data && list.data.unread > 0 ? (
            <Badge variant="default" data-testid="outbox-unread">
              {t("outbox:unread", { count: list.data.unread })}
            </Badge>
          ) : null}
        </CardTitle>
        <CardDescription>{t("outbox:description")}</CardDescription>
        {showsOutboxMode ? <p className="text-sm text-muted-foreground">{t("outbox:modeOutbox")}</p> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        <Table aria-label={t("outbox:title")}>
          <THead>
            <TR>
              <TH className="w-8" />
              <TH>{t("outbox:fields.to")}</TH>
              <TH>{t("outbox:fields.subject")}</TH>
              <TH className="hidden md:table-cell">{t("outbox:fields.kind")}</TH>
              <TH>{t("outbox:fields.status")}</TH>
              <TH className="text-right">{t("outbox:fields.date")}</TH>
            </TR>
          </THead>
          <TBody>
            {rows.map((m) => (
              <TR
                key={m.id}
                data-testid="outbox-row"
                className={cn("cursor-pointer", !m.readAt && "font-semibold")}
                onClick={() => setOpenId(m.id)}
                onKeyDown={(e) => {
                  if (e.key === "Enter" || e.key === " ") {
                    e.preventDefault();
                    setOpenId(m.id);
                  }
                }}
                tabIndex={0}
                aria-label={`${t("outbox:open")}: ${m.subject}`}
              >
                <TD>{m.readAt ? <MailOpen className="size-4 text-muted-foreground" aria-label={t("outbox:markedRead")} /> : <Mail className="size-4 text-primary" aria-label={t("outbox:new")} />}</TD>
                <TD className="max-w-48 truncate">{m.toAddress}</TD>
                <TD className="max-w-96 truncate">{m.subject}</TD>
                <TD className="hidden md:table-cell">{t(`outbox:kinds.${m.kind}`, { defaultValue: m.kind })}</TD>
                <TD>
                  <StatusBadge status={m.status} />
                </TD>
                <TD className="whitespace-nowrap text-right tabular-nums">{formatDateTime(m.createdAt, i18n.language)}</TD>
              </TR>
            ))}
            <TableFallbackRows loading={list.isLoading} empty={rows.length === 0} cols={6}>
              {list.isError ? t("outbox:loadError") : t("outbox:empty")}
            </TableFallbackRows>
          </TBody>
        </Table>
        <PaginationBar pagination={list.data?.pagination} onPage={setPage} onPageSize={setPageSize} />
      </CardContent>
      <Dialog open={openId !== null} onOpenChange={(open) => !open && setOpenId(null)}>
        {openId ? <MessageDialog id={openId} /> : null}
      </Dialog>
    </Card>
  );
}

/** One message: header fields and its text; opening it marks it read. */
function MessageDialog({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const message = useQuery(trpc.outbox.getById.queryOptions({ id }));
  const markRead = useMutation(
    trpc.outbox.markRead.mutationOptions({
      meta: { silent: true },
      onSuccess: () => qc.invalidateQueries(trpc.outbox.getAll.pathFilter()),
    }),
  );
  const unread = message.data && !message.data.readAt;
  React.useEffect(() => {
    if (unread && !markRead.isPending && !markRead.isSuccess) markRead.mutate({ id });
  }, [unread, id]);

  const m = message.data;
  return (
    <DialogContent closeLabel={t("common:actions.close")} className="max-w-2xl" data-testid="outbox-message">
      <DialogTitle>{m?.subject ?? t("outbox:open")}</DialogTitle>
      <DialogDescription className="sr-only">{t("outbox:open")}</DialogDescription>
      {!m ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <div className="grid gap-3">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t("outbox:fields.to")}</dt>
            <dd>{m.toAddress}</dd>
            <dt className="text-muted-foreground">{t("outbox:fields.kind")}</dt>
            <dd>{t(`outbox:kinds.${m.kind}`, { defaultValue: m.kind })}</dd>
            <dt className="text-muted-foreground">{t("outbox:fields.status")}</dt>
            <dd>
              <StatusBadge status={m.status} />
            </dd>
            <dt className="text-muted-foreground">{t("outbox:fields.date")}</dt>
            <dd>{formatDateTime(m.createdAt, i18n.language)}</dd>
            {m.sentAt ? (
              <>
                <dt className="text-muted-foreground">{t("outbox:fields.sentAt")}</dt>
                <dd>{formatDateTime(m.sentAt, i18n.language)}</dd>
              </>
            ) : null}
            {m.error ? (
              <>
                <dt className="text-muted-foreground">{t("outbox:fields.error")}</dt>
                <dd className="text-destructive">{m.error}</dd>
              </>
            ) : null}
          </dl>
          <pre className="max-h-[50vh] overflow-auto whitespace-pre-wrap rounded-md border bg-muted/40 p-4 font-sans text-sm" data-testid="outbox-text">
            {m.text}
          </pre>
          <div className="flex justify-end">
            <DialogClose asChild>
              <Button variant="outline">{t("common:actions.close")}</Button>
            </DialogClose>
          </div>
        </div>
      )}
    </DialogContent>
  );
}
