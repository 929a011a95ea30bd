import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../shared/money/format";
import type { VoucherStatus, VoucherType } from "../../../shared/vouchers/schemas";
import { Badge } from "../../components/ui/badge";

const VARIANT: Record<VoucherStatus, "success" | "warning" | "destructive" | "outline" | "secondary"> = {
  active: "success",
  used: "secondary",
  expired: "outline",
  cancelled: "destructive",
  lost: "warning",
  stolen: "warning",
};

/** A voucher's status with its label (Activo, Usado, Expirado, Cancelado, Perdido, Robado). */
export function VoucherStatusBadge({ status }: { status: VoucherStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={VARIANT[status] ?? "outline"} data-testid="voucher-status" data-status={status}>
      {t(`vouchers:status.${status}`)}
    </Badge>
  );
}

/** A batch's or voucher's value: RD$ for a fixed one, 'n %' for a percentage one. */
export function formatVoucherValue(value: string, type: string, lang: string): string {
  return (type as VoucherType) === "percentage" ? `${Number(value).toLocaleString(lang === "en" ? "en-US" : "es-DO", { maximumFractionDigits: 2 })} %` : formatMoney(value, lang);
}

/** Saves a blob under `name` through a temporary link. */
export function downloadBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** RFC 4180 text (a field with a comma, quote or line break is quoted), with a BOM so spreadsheets read the accents. */
export function toCsv(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const field = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `\uFEFF${[headers, ...rows].map((r) => r.map(field).join(",")).join("\r\n")}\r\n`;
}
