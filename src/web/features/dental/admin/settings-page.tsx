import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Save } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { normalizeRights } from "../../../../shared/dental/catalogue";
import { CHART_NOTATIONS, type ChartNotation } from "../../../../shared/dental/constants";
import { DENTAL_RIGHTS, type DentalRight, type DentalRoleRights } from "../../../../shared/dental/permissions";
import { useTRPC } from "../../../app/trpc";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { AccessDenied } from "../../shell/guards";
import { RequireDentalRight } from "../dental-layout";
import { CatalogueCard } from "./catalogue-card";

const ROLES = ["admin", "cashier"] as const;
type EditableRole = (typeof ROLES)[number];

/** /home/dental/settings (right 'settings'): module permissions per role, the chart notation and the procedure catalogue. */
export function DentalSettingsPage() {
  return (
    <RequireDentalRight right="settings">
      <SettingsScreen />
    </RequireDentalRight>
  );
}

function SettingsScreen() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <div>
        <h1 className="text-2xl font-bold">{t("dentalAdmin:settings.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("dentalAdmin:settings.subtitle")}</p>
      </div>
      <PermissionsAndNotation />
      <CatalogueCard />
    </div>
  );
}

function PermissionsAndNotation() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const loaded = useQuery({ ...trpc.dental.getSettings.queryOptions(), meta: { silent: true } });
  const [rights, setRights] = React.useState<DentalRoleRights | null>(null);
  const [notation, setNotation] = React.useState<ChartNotation>("fdi");
  React.useEffect(() => {
    if (!loaded.data) return;
    setRights(loaded.data.roleRights);
    setNotation(loaded.data.chartNotation);
  }, [loaded.data]);
  const save = useMutation(
    trpc.dental.updateSettings.mutationOptions({
      onSuccess: async (saved) => {
        setRights(saved.roleRights);
        // Every dental query: the rights (menu, guards) and the notation take effect at once.
        await qc.invalidateQueries(trpc.dental.pathFilter());
        toast({ variant: "success", title: t("dentalAdmin:settings.saved") });
      },
    }),
  );
  if (loaded.isError) return <AccessDenied message={loaded.error.message || t("dentalAdmin:settings.loadError")} />;

  const toggle = (role: EditableRole, right: DentalRight, on: boolean) =>
    setRights((r) => {
      if (!r) return r;
      const next = on ? [...r[role], right] : r[role].filter((x) => x !== right);
      // Removing 'access' removes the role from the module (every other right needs it).
      return { ...r, [role]: right === "access" && !on ? [] : normalizeRights(next) };
    });
  const roleName = (role: string) => t(`dentalAdmin:roles.${role}`);
  const rightName = (right: DentalRight) => t(`dentalAdmin:rights.${right}.name`);

  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (rights) save.mutate({ roleRights: rights, chartNotation: notation });
      }}
    >
      <Card>
        <CardHeader>
          <CardTitle>{t("dentalAdmin:settings.permissions.title")}</CardTitle>
          <CardDescription>
            {t("dentalAdmin:settings.permissions.description")} {t("dentalAdmin:settings.permissions.accessImplied")}. {t("dentalAdmin:settings.permissions.ownerNote")}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Table stack aria-label={t("dentalAdmin:settings.permissions.title")} data-testid="dental-permissions">
            <THead>
              <TR>
                <TH>{t("dentalAdmin:settings.permissions.right")}</TH>
                <TH className="text-center">
                  {roleName("owner")}
                  <div className="text-xs font-normal text-muted-foreground">{t("dentalAdmin:settings.permissions.ownerAlways")}</div>
                </TH>
                {ROLES.map((role) => (
                  <TH key={role} className="text-center">
                    {roleName(role)}
                  </TH>
                ))}
              </TR>
            </THead>
            <TBody>
              {DENTAL_RIGHTS.map((right) => (
                <TR key={right} data-testid={`right-${right}`}>
                  <TD stack="primary">
                    <div className="font-medium">{rightName(right)}</div>
                    <div className="text-xs text-muted-foreground">{t(`dentalAdmin:rights.${right}.hint`)}</div>
                  </TD>
                  <TD className="text-center" label={roleName("owner")} stack="hide">
                    <input type="checkbox" className="size-5 accent-primary" checked disabled aria-label={t("dentalAdmin:settings.permissions.rightOf", { right: rightName(right), role: roleName("owner") })} />
                  </TD>
                  {ROLES.map((role) => (
                    <TD key={role} className="text-center" label={roleName(role)}>
                      {rights ? (
                        <input
                          type="checkbox"
                          className="size-5 accent-primary"
                          checked={rights[role].includes(right)}
                          disabled={save.isPending}
                          onChange={(e) => toggle(role, right, e.target.checked)}
                          aria-label={t("dentalAdmin:settings.permissions.rightOf", { right: rightName(right), role: roleName(role) })}
                          data-testid={`${role}-${right}`}
                        />
                      ) : (
                        <Skeleton className="mx-auto size-5" />
                      )}
                    </TD>
                  ))}
                </TR>
              ))}
            </TBody>
          </Table>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle id="dental-notation-title">{t("dentalAdmin:settings.notation.title")}</CardTitle>
          <CardDescription>{t("dentalAdmin:settings.notation.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <div role="radiogroup" aria-labelledby="dental-notation-title" className="grid gap-2 sm:grid-cols-3">
            {CHART_NOTATIONS.map((n) => (
              <label key={n} className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:bg-accent">
                <input type="radio" name="chart-notation" value={n} checked={notation === n} onChange={() => setNotation(n)} className="mt-1 size-4 accent-primary" data-testid={`notation-${n}`} />
                <span>
                  <span className="block font-medium">{t(`dentalAdmin:notations.${n}.name`)}</span>
                  <span className="block text-xs text-muted-foreground">{t(`dentalAdmin:notations.${n}.hint`)}</span>
                </span>
              </label>
            ))}
          </div>
        </CardContent>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" disabled={!rights || save.isPending} data-testid="save-dental-settings">
          <Save />
          {save.isPending ? t("dentalAdmin:settings.saving") : t("dentalAdmin:settings.save")}
        </Button>
      </div>
    </form>
  );
}
