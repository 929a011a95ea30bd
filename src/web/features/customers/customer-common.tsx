import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { toast } from "../../components/ui/use-toast";

/** Back to the previous page; the customer list when there is none. */
export function useGoBack(fallback = "/home/customers") {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
}

/** An unknown id, or another business's customer. */
export function CustomerNotFound() {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto mt-10 max-w-lg" data-testid="customer-not-found">
      <CardHeader className="items-center text-center">
        <SearchX className="size-10 text-muted-foreground" />
        <CardTitle>{t("customers:notFound")}</CardTitle>
        <CardDescription>{t("customers:notFoundHint")}</CardDescription>
        <Button asChild variant="outline" className="mt-2">
          <Link to="/home/customers">{t("customers:title")}</Link>
        </Button>
      </CardHeader>
    </Card>
  );
}

export type DeleteAction = { kind: "delete" | "restore"; id: string; name: string };

/** Asks once before deleting or restoring a customer (nothing is removed: sales and points stay). */
export function DeleteRestoreDialog({ action, onDone }: { action: DeleteAction | null; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const after = async (message: string) => {
    await qc.invalidateQueries(trpc.customer.pathFilter());
    toast({ variant: "success", title: message, description: action?.name });
    onDone();
  };
  const remove = useMutation(trpc.customer.delete.mutationOptions({ onSuccess: () => after(t("customers:toast.deleted")) }));
  const restore = useMutation(trpc.customer.restore.mutationOptions({ onSuccess: () => after(t("customers:toast.restored")) }));
  const pending = remove.isPending || restore.isPending;
  const deleting = action?.kind === "delete";
  return (
    <Dialog open={action !== null} onOpenChange={(open) => !open && onDone()}>
      <DialogContent closeLabel={t("common:actions.close")} data-testid="customer-confirm">
        <DialogHeader>
          <DialogTitle>{deleting ? t("customers:confirm.deleteTitle", { name: action?.name }) : t("customers:confirm.restoreTitle", { name: action?.name })}</DialogTitle>
          <DialogDescription>{deleting ? t("customers:confirm.deleteBody") : t("customers:confirm.restoreBody")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            {t("common:actions.cancel")}
          </Button>
          <Button
            variant={deleting ? "destructive" : "default"}
            disabled={pending}
            onClick={() => action && (deleting ? remove.mutate({ id: action.id }) : restore.mutate({ id: action.id }))}
            data-testid="customer-confirm-action"
          >
            {deleting ? t("customers:actions.delete") : t("customers:actions.restore")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
