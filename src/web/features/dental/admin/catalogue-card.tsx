import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { type DentalProcedureType, procedureTypeCreateInput, procedureTypeUpdateInput } from "../../../../shared/dental/catalogue";
import { PROCEDURE_SCOPES, TOOTH_STATUSES } from "../../../../shared/dental/constants";
import { formatMoney } from "../../../../shared/money/format";
import { useTRPC } from "../../../app/trpc";
import { FormDialog } from "../../../components/form-dialog";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Dialog, DialogContent } from "../../../components/ui/dialog";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { Switch } from "../../../components/ui/switch";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";

/** The procedure catalogue: list (inactive on request), add and edit in a dialog. */
export function CatalogueCard() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const [showInactive, setShowInactive] = React.useState(false);
  const [editing, setEditing] = React.useState<DentalProcedureType | "new" | null>(null);
  const list = useQuery(trpc.dental.getProcedureTypes.queryOptions({ includeInactive: showInactive }));
  const entries = list.data ?? [];
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>{t("dentalAdmin:catalogue.title")}</CardTitle>
          <CardDescription>{t("dentalAdmin:catalogue.description")}</CardDescription>
        </div>
        <Button type="button" onClick={() => setEditing("new")} data-testid="add-procedure-type">
          <Plus />
          {t("dentalAdmin:catalogue.add")}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        <label className="flex items-center gap-2 text-sm">
          <Switch checked={showInactive} onCheckedChange={setShowInactive} aria-label={t("dentalAdmin:catalogue.showInactive")} data-testid="show-inactive" />
          {t("dentalAdmin:catalogue.showInactive")}
        </label>
        <Table stack aria-label={t("dentalAdmin:catalogue.title")} data-testid="procedure-types">
          <THead>
            <TR>
              <TH>{t("dentalAdmin:catalogue.code")}</TH>
              <TH>{t("dentalAdmin:catalogue.name")}</TH>
              <TH className="text-right">{t("dentalAdmin:catalogue.price")}</TH>
              <TH>{t("dentalAdmin:catalogue.scope")}</TH>
              <TH>{t("dentalAdmin:catalogue.resultStatus")}</TH>
              <TH>{t("dentalAdmin:catalogue.status")}</TH>
              <TH>
                <span className="sr-only">{t("dentalAdmin:catalogue.actions")}</span>
              </TH>
            </TR>
          </THead>
          <TBody>
            {list.isLoading ? <SkeletonRows rows={4} cols={7} /> : null}
            {!list.isLoading && entries.length === 0 ? (
              <TR>
                <TD colSpan={7} className="py-6 text-center text-muted-foreground">
                  {t("dentalAdmin:catalogue.empty")}
                </TD>
              </TR>
            ) : null}
            {entries.map((p) => (
              <TR key={p.id} data-testid="procedure-type-row">
                <TD label={t("dentalAdmin:catalogue.code")} className="font-mono text-xs">
                  {p.code}
                </TD>
                <TD stack="primary" className="font-medium">
                  {p.name}
                </TD>
                <TD label={t("dentalAdmin:catalogue.price")} className="text-right tabular-nums">
                  {formatMoney(p.price, i18n.language)}
                </TD>
                <TD label={t("dentalAdmin:catalogue.scope")}>{t(`dentalAdmin:scopes.${p.scope}`)}</TD>
                <TD label={t("dentalAdmin:catalogue.resultStatus")}>{t(`dentalAdmin:toothStatuses.${p.resultStatus ?? "none"}`)}</TD>
                <TD label={t("dentalAdmin:catalogue.status")}>
                  <Badge variant={p.isActive ? "success" : "secondary"}>{p.isActive ? t("dentalAdmin:catalogue.active") : t("dentalAdmin:catalogue.inactive")}</Badge>
                </TD>
                <TD stack="actions" className="text-right">
                  <Button type="button" variant="ghost" size="icon" onClick={() => setEditing(p)} aria-label={t("dentalAdmin:catalogue.editOf", { name: p.name })} title={t("dentalAdmin:catalogue.edit")}>
                    <Pencil />
                  </Button>
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </CardContent>
      <Dialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)}>
        {editing !== null ? (
          <DialogContent closeLabel={t("common:actions.close")} className="max-w-lg" data-testid="procedure-type-dialog">
            <ProcedureTypeForm entry={editing === "new" ? null : editing} onDone={() => setEditing(null)} />
          </DialogContent>
        ) : null}
      </Dialog>
    </Card>
  );
}

type Errors = Partial<Record<"code" | "name" | "price", string>>;

