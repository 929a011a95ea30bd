import { useMutation, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../../shared/money/format";
import { toHoldItems } from "../../../../shared/pos/cart";
import { useTRPC } from "../../../app/trpc";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/use-toast";
import { useCart } from "../cart/cart-store";
import { usePromotedCart } from "../cart/use-promoted-cart";

/**
 * 'Guardar Factura' (spec 02 §2, §5): saves the cart under a name (pos.holdInvoice) and empties
 * it; the customer goes back to 'default'. Enter submits.
 */
export function HoldInvoiceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return <Dialog open={open} onOpenChange={onOpenChange}>{open ? <HoldInvoiceContent onClose={() => onOpenChange(false)} /> : null}</Dialog>;
}

function HoldInvoiceContent({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cart = useCart();
  const [name, setName] = React.useState("");
  const [error, setError] = React.useState<"nameRequired" | "cartEmpty" | null>(null);
  const inputRef = React.useRef<HTMLInputElement>(null);
  const { totals } = usePromotedCart(cart.items);

  const hold = useMutation(
    trpc.pos.holdInvoice.mutationOptions({
      meta: { silent: true },
      onSuccess: async (_result, variables) => {
        cart.store.clear();
        toast({ variant: "success", title: t("posPanels:hold.saved"), description: t("posPanels:hold.savedDescription", { name: variables.name }) });
        onClose();
        await queryClient.invalidateQueries({ queryKey: trpc.pos.getHeldInvoices.queryKey() });
      },
      onError: (e) => toast({ variant: "destructive", title: t("posPanels:hold.saveError"), description: e.message || undefined }),
    }),
  );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (hold.isPending) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setError("nameRequired");
      inputRef.current?.focus();
      return;
    }
    const items = cart.store.getState().items;
    if (items.length === 0) {
      setError("cartEmpty");
      return;
    }
    setError(null);
    hold.mutate({ name: trimmed, customerId: cart.store.getState().customerId, items: toHoldItems(items) });
  };

  return (
    <DialogContent closeLabel={t("posPanels:common.close")} data-testid="hold-invoice-dialog" className="max-w-md">
      <DialogHeader>
        <DialogTitle>{t("posPanels:hold.title")}</DialogTitle>
        <DialogDescription>{t("posPanels:hold.description")}</DialogDescription>
      </DialogHeader>
      <form className="grid gap-4" noValidate onSubmit={submit}>
        <div className="grid gap-2">
          <Label htmlFor="hold-invoice-name">{t("posPanels:hold.nameLabel")}</Label>
          <Input
            id="hold-invoice-name"
            ref={inputRef}
            autoFocus
            autoComplete="off"
            maxLength={100}
            className="min-h-11"
            placeholder={t("posPanels:hold.namePlaceholder")}
            value={name}
            aria-invalid={error === "nameRequired"}
            aria-describedby={error ? "hold-invoice-error" : undefined}
            onChange={(e) => {
              setName(e.target.value);
              if (error === "nameRequired") setError(null);
            }}
          />
          {error ? (
            <p id="hold-invoice-error" role="alert" className="text-sm font-medium text-destructive">
              {t(`posPanels:hold.${error}`)}
            </p>
          ) : null}
        </div>
        <p className="text-sm text-muted-foreground tabular-nums" data-testid="hold-invoice-summary">
          {t("posPanels:hold.summary", { count: totals.itemCount, total: formatMoney(totals.total, i18n.language) })}
        </p>
        <DialogFooter>
          <Button variant="outline" className="min-h-11" onClick={onClose}>
            {t("posPanels:common.cancel")}
          </Button>
          <Button type="submit" className="min-h-11" disabled={hold.isPending} data-testid="hold-invoice-save">
            {hold.isPending ? t("posPanels:hold.saving") : t("posPanels:hold.save")}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
