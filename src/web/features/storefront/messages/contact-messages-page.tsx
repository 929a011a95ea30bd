import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useTRPC } from "../../../app/trpc";
import { ListHeader } from "../../../components/list-page";
import { PaginationBar } from "../../../components/pagination";
import { Badge } from "../../../components/ui/badge";
import { Card } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { Switch } from "../../../components/ui/switch";
import { formatDateTime } from "../../../lib/dates";
import { cn } from "../../../lib/utils";

/** /home/storefront/messages: what visitors sent from the shop's contact form, newest first; opening one marks it read. */
export function ContactMessagesPage() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [page, setPage] = React.useState(1);
  const [pageSize, setPageSize] = React.useState(20);
  const [unreadOnly, setUnreadOnly] = React.useState(false);
  const [openId, setOpenId] = React.useState<string | null>(null);
  const list = useQuery(trpc.ecommerce.findContactMessages.queryOptions({ page, pageSize, unreadOnly }));
  const markRead = useMutation(trpc.ecommerce.markContactMessageRead.mutationOptions({ onSuccess: () => qc.invalidateQueries(trpc.ecommerce.findContactMessages.pathFilter()) }));
  const messages = list.data?.data ?? [];

  const toggle = (m: (typeof messages)[number]) => {
    const opening = openId !== m.id;
    setOpenId(opening ? m.id : null);
    if (opening && !m.read_at) markRead.mutate({ id: m.id });
  };

  return (
    <div className="grid gap-4">
      <ListHeader title={t("storefrontContent:messages.title")} subtitle={t("storefrontContent:messages.description")}>
        <div className="flex items-center gap-3">
          {list.data && list.data.unread > 0 ? (
            <Badge data-testid="unread-count">{t("storefrontContent:messages.unreadCount", { count: list.data.unread })}</Badge>
          ) : null}
          <label className="flex items-center gap-2 text-sm">
            <Switch
              checked={unreadOnly}
              onCheckedChange={(v) => {
                setUnreadOnly(v);
                setPage(1);
              }}
              aria-label={t("storefrontContent:messages.unreadOnly")}
            />
            {t("storefrontContent:messages.unreadOnly")}
          </label>
        </div>
      </ListHeader>
      {list.isLoading ? (
        <div className="grid gap-2">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : null}
      {list.isError ? <p className="text-destructive">{t("storefrontContent:messages.loadFailed")}</p> : null}
      {!list.isLoading && !list.isError && messages.length === 0 ? (
        <Card className="p-8 text-center text-muted-foreground" data-testid="messages-empty">
          {t("storefrontContent:messages.empty")}
        </Card>
      ) : null}
      <ul className="grid gap-2" data-testid="contact-messages">
        {messages.map((m) => {
          const open = openId === m.id;
          return (
            <li key={m.id}>
              <Card className={cn(!m.read_at && "border-primary/60")} data-testid="contact-message">
                <button
                  type="button"
                  className="flex w-full flex-wrap items-start gap-x-3 gap-y-1 p-4 text-left focus-visible:outline-2 focus-visible:outline-ring"
                  aria-expanded={open}
                  aria-controls={`message-${m.id}`}
                  onClick={() => toggle(m)}
                >
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-2">
                      {!m.read_at ? <Badge>{t("storefrontContent:messages.new")}</Badge> : null}
                      <span className={cn("truncate", !m.read_at && "font-semibold")}>{m.subject}</span>
                    </span>
                    <span className="block truncate text-sm text-muted-foreground">
                      {m.name} · {m.email}
                    </span>
                  </span>
                  <time className="text-sm text-muted-foreground tabular-nums" dateTime={m.created_at}>
                    {formatDateTime(m.created_at, i18n.language)}
                  </time>
                </button>
                {open ? (
                  <div id={`message-${m.id}`} className="grid gap-3 border-t p-4">
                    <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
                      <dt className="text-muted-foreground">{t("storefrontContent:messages.from")}</dt>
                      <dd>
                        {m.name} &lt;{m.email}&gt;{m.phone ? ` · ${m.phone}` : ""}
                      </dd>
                      <dt className="text-muted-foreground">{t("storefrontContent:messages.subject")}</dt>
                      <dd>{m.subject}</dd>
                    </dl>
                    <p className="whitespace-pre-wrap" data-testid="contact-message-body">
                      {m.message}
                    </p>
                    <a
                      href={`mailto:${encodeURIComponent(m.email)}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}
                      className="inline-flex items-center gap-2 justify-self-start text-sm font-medium text-primary hover:underline"
                    >
                      <Mail className="size-4" aria-hidden />
                      {t("storefrontContent:messages.reply")}
                    </a>
                  </div>
                ) : null}
              </Card>
            </li>
          );
        })}
      </ul>
      <PaginationBar
        pagination={list.data?.pagination}
        onPage={setPage}
        onPageSize={(s) => {
          setPageSize(s);
          setPage(1);
        }}
      />
    </div>
  );
}
