import type { TFunction } from "i18next";
import { formatDate } from "../../lib/dates";

/** What a cashier is told about an NCF type that is running out, expiring or used up (null: nothing). */
export function ncfWarningText(
  t: TFunction,
  type: { code: string; remaining: number; lowRange?: boolean; expiringSoon?: boolean; exhausted?: boolean; lastExpiresOn?: string | null },
  lang: string,
): string | null {
  if (type.exhausted) return t("ncf:errors.noNcfLeft", { code: type.code });
  if (type.lowRange) return t("pos:checkout.lowRange", { code: type.code, remaining: type.remaining });
  if (type.expiringSoon) return t("pos:checkout.expiringRange", { code: type.code, date: formatDate(type.lastExpiresOn, lang) });
  return null;
}
