import { z } from "zod";
import { money } from "../catalog/decimal";
import { calendarDate } from "../platform/dates";
import { listInput } from "../platform/pagination";
import { isStorableText } from "../platform/text";
import { DOCUMENT_TYPES, isFdiTooth, LAB_ORDER_STATUSES, type LabOrderStatus, PRESCRIPTION_STATUSES, type PrescriptionStatus, XRAY_TYPES } from "./constants";

/**
 * The dental files area (issue 18): prescriptions, x-rays with annotations, lab orders and
 * documents. The rules here are shared by the screens and the server (zod inputs, transitions,
 * the overdue rule, the annotation model).
 */

const M = {
  invalidText: "dentalFiles:errors.invalidText",
  tooLong: "dentalFiles:errors.tooLong",
  invalidTooth: "dentalFiles:errors.invalidTooth",
  invalidDate: "dentalFiles:errors.invalidDate",
  invalidFile: "dentalFiles:errors.fileNotStored",
} as const;

/** What POST /api/dental/upload takes: x-ray images and documents (the bytes must match the extension). */
export const DENTAL_UPLOAD_EXTENSIONS = [".jpg", ".jpeg", ".png", ".webp", ".pdf"] as const;
/** An x-ray is an image. */
export const XRAY_EXTENSIONS = [".jpg", ".jpeg", ".png", ".webp"] as const;
/** The file input's accept attribute for each. */
export const DOCUMENT_ACCEPT = ".jpg,.jpeg,.png,.webp,.pdf,image/jpeg,image/png,image/webp,application/pdf";
export const XRAY_ACCEPT = ".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp";

/** The address of a private dental file of the tenant: GET /api/dental/files/{uuid}{ext}. */
export const DENTAL_FILE_URL = /^\/api\/dental\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:jpg|jpeg|png|webp|pdf))$/;

/** The stored name ({uuid}{ext}) of a dental file url, or null when the url is not one. */
export function dentalFileName(url: string): string | null {
  return DENTAL_FILE_URL.exec(url)?.[1] ?? null;
}

/** The answer of POST /api/dental/upload. */
export interface DentalUpload {
  url: string;
  name: string;
  size: number;
  type: string;
}

// ---------------------------------------------------------------------------------------------
// Statuses

/** Prescription: active → completed | cancelled; completed and cancelled are final. */
const PRESCRIPTION_NEXT: Record<PrescriptionStatus, readonly PrescriptionStatus[]> = {
  active: ["completed", "cancelled"],
  completed: [],
  cancelled: [],
};
export function canMovePrescription(from: PrescriptionStatus, to: PrescriptionStatus): boolean {
  return PRESCRIPTION_NEXT[from].includes(to);
}
export function nextPrescriptionStatuses(from: PrescriptionStatus): readonly PrescriptionStatus[] {
  return PRESCRIPTION_NEXT[from];
}

/**
 * Lab order: pending → sent → in_progress → completed; sent → completed too (work that comes back
 * without an 'in progress' notice); any open order → cancelled; completed and cancelled are final.
 */
const LAB_NEXT: Record<LabOrderStatus, readonly LabOrderStatus[]> = {
  pending: ["sent", "cancelled"],
  sent: ["in_progress", "completed", "cancelled"],
  in_progress: ["completed", "cancelled"],
  completed: [],
  cancelled: [],
};
export function canMoveLabOrder(from: LabOrderStatus, to: LabOrderStatus): boolean {
  return LAB_NEXT[from].includes(to);
}
export function nextLabOrderStatuses(from: LabOrderStatus): readonly LabOrderStatus[] {
  return LAB_NEXT[from];
}
export const OPEN_LAB_ORDER_STATUSES: readonly LabOrderStatus[] = ["pending", "sent", "in_progress"];

/** Overdue: the due date (YYYY-MM-DD) is before today (the practice's date) and the order is still open. */
export function isLabOrderOverdue(order: { dueDate: string; status: string }, today: string): boolean {
  return order.dueDate < today && (OPEN_LAB_ORDER_STATUSES as readonly string[]).includes(order.status);
}

// ---------------------------------------------------------------------------------------------
// X-ray annotations: shapes in image coordinates (0–1 of the width and height), so they are drawn
// back the same at any display size.

export const ANNOTATION_COLORS = ["#ef4444", "#f59e0b", "#22c55e", "#3b82f6", "#ffffff"] as const;
export const ANNOTATION_LIMITS = { shapes: 100, points: 400, text: 120 } as const;
export const ANNOTATION_KINDS = ["arrow", "ellipse", "line", "text"] as const;
export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];

const unit = z.number().finite().min(0).max(1);
const shapeBase = { id: z.string().min(1).max(40), color: z.enum(ANNOTATION_COLORS) };

export const annotationSchema = z.discriminatedUnion("kind", [
  z.object({ ...shapeBase, kind: z.literal("arrow"), x1: unit, y1: unit, x2: unit, y2: unit }).strict(),
  z.object({ ...shapeBase, kind: z.literal("ellipse"), cx: unit, cy: unit, rx: unit, ry: unit }).strict(),
  z
    .object({ ...shapeBase, kind: z.literal("line"), points: z.array(z.tuple([unit, unit])).min(2).max(ANNOTATION_LIMITS.points) })
    .strict(),
  z
    .object({
      ...shapeBase,
      kind: z.literal("text"),
      x: unit,
      y: unit,
      text: z.string().trim().min(1).max(ANNOTATION_LIMITS.text).refine(isStorableText),
    })
    .strict(),
]);
export type Annotation = z.infer<typeof annotationSchema>;
export const annotationsSchema = z.array(annotationSchema).max(ANNOTATION_LIMITS.shapes, "dentalFiles:errors.tooManyShapes");

