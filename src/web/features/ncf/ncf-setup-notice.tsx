import { useQuery } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { usePermissions } from "../../lib/permissions";

/** The sale types a shop cannot invoice without (the POS needs one of them to issue). */
const SALE_TYPES = ["B01", "B02"];

/** Whether no sale type can issue: the shop has not entered the authorizations DGII granted it. */
export function needsNcfSetup(types: readonly { code: string; exhausted: boolean }[]): boolean {
  return types.length > 0 && SALE_TYPES.every((code) => types.find((r) => r.code === code)?.exhausted ?? true);
}

function Notice({ withLink }: { withLink: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-start gap-3 rounded-md border border-warning bg-warning/10 p-3 text-sm" data-testid="ncf-setup">
      <AlertTriangle className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t("ncf:setup.title")}</p>
        <p>{t("ncf:setup.body")}</p>
      </div>
      {withLink ? (
        <Button asChild size="sm">
          <Link to="/home/settings/ncf">{t("ncf:setup.action")}</Link>
        </Button>
      ) : null}
    </div>
  );
}

/** On the settings page: shown above the types when no sale type can issue. */
export function NcfSetupNotice({ types }: { types: readonly { code: string; exhausted: boolean }[] }) {
  return needsNcfSetup(types) ? <Notice withLink={false} /> : null;
}

/** On the dashboard, for whoever manages the fiscal settings: a new business is guided to enter its authorizations. */
export function NcfSetupReminder() {
  const trpc = useTRPC();
  const { can } = usePermissions();
  const allowed = can("settings.fiscal");
  const types = useQuery({ ...trpc.ncf.getAllTypes.queryOptions(), enabled: allowed });
  return allowed && types.data && needsNcfSetup(types.data) ? <Notice withLink /> : null;
}
