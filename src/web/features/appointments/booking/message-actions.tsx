import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BellRing, MessageCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useTRPC } from "../../../app/trpc";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/use-toast";
import { tMessage } from "../../../lib/i18n";
import type { AppointmentRow } from "./types";

/**
 * The appointment sheet's messages: send the reminder now (the e-mail, plus WhatsApp when the
 * customer has a phone) and the confirmation as a WhatsApp chat (click-to-chat: it opens in a new
 * tab and is sent from the shop's phone).
 */
export function MessageActions({ appointment }: { appointment: AppointmentRow }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const remind = useMutation(
    trpc.appointment.sendReminderNow.mutationOptions({
      onSuccess: (r) => {
        toast({
          variant: "success",
          title: t(r.email_status ? "appointments:messages.reminderSent" : "appointments:messages.reminderWhatsAppOnly"),
          description: r.whatsapp_url ? t("appointments:messages.whatsappReady") : undefined,
        });
        if (r.whatsapp_url) window.open(r.whatsapp_url, "_blank", "noopener");
      },
      onError: (e) => toast({ variant: "destructive", title: t("common:error"), description: tMessage(e.message) || t("appointments:messages.failed") }),
    }),
  );
  const openConfirmation = async () => {
    try {
      const link = await qc.fetchQuery(trpc.appointment.getWhatsAppLink.queryOptions({ appointment_id: appointment.id, kind: "confirmation" }));
      if (link.url) window.open(link.url, "_blank", "noopener");
      else toast({ variant: "destructive", title: t("appointments:messages.noPhone") });
    } catch (e) {
      toast({ variant: "destructive", title: t("common:error"), description: tMessage((e as Error).message) || t("appointments:messages.failed") });
    }
  };
  const contactable = !!(appointment.customer_email || appointment.customer_phone);
  if (!contactable) return null;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => remind.mutate({ appointment_id: appointment.id })} disabled={remind.isPending} data-testid="appointment-send-reminder">
        <BellRing /> {t("appointments:messages.sendReminder")}
      </Button>
      {appointment.customer_phone ? (
        <Button size="sm" variant="outline" onClick={openConfirmation} data-testid="appointment-whatsapp-confirmation">
          <MessageCircle /> {t("appointments:messages.whatsappConfirmation")}
        </Button>
      ) : null}
    </>
  );
}
