import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Save } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useTRPC } from "../../../app/trpc";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { usePermissions } from "../../../lib/permissions";
import { AccessDenied, RequirePermission } from "../../shell/guards";
import { FormPageHeader, useFormOf } from "./form-common";

const RIGHTS = ["canView", "canSubmit", "canEdit", "canDelete", "canManageSubmissions"] as const;
type Right = (typeof RIGHTS)[number];
type Row = { role: "admin" | "cashier" } & Record<Right, boolean>;

export function FormPermissionsPage() {
  return (
    <RequirePermission permission="forms.view">
      <PermissionsScreen />
    </RequirePermission>
  );
}

function PermissionsScreen() {
  const { id = "" } = useParams();
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const form = useFormOf(id);
  const loaded = useQuery({ ...trpc.form.getPermissions.queryOptions({ formId: id }), retry: false });
  const [rows, setRows] = React.useState<Row[] | null>(null);
  React.useEffect(() => {
    if (loaded.data) setRows(loaded.data.map((r) => ({ role: r.role, canView: r.canView, canSubmit: r.canSubmit, canEdit: r.canEdit, canDelete: r.canDelete, canManageSubmissions: r.canManageSubmissions })));
  }, [loaded.data]);
  const editable = can("forms.update") && form.data?.status !== "archived";
  const save = useMutation(
    trpc.form.setPermissions.mutationOptions({
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.form.pathFilter());
        toast({ variant: "success", title: t("formScreens:toast.permissionsSaved") });
      },
    }),
  );
  if (form.isError || loaded.isError) return <AccessDenied message={form.error?.message ?? loaded.error?.message ?? t("formScreens:loadError")} />;
  const set = (role: Row["role"], right: Right, value: boolean) => setRows((rs) => rs?.map((r) => (r.role === role ? { ...r, [right]: value } : r)) ?? rs);

  return (
    <div className="grid gap-4">
      <FormPageHeader
        formId={id}
        name={form.data?.name}
        status={form.data?.status}
        loading={form.isLoading}
        title={t("formScreens:permissions.title")}
        subtitle={form.data ? t("formScreens:permissions.subtitle", { name: form.data.name }) : undefined}
      />
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <p className="text-sm text-muted-foreground">{t("formScreens:permissions.hint")}</p>
          <form
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (rows && editable) save.mutate({ formId: id, permissions: rows });
            }}
          >
            <Table stack aria-label={t("formScreens:permissions.title")} data-testid="form-permissions">
              <THead>
                <TR>
                  <TH>{t("formScreens:permissions.role")}</TH>
                  {RIGHTS.map((r) => (
                    <TH key={r} className="text-center">
                      {t(`formScreens:permissions.rights.${r}`)}
                    </TH>
                  ))}
                </TR>
              </THead>
              <TBody>
                <TR>
                  <TD stack="primary" className="font-medium">
                    {t("formScreens:permissions.roles.owner")}
                    <div className="text-xs font-normal text-muted-foreground">{t("formScreens:permissions.ownerAlways")}</div>
                  </TD>
                  {RIGHTS.map((r) => (
                    <TD key={r} className="text-center" label={t(`formScreens:permissions.rights.${r}`)}>
                      <input
                        type="checkbox"
                        className="size-5 accent-primary"
                        checked
                        disabled
                        aria-label={t("formScreens:permissions.rightOf", { right: t(`formScreens:permissions.rights.${r}`), role: t("formScreens:permissions.roles.owner") })}
                      />
                    </TD>
                  ))}
                </TR>
                {rows === null ? <SkeletonRows rows={2} cols={6} /> : null}
                {rows?.map((row) => (
                  <TR key={row.role} data-testid={`permissions-${row.role}`}>
                    <TD stack="primary" className="font-medium">
                      {t(`formScreens:permissions.roles.${row.role}`)}
                    </TD>
                    {RIGHTS.map((r) => (
                      <TD key={r} className="text-center" label={t(`formScreens:permissions.rights.${r}`)}>
                        <input
                          type="checkbox"
                          className="size-5 accent-primary"
                          checked={row[r]}
                          disabled={!editable || save.isPending}
                          onChange={(e) => set(row.role, r, e.target.checked)}
                          aria-label={t("formScreens:permissions.rightOf", { right: t(`formScreens:permissions.rights.${r}`), role: t(`formScreens:permissions.roles.${row.role}`) })}
                          data-testid={`${row.role}-${r}`}
                        />
                      </TD>
                    ))}
                  </TR>
                ))}
              </TBody>
            </Table>
            {editable ? (
              <div className="flex justify-end">
                <Button type="submit" disabled={rows === null || save.isPending} data-testid="save-permissions">
                  <Save />
                  {save.isPending ? t("formScreens:permissions.saving") : t("formScreens:permissions.save")}
                </Button>
              </div>
            ) : null}
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
