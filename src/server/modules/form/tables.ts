import { sql } from "drizzle-orm";
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { childTenantKey, tenantKey, timestamps } from "../../db/columns";
import { users } from "../auth/tables";

/**
 * A form (spec 03 §2 'Form designer', §3 'Form schema'; issue 17). `schema` is the draft the
 * designer edits; publishing copies it into an immutable form_versions row. Never deleted: archived.
 */
export const forms = pgTable(
  "forms",
  {
    ...tenantKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description"),
    category: text("category"),
    /** draft | published | archived */
    status: text("status").notNull().default("draft"),
    isPublic: boolean("is_public").notNull().default(false),
    maxSubmissions: integer("max_submissions"),
    closedMessage: text("closed_message"),
    /** the draft being edited (src/shared/forms/schema.ts FormSchema) */
    schema: jsonb("schema").notNull(),
    publishedVersionId: uuid("published_version_id"),
    /** kept by formSubmission.submit in the same UPDATE that checks max_submissions */
    submissionCount: integer("submission_count").notNull().default(0),
    createdBy: uuid("created_by"),
    updatedBy: uuid("updated_by"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("forms_slug_key").on(t.tenantId, t.slug),
    index("forms_status_idx").on(t.tenantId, t.status, t.updatedAt),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.updatedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** A published version: the schema as it was published, never changed afterwards. */
export const formVersions = pgTable(
  "form_versions",
  {
    ...childTenantKey(),
    formId: uuid("form_id").notNull(),
    version: integer("version").notNull(),
    schema: jsonb("schema").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    publishedBy: uuid("published_by"),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("form_versions_version_key").on(t.tenantId, t.formId, t.version),
    foreignKey({ columns: [t.tenantId, t.formId], foreignColumns: [forms.tenantId, forms.id] }),
    foreignKey({ columns: [t.tenantId, t.publishedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** A submission: the normalised values of the version it answered. `number` counts per form from 1. */
export const formSubmissions = pgTable(
  "form_submissions",
  {
    ...childTenantKey(),
    formId: uuid("form_id").notNull(),
    versionId: uuid("version_id").notNull(),
    number: integer("number").notNull(),
    data: jsonb("data").notNull(),
    /** pending | approved | rejected */
    status: text("status").notNull().default("pending"),
    statusChangedBy: uuid("status_changed_by"),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
    /** null for a public (anonymous) submission */
    submittedBy: uuid("submitted_by"),
    submitterIp: text("submitter_ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("form_submissions_number_key").on(t.tenantId, t.formId, t.number),
    index("form_submissions_status_idx").on(t.tenantId, t.formId, t.status, t.createdAt),
    /** the list's search on the answers (data::text ILIKE '%…%'): trigrams, so 100,000 submissions are not read one by one (bench/forms-list.ts) */
    index("form_submissions_data_trgm_idx").using("gin", sql`(${t.data}::text) gin_trgm_ops`),
    foreignKey({ columns: [t.tenantId, t.formId], foreignColumns: [forms.tenantId, forms.id] }),
    foreignKey({ columns: [t.tenantId, t.versionId], foreignColumns: [formVersions.tenantId, formVersions.id] }),
    foreignKey({ columns: [t.tenantId, t.submittedBy], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.statusChangedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** Per-form permissions by role (spec 03 'form permissions by role'). No row: the role's module permissions decide. */
export const formPermissions = pgTable(
  "form_permissions",
  {
    ...childTenantKey(),
    formId: uuid("form_id").notNull(),
    role: text("role").notNull(),
    canView: boolean("can_view").notNull().default(true),
    canSubmit: boolean("can_submit").notNull().default(true),
    canEdit: boolean("can_edit").notNull().default(false),
    canDelete: boolean("can_delete").notNull().default(false),
    canManageSubmissions: boolean("can_manage_submissions").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("form_permissions_role_key").on(t.tenantId, t.formId, t.role),
    foreignKey({ columns: [t.tenantId, t.formId], foreignColumns: [forms.tenantId, forms.id] }),
  ],
);
