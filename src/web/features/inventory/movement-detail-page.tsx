import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Ban, CheckCircle2, Pencil, Trash2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { formatMoney, formatQuantity } from "../../../shared/money/format";
import { useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { formatDate } from "../../lib/dates";
import { usePermissions } from "../../lib/permissions";
import { StatusBadge, TypeBadge } from "./badges";

export function MovementDetailPage() {
  const { id } = useParams();
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const [confirmCancel, setConfirmCancel] = React.useState(false);
  const movement = useQuery(trpc.warehouseMovement.getById.queryOptions({ id: id ?? "" }));
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: trpc.warehouseMovement.getById.queryKey({ id: id ?? "" }) });
    await qc.invalidateQueries({ queryKey: trpc.warehouseMovement.getAll.queryKey() });
    await qc.invalidateQueries({ queryKey: trpc.product.getAll.queryKey() });
  };
  const complete = useMutation(
    trpc.warehouseMovement.complete.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast({ title: t("inventory:detail.completed"), variant: "success" });
      },
    }),
  );
  const cancel = useMutation(
    trpc.warehouseMovement.cancel.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setConfirmCancel(false);
        toast({ title: t("inventory:detail.cancelled"), variant: "success" });
      },
    }),
  );
  // A pending movement is deleted (kept as cancelled under its number); a completed one is cancelled (its stock reversed).
  const remove = useMutation(
    trpc.warehouseMovement.delete.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setConfirmCancel(false);
        toast({ title: t("inventory:detail.deleted"), variant: "success" });
        void navigate("/home/warehouse-movements");
      },
    }),
  );
  const m = movement.data;
  if (!m) return <Skeleton className="h-64 w-full" />;
  const info: [string, React.ReactNode][] = [
    [t("inventory:fields.type"), <TypeBadge key="t" type={m.type} />],
    [t("inventory:fields.status"), <StatusBadge key="s" status={m.status} />],
    [t("inventory:fields.date"), formatDate(m.date, i18n.language)],
    [m.type === "transfer" ? t("inventory:fields.origin") : t("inventory:fields.warehouse"), m.warehouseName],
    ...(m.destinationWarehouseName ? ([[t("inventory:fields.destination"), m.destinationWarehouseName]] as [string, React.ReactNode][]) : []),
    ...(m.reason ? ([[t("inventory:fields.reason"), t(`inventory:reasons.${m.reason}`)]] as [string, React.ReactNode][]) : []),
    [t("inventory:fields.reference"), m.reference ?? "—"],
    [t("inventory:fields.user"), m.userName ?? "—"],
    [t("inventory:fields.notes"), m.notes ?? "—"],
  ];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="icon" onClick={() => void navigate("/home/warehouse-movements")} aria-label={t("inventory:form.back")}>
          <ArrowLeft />
        </Button>
        <h1 className="flex-1 text-2xl font-bold" data-testid="movement-number">
          {m.number}
        </h1>
        {m.status === "pending" && can("warehouse_movements.complete") ? (
          <Button disabled={complete.isPending} onClick={() => complete.mutate({ id: m.id })} data-testid="complete-movement">
            <CheckCircle2 />
            {t("inventory:detail.complete")}
          </Button>
        ) : null}
        {m.status === "pending" && can("warehouse_movements.update") ? (
          <Button variant="outline" onClick={() => void navigate(`/home/warehouse-movements/${m.id}/edit`)} data-testid="edit-movement">
            <Pencil />
            {t("inventory:detail.edit")}
          </Button>
        ) : null}
        {m.status === "pending" && can("warehouse_movements.delete") ? (
          <Button variant="outline" onClick={() => setConfirmCancel(true)} data-testid="delete-movement">
            <Trash2 />
            {t("inventory:detail.delete")}
          </Button>
        ) : null}
        {m.status === "completed" && can("warehouse_movements.cancel") ? (
          <Button variant="outline" onClick={() => setConfirmCancel(true)} data-testid="cancel-movement">
            <Ban />
            {t("inventory:detail.cancel")}
          </Button>
        ) : null}
      </div>
      <Card>
        <CardContent className="grid gap-3 pt-5 sm:grid-cols-2 lg:grid-cols-4">
          {info.map(([label, value]) => (
            <div key={label}>
              <div className="text-xs text-muted-foreground">{label}</div>
              <div className="font-medium">{value}</div>
            </div>
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("inventory:form.products")}</CardTitle>
        </CardHeader>
        <CardContent>
          <Table stack aria-label={t("inventory:fields.lines")}>
            <THead>
              <TR>
                <TH>{t("inventory:fields.product")}</TH>
                <TH>{t("inventory:fields.sku")}</TH>
                <TH className="text-right">{m.type === "adjustment" ? t("inventory:fields.counted") : t("inventory:fields.quantity")}</TH>
                <TH className="text-right">{t("inventory:fields.currentStock")}</TH>
                <TH className="text-right">{t("inventory:fields.newStock")}</TH>
                <TH className="text-right">{t("inventory:fields.cost")}</TH>
              </TR>
            </THead>
            <TBody>
              {m.lines.map((l) => (
                <TR key={l.id} data-testid="detail-line">
                  <TD className="font-medium" stack="primary">
                    {l.productName}
                  </TD>
                  <TD className="font-mono text-xs">{l.sku}</TD>
                  <TD className="text-right tabular-nums" label={m.type === "adjustment" ? t("inventory:fields.counted") : t("inventory:fields.quantity")}>
                    {formatQuantity(l.quantity)}
                  </TD>
                  <TD className="text-right tabular-nums" label={t("inventory:fields.currentStock")}>
                    {formatQuantity(l.currentStock)}
                  </TD>
                  <TD className="text-right tabular-nums" label={t("inventory:fields.newStock")}>
                    {l.newStock === null ? "—" : formatQuantity(l.newStock)}
                  </TD>
                  <TD className="text-right tabular-nums" label={t("inventory:fields.cost")}>
                    {l.cost === null ? "—" : formatMoney(l.cost, i18n.language)}
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        </CardContent>
      </Card>
      <Dialog open={confirmCancel} onOpenChange={setConfirmCancel}>
        <DialogContent closeLabel={t("common:actions.close")}>
          <DialogHeader>
            <DialogTitle>{m.status === "pending" ? t("inventory:detail.deleteTitle", { number: m.number }) : t("inventory:detail.confirmTitle", { number: m.number })}</DialogTitle>
            <DialogDescription>{m.status === "pending" ? t("inventory:detail.deletePending") : t("inventory:detail.confirmCompleted")}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirmCancel(false)}>
              {t("common:actions.cancel")}
            </Button>
            {m.status === "pending" ? (
              <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate({ id: m.id })} data-testid="confirm-delete-movement">
                {t("inventory:detail.delete")}
              </Button>
            ) : (
              <Button variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate({ id: m.id })} data-testid="confirm-cancel-movement">
                {t("inventory:detail.cancel")}
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
