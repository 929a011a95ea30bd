import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Check, ChevronLeft, ChevronRight, FileIcon, RotateCcw, Star, X } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { choicesOf, type FormField, type FormSchema } from "../../../../shared/forms/schema";
import { useTRPC } from "../../../app/trpc";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { formatDateTime } from "../../../lib/dates";
import { usePermissions } from "../../../lib/permissions";
import { AccessDenied, RequirePermission } from "../../shell/guards";
import { type SubmissionStatus, SubmissionStatusBadge } from "./form-common";
import { longDate, longDateTime, safeUrl, submitterLabel } from "./format";

export function SubmissionDetailPage() {
  return (
    <RequirePermission permission="forms.view">
      <DetailScreen />
    </RequirePermission>
  );
}

type FileAnswer = { name?: string; type?: string; size?: number; url?: string };

function Answer({ field, value }: { field: FormField; value: unknown }) {
  const { t, i18n } = useTranslation();
  if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) {
    return <span className="text-muted-foreground italic">{t("formScreens:detail.noAnswer")}</span>;
  }
  const label = (v: string) => choicesOf(field).find((o) => o.value === v)?.label ?? v;
  switch (field.type) {
    case "signature":
      return typeof value === "string" && value.startsWith("data:image/png;base64,") ? (
        <img src={value} alt={t("formScreens:detail.signatureAlt", { label: field.label })} className="h-28 max-w-full rounded-md border bg-white object-contain" data-testid="answer-signature" />
      ) : (
        <span>{t("formScreens:detail.signature")}</span>
      );
    case "file":
    case "image": {
      const files = (Array.isArray(value) ? value : [value]) as FileAnswer[];
      return (
        <ul className="flex flex-wrap gap-3">
          {files.map((f, i) => {
            const url = safeUrl(f?.url);
            const isImage = typeof f?.type === "string" && f.type.startsWith("image/");
            const name = f?.name ?? url ?? "";
            return (
              <li key={i} className="grid max-w-40 gap-1 text-sm">
                {url && isImage ? <img src={url} alt={name} className="size-28 rounded-md border object-cover" loading="lazy" /> : null}
                {url ? (
                  <a href={url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 break-all text-primary underline" data-testid="answer-file">
                    {isImage ? null : <FileIcon className="size-4 shrink-0" />}
                    {name}
                  </a>
                ) : (
                  <span className="break-all">{name}</span>
                )}
              </li>
            );
          })}
        </ul>
      );
    }
    case "select":
    case "radio":
      return <span>{label(String(value))}</span>;
    case "checkbox":
      if (typeof value === "boolean") return <span>{value ? t("formScreens:yes") : t("formScreens:no")}</span>;
      return <span>{(Array.isArray(value) ? value : [value]).map((v) => label(String(v))).join(", ")}</span>;
    case "toggle":
      return <span>{value === true ? t("formScreens:yes") : t("formScreens:no")}</span>;
    case "rating":
      return (
        <span className="inline-flex items-center gap-1" title={String(value)}>
          {Array.from({ length: 5 }, (_, i) => (
            <Star key={i} className={i < Number(value) ? "size-4 fill-current text-warning" : "size-4 text-muted-foreground"} aria-hidden />
          ))}
          <span className="ml-1 tabular-nums">{String(value)}/5</span>
        </span>
      );
    case "date":
      return <span>{typeof value === "string" ? longDate(value, i18n.language) : String(value)}</span>;
    case "color":
      return (
        <span className="inline-flex items-center gap-2">
          <span className="size-5 rounded border" style={{ backgroundColor: String(value) }} aria-hidden />
          <span className="font-mono">{String(value)}</span>
        </span>
      );
    default:
      return <span className="whitespace-pre-wrap break-words">{typeof value === "object" ? JSON.stringify(value) : String(value)}</span>;
  }
}

