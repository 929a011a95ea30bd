import { and, eq, sql } from "drizzle-orm";
import { makeRule } from "../../../shared/forms/schema";
import { createForm, publishForm, setSubmissionStatus, submitForm, updateForm } from "../../modules/form/service";
import { formSubmissions } from "../../modules/form/tables";
import type { Tx } from "../client";

/** A signature as the pad sends it (a PNG data URL): a short squiggle over a line. */
const SIGNATURE = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAKAAAAAyCAAAAAD+Co+5AAABE0lEQVR42u2YURLDIAhE9yR7/1u2f21MCrKQsXYKX5mJyMuKiMFjc0MDNmADNmADNmAD/hogSe4LyJdtCcjB9gM8YOmEyW9CNoQWL6878hLEo7GQGihs3miwA5ZOiEoKxYKNnioh8gIGCS9jNEJU+ALB8sJrgOack2A0hacM6Pk4E3Lmx1pNDANm3tEVnjpgWiX97AgT4p480xmihJgvVmin6gRBQoRKSWKPM1WBJmWmVIx5g9f7jVEHDSXkgzCaYHZy2ICVhkAvItZBYwFeeOSW6vCQIzx7wxU925QKzcAw/oM3vARQe7dc00y3n4Ut+rqLkac97lqqlbe6nfisfnATuv559K+A/Jo14CLA3iQNuNKe6U0RiLNipEYAAAAASUVORK5CYII=";

export const DEMO_FORM = { name: "Encuesta de satisfacción", slug: "encuesta-de-satisfaccion", notify: "owner@demo.test" } as const;

const field = (key: string, type: string, component: string, label: string, extra: Record<string, unknown> = {}) => ({ key, type, component, label, ...extra });

/**
 * The customer-satisfaction survey (issue 17 'Demo data'): name, e-mail, visit date, a 1–5 rating,
 * 'would you recommend us', 'what went wrong' shown and required when the rating is below 3, an
 * optional photo (images only) and a signature.
 */
function surveySchema(notifications: boolean) {
  return {
    version: "1.0",
    metadata: { name: DEMO_FORM.name, description: "Cuéntenos cómo le fue en su visita.", tags: ["clientes"] },
    groups: [
      {
        id: "group_visita",
        name: "Su visita",
        columns: 2,
        fields: [
          field("nombre", "text", "textbox", "Nombre", { required: true, validation: { maxLength: 120 } }),
          field("correo", "email", "textbox", "Correo electrónico", { required: true }),
          field("fecha_visita", "date", "datepicker", "Fecha de visita", { required: true }),
          field("calificacion", "rating", "rating-stars", "Calificación", { required: true, helpText: "De 1 (muy mala) a 5 (excelente)" }),
        ],
      },
      {
        id: "group_opinion",
        name: "Su opinión",
        columns: 1,
        fields: [
          field("recomienda", "radio", "radio-group", "¿Nos recomendaría?", {
            required: true,
            options: [
              { label: "Sí", value: "si" },
              { label: "No", value: "no" },
            ],
          }),
          field("que_fallo", "textarea", "textarea", "¿Qué salió mal?", { validation: { maxLength: 1000 } }),
          field("foto", "image", "file-upload", "Foto (opcional)", { options: { multiple: false, maxFiles: 1, maxSizeBytes: 5 * 1024 * 1024, allowedFormats: ["image/*"] } }),
          field("firma", "signature", "signature", "Firma"),
        ],
      },
    ],
    // Only an equals-rule requires (spec §5): 'less than 3' shows the field, 'equals 1' and 'equals 2' require it.
    conditionals: [
      makeRule("calificacion", "less_than", 3, { show: ["que_fallo"] }, "rule_mala_muestra"),
      makeRule("calificacion", "equals", 1, { require: ["que_fallo"] }, "rule_1_requiere"),
      makeRule("calificacion", "equals", 2, { require: ["que_fallo"] }, "rule_2_requiere"),
    ],
    settings: {
      submitButton: { text: "Enviar encuesta", position: "bottom-right" },
      confirmation: { type: "message", message: "¡Gracias por su opinión! Nos ayuda a mejorar." },
      emailNotifications: { enabled: notifications, recipients: [DEMO_FORM.notify], emailSubject: "Nueva encuesta de satisfacción", includeSubmissionData: true, attachPDF: true },
    },
  };
}

/** Answers of the sample submissions, oldest first, with the status each ends up in and how many days ago it came. */
const SAMPLES = [
  { daysAgo: 9, status: "approved", answers: { nombre: "Carmen Santos", correo: "carmen.santos@example.do", fecha_visita: 9, calificacion: 5, recomienda: "si", firma: SIGNATURE } },
  { daysAgo: 8, status: "approved", answers: { nombre: "Luis Fernández", correo: "luis.fernandez@example.do", fecha_visita: 8, calificacion: 4, recomienda: "si" } },
  {
    daysAgo: 6,
    status: "rejected",
    answers: { nombre: "Pedro Almonte", correo: "pedro.almonte@example.do", fecha_visita: 7, calificacion: 2, recomienda: "no", que_fallo: "El pedido tardó 40 minutos y llegó frío.", firma: SIGNATURE },
  },
  { daysAgo: 4, status: "pending", answers: { nombre: "Rosa Peña", correo: "rosa.pena@example.do", fecha_visita: 4, calificacion: 5, recomienda: "si", firma: SIGNATURE } },
  { daysAgo: 2, status: "approved", answers: { nombre: "Miguel Reyes", correo: "miguel.reyes@example.do", fecha_visita: 3, calificacion: 3, recomienda: "si" } },
  { daysAgo: 1, status: "pending", answers: { nombre: "Yolanda Castillo", correo: "yolanda.castillo@example.do", fecha_visita: 1, calificacion: 4, recomienda: "no" } },
] as const;

const daysBefore = (today: string, days: number) => new Date(Date.parse(`${today}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Creates, publishes and answers the survey through the form service (so a version exists and the
 * answers are checked as any submission's). The samples answer version 1, published before the
 * e-mail notifications were switched on (version 2): seeding queues no mail, and every later
 * submission mails the owner the answers and their PDF.
 */
export async function seedDemoForms(tx: Tx, tenantId: string, ownerId: string, today: string) {
  const form = await createForm(tx, tenantId, ownerId, { name: DEMO_FORM.name, description: "Encuesta pública para los clientes después de su visita.", category: "Clientes", schema: surveySchema(false) });
  await updateForm(tx, tenantId, ownerId, { id: form.id, isPublic: true });
  await publishForm(tx, tenantId, ownerId, form.id);
  for (const sample of SAMPLES) {
    const answers = { ...sample.answers, fecha_visita: daysBefore(today, sample.answers.fecha_visita) };
    const { id } = await submitForm(tx, tenantId, { formId: form.id, answers, submittedBy: null, submitterIp: null, lang: "es", storage: null });
    await tx
      .update(formSubmissions)
      .set({ createdAt: sql`now() - make_interval(days => ${sample.daysAgo})` })
      .where(and(eq(formSubmissions.tenantId, tenantId), eq(formSubmissions.id, id)));
    if (sample.status !== "pending") await setSubmissionStatus(tx, tenantId, ownerId, id, sample.status);
  }
  await updateForm(tx, tenantId, ownerId, { id: form.id, schema: surveySchema(true) });
  await publishForm(tx, tenantId, ownerId, form.id);
}
