/**
 * Enumerations of the legal case-management area (spec 02 'Legal case-management area' and
 * 'Legal sample data'; issue 20). The spec names some members (shown first); the rest complete
 * what a Dominican law firm records (docs/decisions.md, 'Legal (issue 20)'). Labels are in the
 * `legal` i18n namespace under the same names (e.g. legal:status.on_hold).
 */
export const CASE_STATUSES = ["active", "on_hold", "closed", "archived"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const CASE_PRIORITIES = ["low", "normal", "high", "urgent", "critical"] as const;
export type CasePriority = (typeof CASE_PRIORITIES)[number];
/** The statistics summary's 'urgent' counts both. */
export const URGENT_PRIORITIES: readonly CasePriority[] = ["urgent", "critical"];

export const CASE_TYPES = ["civil", "commercial", "labor", "criminal", "family", "administrative", "corporate", "real_estate", "tax", "other"] as const;
export type CaseType = (typeof CASE_TYPES)[number];

export const CASE_BILLING_TYPES = ["hourly", "fixed_fee", "contingency"] as const;
export const CASE_RISK_LEVELS = ["low", "medium", "high"] as const;

export const PARTY_TYPES = ["plaintiff", "defendant", "witness", "third_party", "expert"] as const;
export const ENTITY_TYPES = ["individual", "company"] as const;

export const DOCUMENT_TYPES = ["pleading", "contract", "evidence", "motion", "power_of_attorney", "correspondence", "other"] as const;
export const DOCUMENT_STATUSES = ["draft", "review", "approved", "signed", "filed"] as const;
export const SIGNATURE_STATUSES = ["not_required", "pending", "signed"] as const;

export const EVENT_TYPES = ["hearing", "meeting", "deadline", "filing", "other"] as const;
export const EVENT_STATUSES = ["scheduled", "confirmed", "completed", "cancelled"] as const;
export const LOCATION_TYPES = ["court", "office", "virtual", "other"] as const;
/** Reminder offsets offered (minutes before the event). */
export const REMINDER_MINUTES = [60, 180, 1440, 2880, 10080] as const;

export const TASK_TYPES = ["drafting", "research", "client_meeting", "filing", "review", "other"] as const;
export const TASK_STATUSES = ["pending", "in_progress", "completed", "cancelled"] as const;

export const TIME_ACTIVITY_TYPES = ["research", "drafting", "meeting", "court_appearance", "call", "review", "travel", "other"] as const;
export const BILLING_STATUSES = ["unbilled", "billed", "written_off"] as const;

export const COMMUNICATION_TYPES = ["email", "phone", "meeting", "letter"] as const;
export const COMMUNICATION_DIRECTIONS = ["outbound", "inbound"] as const;
export const COMMUNICATION_STATUSES = ["draft", "sent", "delivered", "received", "failed"] as const;

/** The editor's placeholder (spec 02 'Rich-text document editor toolbar'), also in the catalogs. */
export const EDITOR_MIN_HEIGHT_PX = 400;

/**
 * The {{variables}} a template may use, filled from the case, its client, the firm and today
 * (src/shared/legal/variables.ts). Any other name is left in the text as written and reported.
 */
export const TEMPLATE_VARIABLES = [
  "cliente_nombre",
  "cliente_documento",
  "cliente_direccion",
  "caso_numero",
  "caso_titulo",
  "caso_tipo",
  "tribunal",
  "jurisdiccion",
  "juez",
  "fecha_apertura",
  "fecha_limite",
  "abogado",
  "firma_nombre",
  "fecha_actual",
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
