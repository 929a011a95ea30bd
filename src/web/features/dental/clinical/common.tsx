import { useTranslation } from "react-i18next";
import type { VitalSigns } from "../../../../shared/dental/clinical";
import type { PlanStatus } from "../../../../shared/dental/constants";
import { formatMoney } from "../../../../shared/money/format";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/utils";

/** Shared bits of the clinical area's screens: status badges, money in the plan's currency, vitals in one line. */

const PLAN_VARIANT: Record<PlanStatus, "default" | "secondary" | "success" | "warning" | "destructive" | "outline"> = {
  draft: "outline",
  proposed: "warning",
  active: "default",
  approved: "default",
  in_progress: "default",
  completed: "success",
  cancelled: "destructive",
};

export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={PLAN_VARIANT[status]} data-testid="plan-status">
      {t(`dentalClinical:planStatus.${status}`)}
    </Badge>
  );
}

export function ProcedureStatusBadge({ status }: { status: "pending" | "done" | "cancelled" }) {
  const { t } = useTranslation();
  return <Badge variant={status === "done" ? "success" : status === "cancelled" ? "destructive" : "outline"}>{t(`dentalClinical:procedureStatus.${status}`)}</Badge>;
}

export function usePlanMoney(currency: string) {
  const { i18n } = useTranslation();
  return (v: string | number | null | undefined) => formatMoney(v ?? 0, i18n.language, currency);
}

/** 'PA 120/80 · FC 72 · T 36.6 °C · 70.5 kg', or nothing. */
export function VitalsLine({ vitals, className }: { vitals: VitalSigns; className?: string }) {
  const { t } = useTranslation();
  const parts: string[] = [];
  if (vitals.bloodPressure) parts.push(`${t("dentalClinical:vitals.bpShort")} ${vitals.bloodPressure}`);
  if (vitals.heartRate !== undefined && vitals.heartRate !== null) parts.push(`${t("dentalClinical:vitals.hrShort")} ${vitals.heartRate}`);
  if (vitals.temperature) parts.push(`${vitals.temperature} °C`);
  if (vitals.weight) parts.push(`${vitals.weight} kg`);
  if (parts.length === 0) return null;
  return (
    <p className={cn("text-xs text-muted-foreground tabular-nums", className)} title={t("dentalClinical:vitals.title")} data-testid="record-vitals">
      {parts.join(" · ")}
    </p>
  );
}

/** The bar of done procedures over all live ones. */
export function ProgressBar({ done, total }: { done: number; total: number }) {
  const { t } = useTranslation();
  const pct = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <div className="grid gap-1">
      <div className="h-2 w-full overflow-hidden rounded-full bg-muted" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label={t("dentalClinical:plan.progress")}>
        <div className="h-full bg-primary transition-all" style={{ width: `${pct}%` }} />
      </div>
      <p className="text-xs text-muted-foreground">{t("dentalClinical:plan.progressText", { done, total })}</p>
    </div>
  );
}

/** POST /api/dental/upload (the files area's route): the stored file's {url, name, size, type}, or throws with the server's message. */
export async function uploadDentalFile(file: File): Promise<{ url: string; name: string; size: number; type: string }> {
  const body = new FormData();
  body.append("file", file);
  const res = await fetch("/api/dental/upload", { method: "POST", body, credentials: "same-origin" });
  const json = (await res.json().catch(() => ({}))) as { message?: string; url?: string; name?: string; size?: number; type?: string };
  if (!res.ok || !json.url) throw new Error(json.message ?? res.statusText);
  return { url: json.url, name: json.name ?? file.name, size: json.size ?? file.size, type: json.type ?? file.type };
}

/** base64 → a file the browser opens (the consent PDF). */
export function openBase64(base64: string, mimeType: string, fileName: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: mimeType }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
