import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink, MessagesSquare, Send } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import {
  fill,
  MESSAGE_CHANNELS,
  type MessageChannel,
  RECIPIENT_GROUPS,
  type RecipientGroup,
  SAMPLE_VALUES,
  type SendMessageInput,
  sendMessageInput,
  unknownVariables,
} from "../../../../shared/appointments/templates";
import { errorCode, useTRPC } from "../../../app/trpc";
import { EmptyTableRow } from "../../../components/list-page";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { tMessage } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { ConfigHeader } from "../config/common";
import { insertAtCursor, MessagePreview, Textarea, VariableChips } from "./common";

type SendResult = {
  id: string;
  channel: MessageChannel;
  recipient_count: number;
  sent_count: number;
  failed_count: number;
  recipients: { customer_id: string; name: string; phone: string | null; email: string | null; status: string; link?: string }[];
};

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = React.useState(value);
  React.useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/** Centro de comunicaciones (spec 03 'communication center'; §9 channels and recipient groups): compose and send, WhatsApp links, history. */
export function CommunicationsPage() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const lang = i18n.language === "en" ? "en" : "es";
  const [channel, setChannel] = React.useState<MessageChannel>("email");
  const [group, setGroup] = React.useState<RecipientGroup>("upcoming");
  const [search, setSearch] = React.useState("");
  const debounced = useDebounced(search.trim(), 300);
  const [selected, setSelected] = React.useState<Map<string, string>>(new Map());
  const [templateId, setTemplateId] = React.useState("");
  const [subject, setSubject] = React.useState("");
  const [body, setBody] = React.useState("");
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [result, setResult] = React.useState<SendResult | null>(null);
  const [key, setKey] = React.useState(() => crypto.randomUUID());
  const subjectRef = React.useRef<HTMLInputElement | null>(null);
  const bodyRef = React.useRef<HTMLTextAreaElement | null>(null);
  const lastField = React.useRef<"subject" | "body">("body");

  const recipients = useQuery({
    ...trpc.appointment.getRecipients.queryOptions({ recipient_group: group, channel, search: group === "custom" && debounced ? debounced : undefined }),
    placeholderData: keepPreviousData,
  });
  const templates = useQuery(trpc.appointment.getTemplates.queryOptions());
  const channelTemplates = (templates.data ?? []).filter((tpl) => tpl.channel === channel && tpl.is_active);
  const template = channelTemplates.find((tpl) => tpl.id === templateId) ?? null;
  const isEmail = channel === "email";
  const shownSubject = template ? template.subject : subject;
  const shownBody = template ? template.body : body;
  const counts = recipients.data?.counts;

  const send = useMutation(
    trpc.appointment.sendMessage.mutationOptions({
      meta: { silent: true },
      onSuccess: async (r) => {
        setResult(r as SendResult);
        setKey(crypto.randomUUID());
        await qc.invalidateQueries(trpc.appointment.getMessages.pathFilter());
        if (r.channel === "email" && r.sent_count === 0) toast({ variant: "destructive", title: t("appointmentMessages:center.sendError") });
        else toast({ variant: "success", title: t("appointmentMessages:center.sentTitle"), description: t("appointmentMessages:center.sentSummary", { sent: r.sent_count, count: r.recipient_count }) });
      },
      onError: (error) => {
        if (errorCode(error) === "UNAUTHORIZED") return;
        toast({ variant: "destructive", title: t("appointmentMessages:center.sendError"), description: error.message });
      },
    }),
  );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input: SendMessageInput = {
      channel,
      recipient_group: group,
      customer_ids: group === "custom" ? [...selected.keys()] : undefined,
      template_id: template?.id,
      subject: template ? undefined : isEmail ? subject : undefined,
      body: template ? undefined : body,
      idempotency_key: key,
    };
    const parsed = sendMessageInput.safeParse(input);
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= tMessage(issue.message) ?? issue.message;
      setErrors(out);
      return;
    }
    setErrors({});
    setResult(null);
    send.mutate(input as never);
  };

  const insert = (variable: string) => {
    const field = isEmail ? lastField.current : "body";
    if (field === "subject") setSubject((s) => insertAtCursor(subjectRef.current, s, `{{${variable}}}`));
    else setBody((b) => insertAtCursor(bodyRef.current, b, `{{${variable}}}`));
  };
  const toggle = (id: string, name: string) => {
    setErrors(({ customer_ids: _, ...rest }) => rest);
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(id)) next.delete(id);
      else next.set(id, name);
      return next;
    });
  };

  return (
    <div className="grid gap-4" data-testid="appointment-communications-page">
      <ConfigHeader title={t("appointmentMessages:center.title")} subtitle={t("appointmentMessages:center.subtitle")} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card>
          <CardHeader>
            <CardTitle>{t("appointmentMessages:center.compose")}</CardTitle>
          </CardHeader>
          <CardContent>
            <form className="grid gap-4" onSubmit={submit} noValidate data-testid="compose-form">
              <fieldset className="grid gap-1.5">
                <legend className="mb-1.5 text-sm font-medium">{t("appointmentMessages:center.channel")}</legend>
                <div className="flex flex-wrap gap-2" role="radiogroup">
                  {MESSAGE_CHANNELS.map((c) => (
                    <Button
                      key={c}
                      type="button"
                      role="radio"
                      aria-checked={channel === c}
                      variant={channel === c ? "default" : "outline"}
                      className="min-h-11"
                      onClick={() => {
                        setChannel(c);
                        setTemplateId("");
                        setSelected(new Map());
                        setResult(null);
                      }}
                      data-testid={`channel-${c}`}
                    >
                      {t(`appointmentMessages:channels.${c}`)}
                    </Button>
                  ))}
                </div>
                <p className={cn("text-xs", channel === "sms" ? "rounded-md border border-warning bg-warning/15 p-2 text-foreground" : "text-muted-foreground")} data-testid="channel-note">
                  {t(channel === "sms" ? "appointmentMessages:center.smsNotConfigured" : channel === "whatsapp" ? "appointmentMessages:center.whatsappHint" : "appointmentMessages:center.emailHint")}
                </p>
              </fieldset>

              <fieldset className="grid gap-1.5">
                <legend className="mb-1.5 text-sm font-medium">{t("appointmentMessages:center.group")}</legend>
                <div className="grid gap-2 sm:grid-cols-2" role="radiogroup">
                  {RECIPIENT_GROUPS.map((g) => (
                    <label
                      key={g}
                      className={cn("flex min-h-11 cursor-pointer items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm", group === g && "border-primary bg-primary/5")}
                      data-testid={`group-${g}`}
                    >
                      <span className="flex items-center gap-2">
                        <input type="radio" name="recipient-group" value={g} checked={group === g} onChange={() => setGroup(g)} className="accent-primary" />
                        {t(`appointmentMessages:groups.${g}`)}
                      </span>
                      <span className="text-xs tabular-nums text-muted-foreground" data-testid={`group-count-${g}`}>
                        {g === "custom" ? (selected.size > 0 ? selected.size : "") : counts ? t("appointmentMessages:center.groupCount", { count: counts[g] }) : ""}
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>

              {group === "custom" ? (
                <div className="grid gap-2 rounded-md border p-3" data-testid="custom-picker">
                  <Field label={t("appointmentMessages:center.search")} htmlFor="recipient-search" error={errors.customer_ids}>
                    <Input id="recipient-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t("appointmentMessages:center.searchPlaceholder")} autoComplete="off" />
                  </Field>
                  <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
                    <span data-testid="selected-count">{t("appointmentMessages:center.selected", { count: selected.size })}</span>
                    {selected.size > 0 ? (
                      <Button type="button" variant="link" className="h-auto p-0 text-xs" onClick={() => setSelected(new Map())}>
                        {t("appointmentMessages:center.clearSelection")}
                      </Button>
                    ) : null}
                  </div>
                  <ul className="grid max-h-64 gap-1 overflow-y-auto">
                    {(recipients.data?.data ?? []).map((c) => (
                      <li key={c.customer_id}>
                        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 hover:bg-muted/50" data-testid="recipient-option" data-name={c.name}>
                          <input type="checkbox" checked={selected.has(c.customer_id)} onChange={() => toggle(c.customer_id, c.name)} className="size-4 accent-primary" />
                          <span className="grid min-w-0">
                            <span className="truncate text-sm font-medium">{c.name}</span>
                            <span className="truncate text-xs text-muted-foreground">{isEmail ? c.email : c.phone}</span>
                          </span>
                        </label>
                      </li>
                    ))}
                    {recipients.data && recipients.data.data.length === 0 ? <li className="px-2 py-3 text-sm text-muted-foreground">{t("appointmentMessages:center.noMatches")}</li> : null}
                  </ul>
                  {recipients.data && recipients.data.total > recipients.data.data.length ? <p className="text-xs text-muted-foreground">{t("appointmentMessages:center.moreMatches", { total: recipients.data.total })}</p> : null}
                </div>
              ) : null}

              <Field label={t("appointmentMessages:center.template")} htmlFor="message-template">
                <NativeSelect id="message-template" value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
                  <option value="">{t("appointmentMessages:center.freeText")}</option>
                  {channelTemplates.map((tpl) => (
                    <option key={tpl.id} value={tpl.id}>
                      {tpl.name} · {t(`appointmentMessages:kinds.${tpl.kind}`)}
                    </option>
                  ))}
                </NativeSelect>
              </Field>

              {template ? null : (
                <>
                  {isEmail ? (
                    <Field label={t("appointmentMessages:center.subject")} htmlFor="message-subject" error={errors.subject} required>
                      <Input
                        id="message-subject"
                        ref={subjectRef}
                        value={subject}
                        onChange={(e) => {
                          setSubject(e.target.value);
                          setErrors(({ subject: _, ...rest }) => rest);
                        }}
                        onFocus={() => {
                          lastField.current = "subject";
                        }}
                        autoComplete="off"
                        aria-invalid={!!errors.subject}
                      />
                    </Field>
                  ) : null}
                  <VariableChips onInsert={insert} />
                  <Field label={t("appointmentMessages:center.body")} htmlFor="message-body" error={errors.body} required>
                    <Textarea
                      id="message-body"
                      ref={bodyRef}
                      rows={6}
                      value={body}
                      onChange={(e) => {
                        setBody(e.target.value);
                        setErrors(({ body: _, ...rest }) => rest);
                      }}
                      onFocus={() => {
                        lastField.current = "body";
                      }}
                      aria-invalid={!!errors.body}
                    />
                  </Field>
                </>
              )}

              <div className="flex justify-end">
                <Button type="submit" className="min-h-11" disabled={send.isPending} data-testid="send-message">
                  <Send />
                  {send.isPending ? t("appointmentMessages:center.sending") : t("appointmentMessages:center.send")}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
        <div className="grid content-start gap-4 lg:sticky lg:top-4 lg:self-start">
          {result ? <ResultCard result={result} /> : null}
          <Card>
            <CardContent className="grid gap-1 pt-5">
              <MessagePreview
                subject={isEmail ? fill(shownSubject, SAMPLE_VALUES[lang]) : undefined}
                body={fill(shownBody, SAMPLE_VALUES[lang])}
                unknown={unknownVariables(`${isEmail ? shownSubject : ""}\n${shownBody}`)}
                testId="message-preview"
              />
              <p className="text-xs text-muted-foreground">{t("appointmentMessages:center.previewHint")}</p>
            </CardContent>
          </Card>
        </div>
      </div>
      <HistoryCard />
    </div>
  );
}

function ResultCard({ result }: { result: SendResult }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="send-result">
      <CardHeader>
        <CardTitle>{t("appointmentMessages:center.sentTitle")}</CardTitle>
        <CardDescription data-testid="send-summary">
          {result.channel === "sms"
            ? t("appointmentMessages:center.recordedSms", { count: result.recipient_count })
            : t("appointmentMessages:center.sentSummary", { sent: result.sent_count, count: result.recipient_count })}
          {result.failed_count > 0 ? ` ${t("appointmentMessages:center.failedSummary", { failed: result.failed_count })}` : ""}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {result.channel === "whatsapp" ? (
          <>
            <p className="text-sm font-medium">{t("appointmentMessages:center.whatsappLinks")}</p>
            <p className="text-xs text-muted-foreground">{t("appointmentMessages:center.whatsappLinksHint")}</p>
          </>
        ) : null}
        <ul className="grid max-h-80 gap-1 overflow-y-auto" data-testid="result-recipients">
          {result.recipients.map((r) => (
            <li key={r.customer_id} className="flex min-h-11 items-center justify-between gap-2 border-b py-1.5 text-sm last:border-0" data-testid="result-recipient" data-name={r.name}>
              <span className="grid min-w-0">
                <span className="truncate font-medium">{r.name}</span>
                <span className="truncate text-xs text-muted-foreground">{result.channel === "email" ? r.email : r.phone}</span>
              </span>
              {r.link ? (
                <Button asChild variant="outline" size="sm">
                  <a href={r.link} target="_blank" rel="noreferrer" aria-label={t("appointmentMessages:center.open", { name: r.name })} data-testid="whatsapp-link">
                    <ExternalLink />
                    WhatsApp
                  </a>
                </Button>
              ) : (
                <Badge variant={r.status === "failed" ? "destructive" : r.status === "not_configured" ? "warning" : "secondary"}>
                  {result.channel === "whatsapp" && r.status === "failed" ? t("appointmentMessages:center.noPhone") : t(`appointmentMessages:center.status.${r.status}`)}
                </Badge>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function HistoryCard() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const [page, setPage] = React.useState(1);
  const pageSize = 10;
  const q = useQuery({ ...trpc.appointment.getMessages.queryOptions({ page, pageSize }), placeholderData: keepPreviousData });
  const rows = q.data?.data ?? [];
  const total = q.data?.pagination.total ?? 0;
  const fmt = new Intl.DateTimeFormat(i18n.language === "en" ? "en-US" : "es-DO", { day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("appointmentMessages:center.history")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Table stack aria-label={t("appointmentMessages:center.history")}>
          <THead>
            <TR>
              <TH>{t("appointmentMessages:center.date")}</TH>
              <TH>{t("appointmentMessages:center.channel")}</TH>
              <TH>{t("appointmentMessages:center.groupColumn")}</TH>
              <TH>{t("appointmentMessages:center.message")}</TH>
              <TH className="text-right">{t("appointmentMessages:center.recipients")}</TH>
              <TH className="text-right">{t("appointmentMessages:center.sentCount")}</TH>
            </TR>
          </THead>
          <TBody>
            {rows.map((m) => (
              <TR key={m.id} data-testid="history-row">
                <TD stack="primary" className="whitespace-nowrap tabular-nums">
                  {fmt.format(new Date(m.created_at))}
                </TD>
                <TD label={t("appointmentMessages:center.channel")}>{t(`appointmentMessages:channels.${m.channel}`)}</TD>
                <TD label={t("appointmentMessages:center.groupColumn")}>{t(`appointmentMessages:groups.${m.recipient_group}`)}</TD>
                <TD label={t("appointmentMessages:center.message")} className="max-w-80">
                  <span className="line-clamp-2 break-words" data-testid="history-message">
                    {m.subject || m.body}
                  </span>
                </TD>
                <TD label={t("appointmentMessages:center.recipients")} className="text-right tabular-nums" data-testid="history-recipients">
                  {m.recipient_count}
                </TD>
                <TD label={t("appointmentMessages:center.sentCount")} className="text-right tabular-nums" data-testid="history-sent">
                  {m.sent_count}
                </TD>
              </TR>
            ))}
            {q.isLoading ? <SkeletonRows cols={6} /> : null}
            {!q.isLoading && rows.length === 0 ? <EmptyTableRow cols={6} icon={MessagesSquare} title={t("appointmentMessages:center.historyEmpty")} hint={t("appointmentMessages:center.historyEmptyHint")} testId="history-empty" /> : null}
          </TBody>
        </Table>
        {total > 0 ? (
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
            <span>{t("appointmentMessages:center.range", { from: (page - 1) * pageSize + 1, to: Math.min(total, page * pageSize), total })}</span>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {t("appointmentMessages:center.previous")}
              </Button>
              <Button variant="outline" size="sm" disabled={page * pageSize >= total} onClick={() => setPage((p) => p + 1)}>
                {t("appointmentMessages:center.next")}
              </Button>
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
