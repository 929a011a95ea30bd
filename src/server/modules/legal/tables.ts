import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, time, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { childTenantKey, money, tenantKey, timestamps } from "../../db/columns";
import { users } from "../auth/tables";
import { customers } from "../customer/tables";

/**
 * The legal case-management area of Legatti (spec 02 'Legal case-management area' and 'Legal sample
 * data'; issue 20). A case belongs to a legal client (a customer of the suite with its legal data,
 * legattiCustomer.*); its parties, documents, events, tasks, time entries and communications hang
 * from it. Cases are never deleted: they are closed or archived. Enumerations are in
 * src/shared/legal/constants.ts.
 */
export const legalCases = pgTable(
  "legal_cases",
  {
    ...tenantKey(),
    /** per-tenant running number shown as EXP-2026-0001 (year of opening) */
    caseNumber: text("case_number").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    caseType: text("case_type").notNull(),
    caseSubtype: text("case_subtype"),
    status: text("status").notNull().default("active"),
    priority: text("priority").notNull().default("normal"),
    dateOpened: date("date_opened").notNull(),
    dateClosed: date("date_closed"),
    limitationDate: date("limitation_date"),
    primaryClientId: uuid("primary_client_id").notNull(),
    leadAttorneyId: uuid("lead_attorney_id"),
    supervisingPartner: text("supervising_partner"),
    courtName: text("court_name"),
    courtJurisdiction: text("court_jurisdiction"),
    judgeName: text("judge_name"),
    billingType: text("billing_type").notNull().default("hourly"),
    estimatedValue: money("estimated_value"),
    retainerAmount: money("retainer_amount"),
    totalBilled: money("total_billed").notNull().default("0"),
    totalPaid: money("total_paid").notNull().default("0"),
    /** string[] */
    tags: jsonb("tags").notNull().default(sql`'[]'::jsonb`),
    riskLevel: text("risk_level").notNull().default("low"),
    conflictCheckCompleted: boolean("conflict_check_completed").notNull().default(false),
    conflictCheckDate: date("conflict_check_date"),
    createdBy: uuid("created_by"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("legal_cases_number_key").on(t.tenantId, t.caseNumber),
    index("legal_cases_list_idx").on(t.tenantId, t.status, t.dateOpened),
    index("legal_cases_client_idx").on(t.tenantId, t.primaryClientId),
    foreignKey({ columns: [t.tenantId, t.primaryClientId], foreignColumns: [customers.tenantId, customers.id] }),
    foreignKey({ columns: [t.tenantId, t.leadAttorneyId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

const caseChild = () => ({ ...childTenantKey(), caseId: uuid("case_id").notNull() });
const caseFk = (t: { tenantId: AnyPgColumn; caseId: AnyPgColumn }) => foreignKey({ columns: [t.tenantId, t.caseId], foreignColumns: [legalCases.tenantId, legalCases.id] });

/** A party of a case: plaintiff, defendant, witness… with their attorney. */
export const legalCaseParties = pgTable(
  "legal_case_parties",
  {
    ...caseChild(),
    partyType: text("party_type").notNull(),
    partyRole: text("party_role"),
    name: text("name").notNull(),
    entityType: text("entity_type").notNull().default("individual"),
    taxId: text("tax_id"),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    attorneyName: text("attorney_name"),
    attorneyFirm: text("attorney_firm"),
    attorneyEmail: text("attorney_email"),
    attorneyPhone: text("attorney_phone"),
    isPrimary: boolean("is_primary").notNull().default(false),
    notes: text("notes"),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index("legal_case_parties_case_idx").on(t.tenantId, t.caseId), caseFk(t)],
);

/**
 * A document of a case: written in the rich-text editor (content, HTML sanitized on save, each
 * save a new row in legal_document_versions) or an uploaded file (file_*). Never deleted.
 */
export const legalCaseDocuments = pgTable(
  "legal_case_documents",
  {
    ...caseChild(),
    /** per-tenant running number DOC-0001 */
    documentNumber: text("document_number").notNull(),
    title: text("title").notNull(),
    documentType: text("document_type").notNull(),
    status: text("status").notNull().default("draft"),
    documentDate: date("document_date").notNull(),
    filedDate: date("filed_date"),
    /** the current version's sanitized HTML ('' for a file-only document) */
    content: text("content").notNull().default(""),
    version: integer("version").notNull().default(1),
    templateId: uuid("template_id"),
    fileName: text("file_name"),
    fileSize: integer("file_size"),
    fileType: text("file_type"),
    fileUrl: text("file_url"),
    requiresSignature: boolean("requires_signature").notNull().default(false),
    signatureStatus: text("signature_status").notNull().default("not_required"),
    isConfidential: boolean("is_confidential").notNull().default(false),
    authorId: uuid("author_id"),
    /** the author as shown (sample data, or a user's name at the time) */
    authorName: text("author_name"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("legal_case_documents_number_key").on(t.tenantId, t.documentNumber),
    index("legal_case_documents_case_idx").on(t.tenantId, t.caseId, t.documentDate),
    caseFk(t),
    foreignKey({ columns: [t.tenantId, t.authorId], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** Every saved version of a document's text, kept (a document renders as its latest). */
export const legalDocumentVersions = pgTable(
  "legal_document_versions",
  {
    ...childTenantKey(),
    documentId: uuid("document_id").notNull(),
    version: integer("version").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    createdBy: uuid("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("legal_document_versions_key").on(t.tenantId, t.documentId, t.version),
    foreignKey({ columns: [t.tenantId, t.documentId], foreignColumns: [legalCaseDocuments.tenantId, legalCaseDocuments.id] }),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** A document template: HTML with {{variable}} placeholders filled from the case and its client. */
export const legalDocumentTemplates = pgTable(
  "legal_document_templates",
  {
    ...tenantKey(),
    name: text("name").notNull(),
    description: text("description"),
    documentType: text("document_type").notNull(),
    content: text("content").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdBy: uuid("created_by"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("legal_document_templates_name_key").on(t.tenantId, t.name),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** A hearing, meeting or deadline of a case, on the area's calendar; may remind by e-mail. */
export const legalCaseEvents = pgTable(
  "legal_case_events",
  {
    ...caseChild(),
    eventType: text("event_type").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    eventDate: date("event_date").notNull(),
    startTime: time("start_time"),
    endTime: time("end_time"),
    allDay: boolean("all_day").notNull().default(false),
    location: text("location"),
    locationType: text("location_type"),
    priority: text("priority").notNull().default("normal"),
    status: text("status").notNull().default("scheduled"),
    reminderEnabled: boolean("reminder_enabled").notNull().default(false),
    /** minutes before the start (all-day events: before 08:00 of the day) */
    reminderMinutes: integer("reminder_minutes").notNull().default(1440),
    /** set once the reminder mail is sent (claimed), so it goes once */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("legal_case_events_date_idx").on(t.tenantId, t.eventDate),
    index("legal_case_events_case_idx").on(t.tenantId, t.caseId),
    index("legal_case_events_reminder_idx").on(t.eventDate).where(sql`reminder_enabled and reminder_sent_at is null`),
    caseFk(t),
  ],
);

/** A task of a case, assigned to a user of the firm. */
export const legalCaseTasks = pgTable(
  "legal_case_tasks",
  {
    ...caseChild(),
    title: text("title").notNull(),
    description: text("description"),
    taskType: text("task_type").notNull(),
    priority: text("priority").notNull().default("normal"),
    status: text("status").notNull().default("pending"),
    assigneeId: uuid("assignee_id"),
    dueDate: date("due_date"),
    completedDate: date("completed_date"),
    estimatedHours: numeric("estimated_hours", { precision: 7, scale: 2 }),
    actualHours: numeric("actual_hours", { precision: 7, scale: 2 }),
    isBillable: boolean("is_billable").notNull().default(true),
    hourlyRate: money("hourly_rate"),
    completionPercentage: smallint("completion_percentage").notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("legal_case_tasks_case_idx").on(t.tenantId, t.caseId, t.status),
    caseFk(t),
    foreignKey({ columns: [t.tenantId, t.assigneeId], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** Time worked on a case; billable entries roll up into the case's billable amount. */
export const legalTimeEntries = pgTable(
  "legal_time_entries",
  {
    ...caseChild(),
    entryDate: date("entry_date").notNull(),
    startTime: time("start_time"),
    endTime: time("end_time"),
    durationHours: numeric("duration_hours", { precision: 7, scale: 2 }).notNull(),
    activityType: text("activity_type").notNull(),
    description: text("description").notNull(),
    isBillable: boolean("is_billable").notNull().default(true),
    hourlyRate: money("hourly_rate").notNull().default("0"),
    /** duration × rate when billable, else 0 (src/shared/legal/billing.ts) */
    totalAmount: money("total_amount").notNull().default("0"),
    billingStatus: text("billing_status").notNull().default("unbilled"),
    userId: uuid("user_id"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("legal_time_entries_case_idx").on(t.tenantId, t.caseId, t.entryDate),
    caseFk(t),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** An e-mail, call or letter with a case's people, logged. */
export const legalCaseCommunications = pgTable(
  "legal_case_communications",
  {
    ...caseChild(),
    type: text("type").notNull(),
    direction: text("direction").notNull(),
    subject: text("subject").notNull(),
    content: text("content"),
    sender: text("sender"),
    /** string[] */
    recipients: jsonb("recipients").notNull().default(sql`'[]'::jsonb`),
    status: text("status").notNull().default("delivered"),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    requiresFollowup: boolean("requires_followup").notNull().default(false),
    followupDate: date("followup_date"),
    createdBy: uuid("created_by"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("legal_case_communications_case_idx").on(t.tenantId, t.caseId, t.sentAt),
    caseFk(t),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);
