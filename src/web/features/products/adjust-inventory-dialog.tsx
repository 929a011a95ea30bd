import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { formatQuantity } from "../../../shared/money/format";
import { useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";

/** Counted quantities per warehouse replace the stock (through the ledger). */
export function AdjustInventoryDialog({ product, onDone }: { product: { id: string; name: string }; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const warehouses = useQuery(trpc.warehouse.getAll.queryOptions());
  const detail = useQuery(trpc.product.getById.queryOptions({ id: product.id }));
  const [counts, setCounts] = React.useState<Record<string, string>>({});
  const [reason, setReason] = React.useState("");
  const adjust = useMutation(
    trpc.product.adjustInventory.mutationOptions({
      onSuccess: async () => {
        await qc.invalidateQueries({ queryKey: trpc.product.getAll.queryKey() });
        await qc.invalidateQueries({ queryKey: trpc.product.getById.queryKey({ id: product.id }) });
        toast({ title: t("products:adjust.saved"), variant: "success" });
        onDone();
      },
    }),
  );
  const current = (warehouseId: string) => detail.data?.warehouseQuantities.find((w) => w.warehouseId === warehouseId)?.currentQuantity ?? "0";
  const submit = () => {
    const lines = Object.entries(counts)
      .filter(([, v]) => v.trim() !== "")
      .map(([warehouseId, newQuantity]) => ({ warehouseId, newQuantity }));
    if (lines.length === 0) {
      toast({ variant: "destructive", title: t("products:adjust.enterQuantities") });
      return;
    }
    adjust.mutate({ productId: product.id, reason: reason || null, lines });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onDone()}>
      <DialogContent closeLabel={t("common:actions.close")} className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("products:adjust.title")}</DialogTitle>
          <DialogDescription>{t("products:adjust.description", { name: product.name })}</DialogDescription>
        </DialogHeader>
        <Table aria-label={t("products:adjust.title")}>
          <THead>
            <TR>
              <TH>{t("products:fields.warehouse")}</TH>
              <TH className="text-right">{t("products:adjust.current")}</TH>
              <TH className="w-40">{t("products:adjust.counted")}</TH>
            </TR>
          </THead>
          <TBody>
            {warehouses.data?.map((w) => (
              <TR key={w.id}>
                <TD>{w.name}</TD>
                <TD className="text-right tabular-nums">{formatQuantity(current(w.id))}</TD>
                <TD>
                  <Input
                    inputMode="decimal"
                    aria-label={t("products:adjust.countedIn", { warehouse: w.name })}
                    value={counts[w.id] ?? ""}
                    onChange={(e) => setCounts((c) => ({ ...c, [w.id]: e.target.value }))}
                  />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
        <Field label={t("products:adjust.reason")} htmlFor="adjust-reason">
          <Input id="adjust-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            {t("common:actions.cancel")}
          </Button>
          <Button onClick={submit} disabled={adjust.isPending} data-testid="save-adjustment">
            {t("products:adjust.save")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