function DetailScreen() {
  const { id = "", submissionId = "" } = useParams();
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const sub = useQuery({ ...trpc.formSubmission.getById.queryOptions({ id: submissionId }), retry: false });
  const s = sub.data;
  // Numbers run 1, 2, 3 … per form (nothing is deleted): the neighbours are number ± 1.
  const neighbour = (n: number) => ({ ...trpc.formSubmission.getAll.queryOptions({ formId: id, search: String(n), pageSize: 10 }), enabled: !!s && n >= 1, select: (p: { data: { id: string; number: number }[] }) => p.data.find((r) => r.number === n)?.id ?? null });
  const prev = useQuery(neighbour((s?.number ?? 0) - 1));
  const next = useQuery(neighbour((s?.number ?? 0) + 1));
  const setStatus = useMutation(
    trpc.formSubmission.setStatus.mutationOptions({
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.formSubmission.pathFilter());
        toast({ variant: "success", title: t("formScreens:toast.statusChanged") });
      },
    }),
  );

  if (sub.isError) return <AccessDenied message={sub.error.message || t("formScreens:loadError")} />;
  const back = `/home/forms/${id}/submissions`;
  const data = (s?.data ?? {}) as Record<string, unknown>;
  const schema = s?.schema as FormSchema | undefined;
  const canManage = can("forms.manage_submissions");
  const action = (status: SubmissionStatus, icon: React.ReactNode, text: string, variant: "default" | "destructive" | "outline", testId: string) =>
    s && s.status !== status ? (
      <Button variant={variant} disabled={setStatus.isPending} onClick={() => setStatus.mutate({ id: s.id, status })} data-testid={testId}>
        {icon}
        {text}
      </Button>
    ) : null;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={back} className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline">
          <ArrowLeft className="size-4" />
          {t("formScreens:detail.back")}
        </Link>
        <div className="flex gap-2">
          {prev.data ? (
            <Button asChild variant="outline" size="icon">
              <Link to={`${back}/${prev.data}`} aria-label={t("formScreens:detail.previous")} title={t("formScreens:detail.previous")} data-testid="previous-submission">
                <ChevronLeft />
              </Link>
            </Button>
          ) : null}
          {next.data ? (
            <Button asChild variant="outline" size="icon">
              <Link to={`${back}/${next.data}`} aria-label={t("formScreens:detail.next")} title={t("formScreens:detail.next")} data-testid="next-submission">
                <ChevronRight />
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
      {!s || !schema ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="min-w-0">
              <h1 className="text-2xl font-bold">{t("formScreens:detail.title", { n: s.number })}</h1>
              <p className="break-words text-sm text-muted-foreground">{s.formName}</p>
            </div>
            {canManage ? (
              <div className="flex flex-wrap gap-2">
                {action("approved", <Check />, t("formScreens:detail.approve"), "default", "approve-submission")}
                {action("rejected", <X />, t("formScreens:detail.reject"), "destructive", "reject-submission")}
                {action("pending", <RotateCcw />, t("formScreens:detail.pending"), "outline", "pending-submission")}
              </div>
            ) : null}
          </div>
          <Card>
            <CardContent className="grid gap-4 pt-5 sm:grid-cols-2 lg:grid-cols-4">
              <div className="grid gap-1">
                <span className="text-xs text-muted-foreground">{t("formScreens:detail.status")}</span>
                <div>
                  <SubmissionStatusBadge status={s.status} />
                </div>
                <span className="text-xs text-muted-foreground" data-testid="status-changed">
                  {s.statusChangedAt
                    ? t("formScreens:detail.changedBy", { status: t(`formScreens:submissionStatus.${s.status}`), name: s.statusChangedByName ?? "—", date: formatDateTime(s.statusChangedAt, i18n.language) })
                    : t("formScreens:detail.notChanged")}
                </span>
              </div>
              <div className="grid content-start gap-1">
                <span className="text-xs text-muted-foreground">{t("formScreens:detail.submitter")}</span>
                <span className="break-words">{submitterLabel(t, s.submittedByName, s.submitterIp)}</span>
              </div>
              <div className="grid content-start gap-1 text-sm" data-testid="submitted-at">
                {t("formScreens:detail.submittedAt", { date: longDateTime(s.createdAt, i18n.language) })}
              </div>
              <div className="grid content-start gap-1 text-sm">{t("formScreens:detail.version", { n: s.version })}</div>
            </CardContent>
          </Card>
          {schema.groups.map((g) => (
            <Card key={g.id}>
              <CardHeader>
                <CardTitle className="text-base">{g.name || t("formScreens:detail.answers")}</CardTitle>
              </CardHeader>
              <CardContent>
                <dl className="grid gap-4 sm:grid-cols-2">
                  {g.fields.map((f) => (
                    <div key={f.key} className={f.type === "textarea" || f.type === "file" || f.type === "image" || f.type === "signature" ? "grid gap-1 sm:col-span-2" : "grid gap-1"} data-testid="answer" data-key={f.key}>
                      <dt className="text-sm font-medium text-muted-foreground">{f.label || f.key}</dt>
                      <dd className="min-w-0">
                        <Answer field={f} value={data[f.key]} />
                      </dd>
                    </div>
                  ))}
                </dl>
              </CardContent>
            </Card>
          ))}
        </>
      )}
    </div>
  );
}
