import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { toast } from "../../components/ui/use-toast";

/** Delete asks once and says what is kept: only a draft is deleted (kept as discarded); an issued invoice is cancelled. */
export function DeleteDraftDialog({ invoice, open, onOpenChange }: { invoice: { id: string; number: string }; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation(
    trpc.invoice.delete.mutationOptions({
      onSuccess: async () => {
        toast({ variant: "success", title: t("invoices:deleteDraft.success", { number: invoice.number }) });
        await qc.invalidateQueries(trpc.invoice.pathFilter());
        onOpenChange(false);
        void navigate("/home/invoices", { replace: true });
      },
      onError: (e) => toast({ variant: "destructive", title: t("invoices:deleteDraft.error"), description: e.message }),
    }),
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common:actions.close")} className="max-w-md" data-testid="delete-draft-dialog">
        <DialogHeader>
          <DialogTitle>{t("invoices:deleteDraft.title", { number: invoice.number })}</DialogTitle>
          <DialogDescription>{t("invoices:deleteDraft.description")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} autoFocus>
            {t("common:actions.cancel")}
          </Button>
          <Button type="button" variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate({ invoiceId: invoice.id })} data-testid="delete-draft-submit">
            {t("invoices:deleteDraft.submit")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
