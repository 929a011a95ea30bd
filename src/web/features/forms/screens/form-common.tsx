import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, BarChart3, Inbox, PenLine, Share2, ShieldCheck } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { useTRPC } from "../../../app/trpc";
import { Badge } from "../../../components/ui/badge";
import { Skeleton } from "../../../components/ui/skeleton";
import { cn } from "../../../lib/utils";

export const FORM_STATUSES = ["draft", "published", "archived"] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];
export const SUBMISSION_STATUSES = ["pending", "approved", "rejected"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

const formVariant = { draft: "secondary", published: "success", archived: "outline" } as const;
const submissionVariant = { pending: "warning", approved: "success", rejected: "destructive" } as const;

/** 'Borrador' / 'Publicado' / 'Archivado'. */
export function FormStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const s = (FORM_STATUSES as readonly string[]).includes(status) ? (status as FormStatus) : "draft";
  return (
    <Badge variant={formVariant[s]} data-testid="form-status">
      {t(`formScreens:status.${s}`)}
    </Badge>
  );
}

/** 'Pendiente' / 'Aprobado' / 'Rechazado'. */
export function SubmissionStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const s = (SUBMISSION_STATUSES as readonly string[]).includes(status) ? (status as SubmissionStatus) : "pending";
  return (
    <Badge variant={submissionVariant[s]} data-testid="submission-status">
      {t(`formScreens:submissionStatus.${s}`)}
    </Badge>
  );
}

/** The form a sub-page is about (form.getById). */
export function useFormOf(id: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.form.getById.queryOptions({ id }), retry: false });
}

const TABS = [
  { to: "fill", icon: PenLine },
  { to: "submissions", icon: Inbox },
  { to: "reports", icon: BarChart3 },
  { to: "share", icon: Share2 },
  { to: "permissions", icon: ShieldCheck },
] as const;

/**
 * The heading of a form's sub-page: back to the list, the form's name and status, what the page
 * is, links to the form's other pages (fill in, responses, reports, share, permissions), and its actions.
 */
export function FormPageHeader({
  formId,
  name,
  status,
  title,
  subtitle,
  loading,
  children,
}: {
  formId: string;
  name?: string;
  status?: string;
  title: string;
  subtitle?: string;
  loading?: boolean;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3">
      <Link to="/home/forms" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline">
        <ArrowLeft className="size-4" />
        {t("formScreens:back")}
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">{title}</h1>
          {loading ? (
            <Skeleton className="mt-1 h-5 w-64 max-w-full" />
          ) : (
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <span className="break-words">{subtitle ?? name}</span>
              {status ? <FormStatusBadge status={status} /> : null}
            </p>
          )}
        </div>
        {children}
      </div>
      <nav aria-label={t("formScreens:tabs.label")} className="-mx-1 flex flex-wrap gap-1">
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={`/home/forms/${formId}/${tab.to}`}
            end={tab.to !== "submissions"}
            data-testid={`form-tab-${tab.to}`}
            className={({ isActive }) =>
              cn(
                "inline-flex min-h-10 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground",
                isActive && "bg-muted text-foreground",
              )
            }
          >
            <tab.icon className="size-4" />
            {t(`formScreens:tabs.${tab.to}`)}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}

/** base64 → a downloaded file. */
export function base64Bytes(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}
