import { z } from "zod";
import { messagesListInput, previewInput, recipientsInput, sendMessageInput, templateActiveInput, templateInput } from "../../../../shared/appointments/templates";
import { protectedProcedure, requirePermission } from "../../../trpc/init";
import { getMessages, getRecipients, getTemplates, getWhatsAppLink, previewTemplate, saveTemplate, sendMessage, sendReminderNow, setTemplateActive } from "./service";

const view = protectedProcedure.use(requirePermission("appointments.view"));
const configure = protectedProcedure.use(requirePermission("appointments.configure"));
const update = protectedProcedure.use(requirePermission("appointments.update"));

/**
 * appointment.* communication procedures (templates, communication center, reminders): spread into
 * the appointment router. Reads need appointments.view, templates appointments.configure, sending
 * (a message, a reminder now) appointments.update.
 */
export const appointmentNotifyProcedures = {
  getTemplates: view.query(({ ctx }) => getTemplates(ctx)),
  saveTemplate: configure.input(templateInput).mutation(({ ctx, input }) => saveTemplate(ctx, input)),
  setTemplateActive: configure.input(templateActiveInput).mutation(({ ctx, input }) => setTemplateActive(ctx, input)),
  /** The text filled with sample values (and the unknown {{variables}} it has). */
  previewTemplate: view.input(previewInput).query(({ ctx, input }) => previewTemplate(ctx, input, ctx.user.language === "en" ? "en" : "es")),

  /** The communication center's history, newest first. */
  getMessages: view.input(messagesListInput.prefault({})).query(({ ctx, input }) => getMessages(ctx, input)),
  /** Counts per recipient group for the channel, and customers for the custom picker (search). */
  getRecipients: view.input(recipientsInput).query(({ ctx, input }) => getRecipients(ctx, input)),
  sendMessage: update.input(sendMessageInput).mutation(({ ctx, input }) => sendMessage(ctx, input)),
  /** The wa.me link with the appointment's confirmation or reminder text (the WhatsApp template of the kind, else the e-mail one's body, else the default). */
  getWhatsAppLink: view
    .input(z.object({ appointment_id: z.uuid("appointmentMessages:errors.invalidId"), kind: z.enum(["confirmation", "reminder"], { error: "appointmentMessages:errors.kind" }) }))
    .query(({ ctx, input }) => getWhatsAppLink(ctx, input)),
  sendReminderNow: update.input(z.object({ appointment_id: z.uuid("appointmentMessages:errors.invalidId") })).mutation(({ ctx, input }) => sendReminderNow(ctx, input.appointment_id)),
};