// ---------------------------------------------------------------------------------------------
// Inputs

const requiredText = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, M.tooLong).refine(isStorableText, M.invalidText);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, M.tooLong)
    .refine(isStorableText, M.invalidText)
    .nullish()
    .transform((v) => v || null);
/** FDI teeth, each once, in order (an update without them leaves them as they are). */
const teethList = z
  .array(z.number().int().refine(isFdiTooth, M.invalidTooth))
  .max(52)
  .transform((list) => [...new Set(list)].sort((a, b) => a - b));
const teeth = teethList.default([]);
const date = calendarDate(M.invalidDate);
const fileUrl = z.string().refine((u) => DENTAL_FILE_URL.test(u), M.invalidFile);

/** The list input of every dental files list: `{ patientId?, page, pageSize, search?, status? }`. */
const listBase = listInput.extend({ patientId: z.string().uuid().optional() });

export const prescriptionItemSchema = z.object({
  medication: requiredText(200, "dentalFiles:errors.medicationRequired"),
  dosage: requiredText(100, "dentalFiles:errors.dosageRequired"),
  frequency: requiredText(100, "dentalFiles:errors.frequencyRequired"),
  duration: requiredText(100, "dentalFiles:errors.durationRequired"),
  instructions: optionalText(500),
  quantity: requiredText(50, "dentalFiles:errors.quantityRequired"),
});
export type PrescriptionItem = z.infer<typeof prescriptionItemSchema>;

export const createPrescriptionInput = z.object({
  patientId: z.string().uuid(),
  dentistId: z.string().uuid({ error: "dentalFiles:errors.dentistRequired" }),
  items: z.array(prescriptionItemSchema).min(1, "dentalFiles:errors.itemsRequired").max(20),
  pharmacyNotes: optionalText(1000),
});
export const prescriptionsInput = listBase.extend({ status: z.enum(PRESCRIPTION_STATUSES).optional() });
export const setPrescriptionStatusInput = z.object({ id: z.string().uuid(), status: z.enum(PRESCRIPTION_STATUSES) });

export const xraysInput = listBase.extend({ type: z.enum(XRAY_TYPES).optional() });
export const createXrayInput = z.object({
  patientId: z.string().uuid(),
  type: z.enum(XRAY_TYPES, { error: "dentalFiles:errors.xrayTypeRequired" }),
  /** several images of one session: one x-ray each */
  files: z
    .array(z.object({ url: fileUrl, name: requiredText(200, M.invalidFile) }))
    .min(1, "dentalFiles:errors.imageRequired")
    .max(10),
  teeth,
  findings: optionalText(4000),
  takenBy: optionalText(120),
  takenAt: date,
});
export const updateXrayInput = z.object({
  id: z.string().uuid(),
  findings: optionalText(4000).optional(),
  annotations: annotationsSchema.optional(),
  teeth: teethList.optional(),
  type: z.enum(XRAY_TYPES).optional(),
  takenBy: optionalText(120).optional(),
  takenAt: date.optional(),
});

export const labOrdersInput = listBase.extend({ status: z.enum(LAB_ORDER_STATUSES).optional(), overdue: z.boolean().optional() });
const labOrderFields = {
  laboratory: requiredText(200, "dentalFiles:errors.laboratoryRequired"),
  orderType: requiredText(200, "dentalFiles:errors.orderTypeRequired"),
  teeth,
  dueDate: calendarDate("dentalFiles:errors.dueDateRequired"),
  specifications: optionalText(4000),
  trackingNumber: optionalText(120),
  cost: money("dentalFiles:errors.invalidCost").nullish().transform((v) => v ?? null),
};
export const createLabOrderInput = z.object({ patientId: z.string().uuid(), ...labOrderFields });
export const updateLabOrderInput = z.object({ id: z.string().uuid(), ...labOrderFields });
export const setLabOrderStatusInput = z.object({ id: z.string().uuid(), status: z.enum(LAB_ORDER_STATUSES) });

export const documentsInput = listBase.extend({ type: z.enum(DOCUMENT_TYPES).optional() });
export const createDocumentInput = z.object({
  patientId: z.string().uuid(),
  name: requiredText(200, "dentalFiles:errors.documentNameRequired"),
  type: z.enum(DOCUMENT_TYPES, { error: "dentalFiles:errors.documentTypeRequired" }),
  fileUrl: z.string({ error: "dentalFiles:errors.documentFileRequired" }).refine((u) => DENTAL_FILE_URL.test(u), "dentalFiles:errors.documentFileRequired"),
  tags: z
    .array(z.string().trim().min(1).max(40).refine(isStorableText, M.invalidText))
    .max(20)
    .default([])
    .transform((list) => [...new Set(list)]),
  isConfidential: z.boolean().default(false),
});
export const deleteDocumentInput = z.object({ id: z.string().uuid() });

/** A patient's age in whole years on a date (YYYY-MM-DD), or null without a birth date. */
export function ageOn(birthDate: string | null | undefined, on: string): number | null {
  if (!birthDate) return null;
  const [by, bm, bd] = birthDate.split("-").map(Number) as [number, number, number];
  const [y, m, d] = on.split("-").map(Number) as [number, number, number];
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age -= 1;
  return age >= 0 ? age : null;
}
