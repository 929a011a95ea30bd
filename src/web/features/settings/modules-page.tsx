import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useTRPC } from "../../app/trpc";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { Switch } from "../../components/ui/switch";
import { toast } from "../../components/ui/use-toast";
import { SESSION_KEY } from "../../lib/session";
import { RequirePermission } from "../shell/guards";

const ALWAYS_ON = ["settings", "dashboard"];

export function ModulesPage() {
  return (
    <RequirePermission permission="settings.modules">
      <ModulesScreen />
    </RequirePermission>
  );
}

function ModulesScreen() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const modules = useQuery(trpc.modules.getAll.queryOptions());
  const setEnabled = useMutation(
    trpc.modules.setEnabled.mutationOptions({
      onSuccess: async (_d, v) => {
        qc.setQueryData(trpc.modules.getAll.queryKey(), _d);
        await qc.invalidateQueries({ queryKey: SESSION_KEY });
        toast({ title: v.enabled ? t("settings:modules.enabled") : t("settings:modules.disabled"), variant: "success" });
      },
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("settings:tabs.modules")}</CardTitle>
        <CardDescription>{t("settings:modules.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {modules.isLoading ? Array.from({ length: 6 }, (_, i) => <Skeleton key={i} className="h-14" />) : null}
        {modules.data?.map((m) => (
          <div key={m.code} className="flex items-center justify-between gap-3 rounded-md border p-3" data-module={m.code}>
            <label htmlFor={`module-${m.code}`} className="text-sm font-medium">
              {t(`settings:modules.names.${m.code}`)}
            </label>
            <Switch
              id={`module-${m.code}`}
              checked={m.enabled}
              disabled={ALWAYS_ON.includes(m.code) || setEnabled.isPending}
              onCheckedChange={(enabled) => setEnabled.mutate({ module: m.code as never, enabled })}
            />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
