export { whatsappLink } from "../platform/whatsapp";

import { z } from "zod";
import { isStorableText } from "../platform/text";

/**
 * Appointment communications (spec 03 §3 'Notification template: name, subject, body, variables
 * (customer name, service name, appointment date, appointment time, amount)'; §9 message channels
 * and recipient groups): the template variables, how a template is filled, the default
 * confirmation and reminder texts in Spanish and English, and the zod inputs of the appointment.*
 * communication procedures (messages are keys of the appointmentMessages namespace).
 */

export const TEMPLATE_VARIABLES = ["customer_name", "service_name", "appointment_date", "appointment_time", "amount", "employee_name", "business_name", "business_phone", "business_address"] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TemplateValues = Partial<Record<TemplateVariable, string>>;

export const TEMPLATE_KINDS = ["confirmation", "reminder", "custom"] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
export const MESSAGE_CHANNELS = ["email", "sms", "whatsapp"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const RECIPIENT_GROUPS = ["all_customers", "upcoming", "past", "custom"] as const;
export type RecipientGroup = (typeof RECIPIENT_GROUPS)[number];

export const TEMPLATE_LIMITS = { name: 100, subject: 200, body: 5000, customRecipients: 500 } as const;

/**
 * Replaces each {{variable}} (spaces inside the braces allowed) with its value. A variable that is
 * unknown, or known but without a value, stays visible as written, so a typo is seen, never dropped.
 */
export function fill(template: string, values: TemplateValues): string {
  return template.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (whole, name: string) => {
    const value = (values as Record<string, string | undefined>)[name];
    return (TEMPLATE_VARIABLES as readonly string[]).includes(name) && value !== undefined ? value : whole;
  });
}

/** The {{variables}} of a text that are not TEMPLATE_VARIABLES (the editor warns about them). */
export function unknownVariables(template: string): string[] {
  const out = new Set<string>();
  for (const m of template.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)) if (!(TEMPLATE_VARIABLES as readonly string[]).includes(m[1]!)) out.add(m[1]!);
  return [...out];
}

/** What the preview fills a template with. */
export const SAMPLE_VALUES: Record<"es" | "en", Required<TemplateValues>> = {
  es: {
    customer_name: "María Rodríguez",
    service_name: "Corte de cabello",
    appointment_date: "15/12/2026",
    appointment_time: "10:30",
    amount: "RD$1,500.00",
    employee_name: "Ana Pérez",
    business_name: "Mi Negocio",
    business_phone: "809-555-0100",
    business_address: "Av. Winston Churchill 1099, Santo Domingo",
  },
  en: {
    customer_name: "María Rodríguez",
    service_name: "Haircut",
    appointment_date: "12/15/2026",
    appointment_time: "10:30 AM",
    amount: "RD$1,500.00",
    employee_name: "Ana Pérez",
    business_name: "My Business",
    business_phone: "809-555-0100",
    business_address: "Av. Winston Churchill 1099, Santo Domingo",
  },
};

/** The texts used when the tenant has no active template of that kind. */
export const DEFAULT_TEMPLATES: Record<"es" | "en", Record<"confirmation" | "reminder", { name: string; subject: string; body: string }>> = {
  es: {
    confirmation: {
      name: "Confirmación de cita",
      subject: "Cita confirmada: {{service_name}} el {{appointment_date}}",
      body: "Hola {{customer_name}},\n\nSu cita de {{service_name}} con {{employee_name}} quedó reservada para el {{appointment_date}} a las {{appointment_time}}.\nTotal: {{amount}}.\n\nGracias por preferirnos,\n{{business_name}}",
    },
    reminder: {
      name: "Recordatorio de cita",
      subject: "Recordatorio: {{service_name}} el {{appointment_date}} a las {{appointment_time}}",
      body: "Hola {{customer_name}},\n\nLe recordamos su cita de {{service_name}} con {{employee_name}} el {{appointment_date}} a las {{appointment_time}}.\n\nSi no puede asistir, avísenos con tiempo.\n{{business_name}}",
    },
  },
  en: {
    confirmation: {
      name: "Appointment confirmation",
      subject: "Appointment confirmed: {{service_name}} on {{appointment_date}}",
      body: "Hello {{customer_name}},\n\nYour {{service_name}} appointment with {{employee_name}} is booked for {{appointment_date}} at {{appointment_time}}.\nTotal: {{amount}}.\n\nThank you for choosing us,\n{{business_name}}",
    },
    reminder: {
      name: "Appointment reminder",
      subject: "Reminder: {{service_name}} on {{appointment_date}} at {{appointment_time}}",
      body: "Hello {{customer_name}},\n\nThis is a reminder of your {{service_name}} appointment with {{employee_name}} on {{appointment_date}} at {{appointment_time}}.\n\nIf you cannot come, please let us know in advance.\n{{business_name}}",
    },
  },
};

