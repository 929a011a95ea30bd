import { sql } from "drizzle-orm";
import { boolean, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { DocumentType, XrayType } from "../../../shared/dental/constants";
import type { Annotation } from "../../../shared/dental/files";
import { childTenantKey, money, tenantKey, timestamps } from "../../db/columns";
import { users } from "../auth/tables";
import { customers } from "../customer/tables";
import { employees } from "../employee/tables";
import { orders } from "../pos/tables";
import { products } from "../product/tables";

/**
 * The dental practice module (spec 03 'Dental module'; issue 18). A patient is a customer of the
 * suite (name, identification, phone, e-mail and address live on the customer row, so invoices,
 * payments and appointments are the same records as everywhere else); this row holds the clinical
 * side. Never deleted: archived.
 */
export const dentalPatients = pgTable(
  "dental_patients",
  {
    ...tenantKey(),
    customerId: uuid("customer_id").notNull(),
    /** per-tenant running number shown as the patient's file number (HC-0001) */
    number: integer("number").notNull(),
    birthDate: date("birth_date"),
    /** male | female | other */
    gender: text("gender"),
    /** A+ A- B+ B- AB+ AB- O+ O- */
    bloodType: text("blood_type"),
    /** string[] */
    allergies: jsonb("allergies").notNull().default(sql`'[]'::jsonb`),
    /** string[] */
    medications: jsonb("medications").notNull().default(sql`'[]'::jsonb`),
    /** { diabetes, hypertension, heartProblems, pregnancy: boolean; other?: string } */
    conditions: jsonb("conditions").notNull().default(sql`'{}'::jsonb`),
    /** { provider, policyNumber, groupNumber, expiryDate } | null */
    insurance: jsonb("insurance"),
    /** { name, relationship, phone, notes } | null */
    emergencyContact: jsonb("emergency_contact"),
    /** adult | child: the dentition the odontogram opens with */
    dentition: text("dentition").notNull().default("adult"),
    notes: text("notes"),
    /** active | inactive | archived */
    status: text("status").notNull().default("active"),
    createdBy: uuid("created_by"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("dental_patients_customer_key").on(t.tenantId, t.customerId),
    uniqueIndex("dental_patients_number_key").on(t.tenantId, t.number),
    index("dental_patients_status_idx").on(t.tenantId, t.status, t.updatedAt),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/**
 * Clinical record (history). Never updated nor deleted: a correction is a new record whose
 * `corrects_id` names the record it replaces.
 */
export const dentalClinicalRecords = pgTable(
  "dental_clinical_records",
  {
    ...childTenantKey(),
    patientId: uuid("patient_id").notNull(),
    visitDate: date("visit_date").notNull(),
    chiefComplaint: text("chief_complaint"),
    findings: text("findings"),
    diagnosis: text("diagnosis"),
    treatment: text("treatment"),
    /** { bloodPressure?: "120/80", heartRate?: number, temperature?: "36.6", weight?: "70.5" } */
    vitalSigns: jsonb("vital_signs").notNull().default(sql`'{}'::jsonb`),
    /** { url, name, size, type }[]: private files of the tenant */
    attachments: jsonb("attachments").notNull().default(sql`'[]'::jsonb`),
    followUp: boolean("follow_up").notNull().default(false),
    followUpDate: date("follow_up_date"),
    /** the record this one corrects (the old one stays, marked as corrected by this one) */
    correctsId: uuid("corrects_id"),
    dentistId: uuid("dentist_id"),
    createdBy: uuid("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("dental_clinical_records_patient_idx").on(t.tenantId, t.patientId, t.visitDate, t.createdAt),
    uniqueIndex("dental_clinical_records_corrects_key").on(t.tenantId, t.correctsId),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [dentalPatients.tenantId, dentalPatients.id] }),
    foreignKey({ columns: [t.tenantId, t.correctsId], foreignColumns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.dentistId], foreignColumns: [employees.tenantId, employees.id] }),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/**
 * The practice's procedure catalogue: each entry is invoiced through its service product (name and
 * price live on the product, so the POS, invoices and reports see the same item).
 */
export const dentalProcedureTypes = pgTable(
  "dental_procedure_types",
  {
    ...tenantKey(),
    productId: uuid("product_id").notNull(),
    code: text("code").notNull(),
    /** tooth | surface | mouth: what a procedure of this type is recorded on */
    scope: text("scope").notNull().default("tooth"),
    /** the odontogram status a done procedure leaves on its tooth/surfaces (filling, crown…), or null */
    resultStatus: text("result_status"),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("dental_procedure_types_code_key").on(t.tenantId, sql`lower(${t.code})`),
    uniqueIndex("dental_procedure_types_product_key").on(t.tenantId, t.productId),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }),
  ],
);

/** Treatment plan. Never deleted: cancelled. */
export const dentalTreatmentPlans = pgTable(
  "dental_treatment_plans",
  {
    ...childTenantKey(),
    patientId: uuid("patient_id").notNull(),
    number: integer("number").notNull(),
    name: text("name").notNull(),
    diagnosis: text("diagnosis").notNull(),
    /** draft | proposed | active | approved | in_progress | completed | cancelled */
    status: text("status").notNull().default("draft"),
    currency: text("currency").notNull().default("DOP"),
    /** percent | amount */
    discountType: text("discount_type").notNull().default("amount"),
    discountValue: money("discount_value").notNull().default("0"),
    /** the insurer's share, as an amount */
    insuranceCoverage: money("insurance_coverage").notNull().default("0"),
    notes: text("notes"),
    approvedBy: uuid("approved_by"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /** the name the patient (or guardian) signed the consent with */
    consentSignedBy: text("consent_signed_by"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: uuid("cancelled_by"),
    createdBy: uuid("created_by"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("dental_treatment_plans_number_key").on(t.tenantId, t.number),
    index("dental_treatment_plans_patient_idx").on(t.tenantId, t.patientId, t.createdAt),
    index("dental_treatment_plans_status_idx").on(t.tenantId, t.status),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [dentalPatients.tenantId, dentalPatients.id] }),
    foreignKey({ columns: [t.tenantId, t.approvedBy], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.cancelledBy], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

export const dentalPlanPhases = pgTable(
  "dental_plan_phases",
  {
    ...childTenantKey(),
    planId: uuid("plan_id").notNull(),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    durationValue: integer("duration_value"),
    /** days | weeks | months */
    durationUnit: text("duration_unit").notNull().default("weeks"),
    estimatedEndDate: date("estimated_end_date"),
    estimatedCost: money("estimated_cost").notNull().default("0"),
    currency: text("currency").notNull().default("DOP"),
    notes: text("notes"),
    /** pending | in_progress | completed */
    status: text("status").notNull().default("pending"),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("dental_plan_phases_position_key").on(t.tenantId, t.planId, t.position),
    foreignKey({ columns: [t.tenantId, t.planId], foreignColumns: [dentalTreatmentPlans.tenantId, dentalTreatmentPlans.id] }),
  ],
);

/** A procedure of a phase, on a tooth (and surfaces) or the whole mouth. */
export const dentalPlanProcedures = pgTable(
  "dental_plan_procedures",
  {
    ...childTenantKey(),
    planId: uuid("plan_id").notNull(),
    phaseId: uuid("phase_id").notNull(),
    position: integer("position").notNull(),
    procedureTypeId: uuid("procedure_type_id").notNull(),
    productId: uuid("product_id").notNull(),
    /** the catalogue name when planned (the product may be renamed later) */
    name: text("name").notNull(),
    tooth: smallint("tooth"),
    /** surface codes (src/shared/dental) */
    surfaces: jsonb("surfaces").notNull().default(sql`'[]'::jsonb`),
    price: money("price").notNull(),
    notes: text("notes"),
    /** pending | done | cancelled */
    status: text("status").notNull().default("pending"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneBy: uuid("done_by"),
    clinicalRecordId: uuid("clinical_record_id"),
    /** the invoice (orders row) the procedure was billed on, once invoiced */
    orderId: uuid("order_id"),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("dental_plan_procedures_position_key").on(t.tenantId, t.phaseId, t.position),
    index("dental_plan_procedures_plan_idx").on(t.tenantId, t.planId),
    index("dental_plan_procedures_order_idx").on(t.tenantId, t.orderId),
    foreignKey({ columns: [t.tenantId, t.planId], foreignColumns: [dentalTreatmentPlans.tenantId, dentalTreatmentPlans.id] }),
    foreignKey({ columns: [t.tenantId, t.phaseId], foreignColumns: [dentalPlanPhases.tenantId, dentalPlanPhases.id] }),
    foreignKey({ columns: [t.tenantId, t.procedureTypeId], foreignColumns: [dentalProcedureTypes.tenantId, dentalProcedureTypes.id] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }),
    foreignKey({ columns: [t.tenantId, t.doneBy], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.clinicalRecordId], foreignColumns: [dentalClinicalRecords.tenantId, dentalClinicalRecords.id] }),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }),
  ],
);

/**
 * The odontogram as an append-only log: the chart at a date is the fold of the events up to it
 * (src/shared/dental/chart.ts). Never updated nor deleted.
 */
export const dentalToothEvents = pgTable(
  "dental_tooth_events",
  {
    ...childTenantKey(),
    patientId: uuid("patient_id").notNull(),
    tooth: smallint("tooth").notNull(),
    /** mesial | distal | occlusal | buccal | lingual | general */
    surface: text("surface").notNull(),
    /** healthy | cavity | filling | crown | missing | implant | root_canal | bridge | fractured | mobility */
    status: text("status").notNull(),
    note: text("note"),
    clinicalRecordId: uuid("clinical_record_id"),
    planProcedureId: uuid("plan_procedure_id"),
    recordedBy: uuid("recorded_by"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("dental_tooth_events_patient_idx").on(t.tenantId, t.patientId, t.recordedAt),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [dentalPatients.tenantId, dentalPatients.id] }),
    foreignKey({ columns: [t.tenantId, t.clinicalRecordId], foreignColumns: [dentalClinicalRecords.tenantId, dentalClinicalRecords.id] }),
    foreignKey({ columns: [t.tenantId, t.planProcedureId], foreignColumns: [dentalPlanProcedures.tenantId, dentalPlanProcedures.id] }),
    foreignKey({ columns: [t.tenantId, t.recordedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** Prescription: one or more medications. Never deleted: cancelled. */
export const dentalPrescriptions = pgTable(
  "dental_prescriptions",
  {
    ...childTenantKey(),
    patientId: uuid("patient_id").notNull(),
    number: integer("number").notNull(),
    /** { medication, dosage, frequency, duration, instructions, quantity }[] */
    items: jsonb("items").notNull(),
    pharmacyNotes: text("pharmacy_notes"),
    /** active | completed | cancelled */
    status: text("status").notNull().default("active"),
    /** the prescribing dentist (an employee); their name goes on the PDF */
    dentistId: uuid("dentist_id"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid("created_by"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("dental_prescriptions_number_key").on(t.tenantId, t.number),
    index("dental_prescriptions_patient_idx").on(t.tenantId, t.patientId, t.issuedAt),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [dentalPatients.tenantId, dentalPatients.id] }),
    foreignKey({ columns: [t.tenantId, t.dentistId], foreignColumns: [employees.tenantId, employees.id] }),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** X-ray image: a private file of the tenant, with findings and annotations drawn on it (kept as data). */
export const dentalXrays = pgTable(
  "dental_xrays",
  {
    ...childTenantKey(),
    patientId: uuid("patient_id").notNull(),
    /** periapical | bitewing | panoramic | cephalometric | occlusal | cbct | other */
    type: text("type").$type<XrayType>().notNull(),
    fileUrl: text("file_url").notNull(),
    fileName: text("file_name").notNull(),
    fileSize: integer("file_size").notNull(),
    teeth: jsonb("teeth").$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    findings: text("findings"),
    /** shapes in image coordinates 0–1 (src/shared/dental) */
    annotations: jsonb("annotations").$type<Annotation[]>().notNull().default(sql`'[]'::jsonb`),
    takenBy: text("taken_by"),
    takenAt: date("taken_at").notNull(),
    createdBy: uuid("created_by"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("dental_xrays_patient_idx").on(t.tenantId, t.patientId, t.takenAt),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [dentalPatients.tenantId, dentalPatients.id] }),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** Lab order (crowns, dentures, aligners… made by an outside laboratory). Never deleted: cancelled. */
export const dentalLabOrders = pgTable(
  "dental_lab_orders",
  {
    ...childTenantKey(),
    patientId: uuid("patient_id").notNull(),
    number: integer("number").notNull(),
    laboratory: text("laboratory").notNull(),
    orderType: text("order_type").notNull(),
    teeth: jsonb("teeth").notNull().default(sql`'[]'::jsonb`),
    dueDate: date("due_date").notNull(),
    specifications: text("specifications"),
    trackingNumber: text("tracking_number"),
    cost: money("cost"),
    /** pending | sent | in_progress | completed | cancelled */
    status: text("status").notNull().default("pending"),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
    createdBy: uuid("created_by"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("dental_lab_orders_number_key").on(t.tenantId, t.number),
    index("dental_lab_orders_patient_idx").on(t.tenantId, t.patientId, t.createdAt),
    index("dental_lab_orders_due_idx").on(t.tenantId, t.status, t.dueDate),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [dentalPatients.tenantId, dentalPatients.id] }),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** A patient's document (consent, referral, report…): private file, tags, confidential flag. */
export const dentalDocuments = pgTable(
  "dental_documents",
  {
    ...childTenantKey(),
    patientId: uuid("patient_id").notNull(),
    name: text("name").notNull(),
    /** consent | referral | report | insurance | identification | other */
    type: text("type").$type<DocumentType>().notNull(),
    fileUrl: text("file_url").notNull(),
    fileSize: integer("file_size").notNull(),
    mimeType: text("mime_type").notNull(),
    tags: jsonb("tags").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    isConfidential: boolean("is_confidential").notNull().default(false),
    /** removed from the patient's list (the file and row are kept) */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedBy: uuid("deleted_by"),
    createdBy: uuid("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("dental_documents_patient_idx").on(t.tenantId, t.patientId, t.createdAt),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [dentalPatients.tenantId, dentalPatients.id] }),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.deletedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** The practice's settings: module permissions per role and the chart notation. One row per tenant. */
export const dentalSettings = pgTable(
  "dental_settings",
  {
    ...tenantKey(),
    /** { admin: DentalRight[], cashier: DentalRight[] } (src/shared/dental/permissions.ts); the owner has all */
    roleRights: jsonb("role_rights").notNull(),
    /** fdi | universal | palmer */
    chartNotation: text("chart_notation").notNull().default("fdi"),
    updatedBy: uuid("updated_by"),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("dental_settings_tenant_key").on(t.tenantId), foreignKey({ columns: [t.tenantId, t.updatedBy], foreignColumns: [users.tenantId, users.id] })],
);