function ProcedureTypeForm({ entry, onDone }: { entry: DentalProcedureType | null; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [code, setCode] = React.useState(entry?.code ?? "");
  const [name, setName] = React.useState(entry?.name ?? "");
  const [price, setPrice] = React.useState(entry?.price ?? "");
  const [scope, setScope] = React.useState<string>(entry?.scope ?? "tooth");
  const [resultStatus, setResultStatus] = React.useState<string>(entry?.resultStatus ?? "");
  const [isActive, setActive] = React.useState(entry?.isActive ?? true);
  const [errors, setErrors] = React.useState<Errors>({});
  const [serverError, setServerError] = React.useState<string | null>(null);
  const done = async (key: "created" | "updated") => {
    await qc.invalidateQueries(trpc.dental.getProcedureTypes.pathFilter());
    toast({ variant: "success", title: t(`dentalAdmin:catalogue.${key}`) });
    onDone();
  };
  const create = useMutation({ ...trpc.dental.createProcedureType.mutationOptions({ onSuccess: () => done("created"), onError: (e) => setServerError(e.message) }), meta: { silent: true } });
  const update = useMutation({ ...trpc.dental.updateProcedureType.mutationOptions({ onSuccess: () => done("updated"), onError: (e) => setServerError(e.message) }), meta: { silent: true } });
  const pending = create.isPending || update.isPending;

  const submit = () => {
    setServerError(null);
    const fields = { name, price, scope, resultStatus: resultStatus || null };
    const report = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
      const next: Errors = {};
      for (const issue of issues) {
        const key = issue.path[0] as keyof Errors;
        if (!next[key]) next[key] = t(issue.message);
      }
      setErrors(next);
    };
    if (entry) {
      const parsed = procedureTypeUpdateInput.safeParse({ id: entry.id, ...fields, isActive });
      if (!parsed.success) return report(parsed.error.issues);
      setErrors({});
      update.mutate(parsed.data);
    } else {
      const parsed = procedureTypeCreateInput.safeParse({ code, ...fields });
      if (!parsed.success) return report(parsed.error.issues);
      setErrors({});
      create.mutate(parsed.data);
    }
  };

  const field = (id: keyof Errors) => ({ "aria-invalid": errors[id] ? true : undefined, "aria-describedby": errors[id] ? `pt-${id}-error` : undefined });
  const error = (id: keyof Errors) =>
    errors[id] ? (
      <p id={`pt-${id}-error`} className="text-sm text-destructive">
        {errors[id]}
      </p>
    ) : null;

  return (
    <FormDialog
      title={entry ? t("dentalAdmin:catalogue.editOf", { name: entry.name }) : t("dentalAdmin:catalogue.newTitle")}
      description={entry ? t("dentalAdmin:catalogue.editDescription") : t("dentalAdmin:catalogue.newDescription", { code: code.trim().toUpperCase() || "…" })}
      onSubmit={submit}
      cancelLabel={t("dentalAdmin:catalogue.cancel")}
      onCancel={onDone}
      submit={
        <Button type="submit" disabled={pending} data-testid="save-procedure-type">
          {entry ? t("dentalAdmin:catalogue.save") : t("dentalAdmin:catalogue.create")}
        </Button>
      }
    >
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
        <div className="grid gap-1.5">
          <Label htmlFor="pt-code">{t("dentalAdmin:catalogue.code")}</Label>
          <Input id="pt-code" value={code} onChange={(e) => setCode(e.target.value)} disabled={!!entry} autoFocus={!entry} maxLength={20} autoCapitalize="characters" {...field("code")} />
          {error("code") ?? <p className="text-xs text-muted-foreground">{t("dentalAdmin:catalogue.codeHint")}</p>}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="pt-name">{t("dentalAdmin:catalogue.name")}</Label>
          <Input id="pt-name" value={name} onChange={(e) => setName(e.target.value)} autoFocus={!!entry} maxLength={200} {...field("name")} />
          {error("name")}
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="pt-price">{t("dentalAdmin:catalogue.price")}</Label>
          <Input id="pt-price" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} {...field("price")} />
          {error("price")}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="pt-scope">{t("dentalAdmin:catalogue.scope")}</Label>
          <NativeSelect id="pt-scope" value={scope} onChange={(e) => setScope(e.target.value)}>
            {PROCEDURE_SCOPES.map((s) => (
              <option key={s} value={s}>
                {t(`dentalAdmin:scopes.${s}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="pt-result">{t("dentalAdmin:catalogue.resultStatus")}</Label>
        <NativeSelect id="pt-result" value={resultStatus} onChange={(e) => setResultStatus(e.target.value)}>
          <option value="">{t("dentalAdmin:toothStatuses.none")}</option>
          {TOOTH_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`dentalAdmin:toothStatuses.${s}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {entry ? (
        <label className="flex items-center gap-2 text-sm">
          <Switch checked={isActive} onCheckedChange={setActive} aria-label={t("dentalAdmin:catalogue.active")} data-testid="procedure-type-active" />
          {t("dentalAdmin:catalogue.active")}
        </label>
      ) : null}
      {serverError ? (
        <p role="alert" className="text-sm text-destructive">
          {serverError}
        </p>
      ) : null}
    </FormDialog>
  );
}