export const MM = {
  nameRequired: "appointmentMessages:errors.nameRequired",
  bodyRequired: "appointmentMessages:errors.bodyRequired",
  subjectRequired: "appointmentMessages:errors.subjectRequired",
  tooLong: "appointmentMessages:errors.tooLong",
  invalidText: "appointmentMessages:errors.invalidText",
  kind: "appointmentMessages:errors.kind",
  channel: "appointmentMessages:errors.channel",
  group: "appointmentMessages:errors.group",
  invalidId: "appointmentMessages:errors.invalidId",
  selectRecipients: "appointmentMessages:errors.selectRecipients",
  tooManyRecipients: "appointmentMessages:errors.tooManyRecipients",
  templateOrBody: "appointmentMessages:errors.templateOrBody",
  idempotencyKey: "appointmentMessages:errors.idempotencyKey",
} as const;

const text = (max: number, required?: string) => {
  const base = z.string({ error: required ?? MM.invalidText }).trim().max(max, MM.tooLong).refine(isStorableText, MM.invalidText);
  return required ? base.refine((v) => v.length > 0, required) : base;
};
const id = z.string({ error: MM.invalidId }).uuid(MM.invalidId);

export const templateInput = z
  .object({
    id: id.optional(),
    name: text(TEMPLATE_LIMITS.name, MM.nameRequired),
    kind: z.enum(TEMPLATE_KINDS, { error: MM.kind }),
    channel: z.enum(MESSAGE_CHANNELS, { error: MM.channel }),
    subject: text(TEMPLATE_LIMITS.subject).default(""),
    body: text(TEMPLATE_LIMITS.body, MM.bodyRequired),
  })
  .refine((v) => v.channel !== "email" || v.subject.length > 0, { path: ["subject"], message: MM.subjectRequired });
export type TemplateInput = z.input<typeof templateInput>;
export type TemplateOutput = z.output<typeof templateInput>;

export const templateActiveInput = z.object({ id, is_active: z.boolean() });
export const previewInput = z.object({ subject: text(TEMPLATE_LIMITS.subject).default(""), body: text(TEMPLATE_LIMITS.body) });

export const recipientsInput = z.object({
  recipient_group: z.enum(RECIPIENT_GROUPS, { error: MM.group }),
  channel: z.enum(MESSAGE_CHANNELS, { error: MM.channel }).default("email"),
  search: text(100).optional(),
});

export const sendMessageInput = z
  .object({
    channel: z.enum(MESSAGE_CHANNELS, { error: MM.channel }),
    recipient_group: z.enum(RECIPIENT_GROUPS, { error: MM.group }),
    customer_ids: z.array(id).max(TEMPLATE_LIMITS.customRecipients, MM.tooManyRecipients).optional(),
    template_id: id.optional(),
    subject: text(TEMPLATE_LIMITS.subject).optional(),
    body: text(TEMPLATE_LIMITS.body).optional(),
    idempotency_key: z.string({ error: MM.idempotencyKey }).trim().min(8, MM.idempotencyKey).max(100, MM.idempotencyKey),
  })
  .refine((v) => v.recipient_group !== "custom" || (v.customer_ids?.length ?? 0) > 0, { path: ["customer_ids"], message: MM.selectRecipients })
  .refine((v) => v.template_id !== undefined || (v.body ?? "").length > 0, { path: ["body"], message: MM.templateOrBody })
  .refine((v) => v.template_id !== undefined || v.channel !== "email" || (v.subject ?? "").length > 0, { path: ["subject"], message: MM.subjectRequired });
export type SendMessageInput = z.input<typeof sendMessageInput>;

export const messagesListInput = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.union([z.literal(10), z.literal(20), z.literal(50), z.literal(100)]).default(10),
});

