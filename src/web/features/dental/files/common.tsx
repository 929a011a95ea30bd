import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { LabOrderStatus, PrescriptionStatus } from "../../../../shared/dental/constants";
import { DENTAL_MAX_FILE_BYTES } from "../../../../shared/dental/constants";
import type { DentalUpload } from "../../../../shared/dental/files";
import { Badge } from "../../../components/ui/badge";
import i18n from "../../../lib/i18n";

/** The multi-line field of the area's dialogs (the app has no textarea component). */
export const textareaClass =
  "flex min-h-16 w-full rounded-[var(--radius-button)] border border-input bg-card px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive";

/**
 * POST /api/dental/upload: the stored file's { url, name, size, type }, or throws with the
 * server's message (in the app's language). A file over 10 MB is refused before it is sent.
 */
export async function uploadDentalFile(file: File): Promise<DentalUpload> {
  if (file.size > DENTAL_MAX_FILE_BYTES) throw new Error(i18n.t("dentalFiles:errors.fileTooLarge"));
  const body = new FormData();
  body.append("file", file);
  const res = await fetch("/api/dental/upload", { method: "POST", body, credentials: "same-origin", headers: { "x-locale": i18n.language } });
  const json = (await res.json().catch(() => ({}))) as Partial<DentalUpload> & { message?: string };
  if (!res.ok || !json.url) throw new Error(json.message ?? i18n.t("dentalFiles:errors.uploadFailed"));
  return { url: json.url, name: json.name ?? file.name, size: json.size ?? file.size, type: json.type ?? file.type };
}

/** Saves a { fileName, mimeType, base64 } answer (a PDF) as a download. */
export function saveBase64(file: { fileName: string; mimeType: string; base64: string }) {
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mimeType }));
  const a = document.createElement("a");
  a.href = url;
  a.download = file.fileName;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** '2,4 MB' / '820 KB'. */
export function formatSize(bytes: number, lang: string): string {
  const format = (n: number) => n.toLocaleString(lang === "en" ? "en-US" : "es-DO", { maximumFractionDigits: 1 });
  return bytes >= 1_048_576 ? `${format(bytes / 1_048_576)} MB` : `${format(Math.max(1, bytes / 1024))} KB`;
}

/** '36, 37' or '—'. */
export function teethText(teeth: readonly number[]): string {
  return teeth.length ? teeth.join(", ") : "—";
}

/** Today as YYYY-MM-DD on this device (the default date of a new x-ray or a due date). */
export function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

export function PrescriptionStatusBadge({ status }: { status: PrescriptionStatus }) {
  const { t } = useTranslation();
  const variant = status === "active" ? "success" : status === "cancelled" ? "destructive" : "secondary";
  return (
    <Badge variant={variant} data-testid="prescription-status">
      {t(`dentalFiles:prescriptionStatus.${status}`)}
    </Badge>
  );
}

export function LabOrderStatusBadge({ status, overdue }: { status: LabOrderStatus; overdue?: boolean }) {
  const { t } = useTranslation();
  const variant = status === "completed" ? "success" : status === "cancelled" ? "destructive" : status === "pending" ? "outline" : "secondary";
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge variant={variant} data-testid="lab-order-status">
        {t(`dentalFiles:labStatus.${status}`)}
      </Badge>
      {overdue ? (
        <Badge variant="warning" data-testid="lab-order-overdue">
          {t("dentalFiles:labOrders.overdueBadge")}
        </Badge>
      ) : null}
    </span>
  );
}

/** The patient's name linking to the profile's tab (lists across patients). */
export function PatientLink({ id, name, number, tab }: { id: string; name: string; number: number; tab: string }) {
  return (
    <Link to={`/home/dental/patients/${id}?tab=${tab}`} className="font-medium break-words hover:underline">
      {name}
      <span className="ml-1 text-xs font-normal text-muted-foreground">HC-{String(number).padStart(4, "0")}</span>
    </Link>
  );
}

/**
 * A list's search, one select filter, page and page size kept in the component (a profile tab; the
 * pages keep theirs in the address). Changing the search or the filter goes back to page 1.
 */
export function useLocalList<F extends string = string>(pageSize = 10) {
  const [text, setText] = React.useState("");
  const [search, setSearch] = React.useState("");
  const [filter, setFilterValue] = React.useState<F | null>(null);
  const [page, setPage] = React.useState(1);
  const [size, setSize] = React.useState(pageSize);
  React.useEffect(() => {
    const id = window.setTimeout(() => {
      setSearch(text.trim());
      setPage(1);
    }, 300);
    return () => window.clearTimeout(id);
  }, [text]);
  return {
    text,
    setText,
    search,
    filter,
    setFilter: (value: string | null) => {
      setFilterValue(value as F | null);
      setPage(1);
    },
    page,
    pageSize: size,
    setPage,
    setPageSize: (s: number) => {
      setSize(s);
      setPage(1);
    },
  };
}

/** The first message of a failed zod parse (an i18n key), translated. */
export function firstIssue(issues: readonly { message: string }[]): string | null {
  const message = issues[0]?.message;
  return message ? i18n.t(message.includes(":") ? message : "errors:invalidInput") : null;
}
