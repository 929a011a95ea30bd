import { describe, expect, it } from "vitest";
import { resources } from "../../../../shared/i18n/resources";
import * as C from "../../../../shared/legal/constants";

/** Every member of every enumeration of the legal area has its label, in Spanish and in English (issue 20). */
const GROUPS: Record<string, readonly (string | number)[]> = {
  status: C.CASE_STATUSES,
  priority: C.CASE_PRIORITIES,
  caseType: C.CASE_TYPES,
  billingType: C.CASE_BILLING_TYPES,
  riskLevel: C.CASE_RISK_LEVELS,
  partyType: C.PARTY_TYPES,
  entityType: C.ENTITY_TYPES,
  documentType: C.DOCUMENT_TYPES,
  documentStatus: C.DOCUMENT_STATUSES,
  signatureStatus: C.SIGNATURE_STATUSES,
  eventType: C.EVENT_TYPES,
  eventStatus: C.EVENT_STATUSES,
  locationType: C.LOCATION_TYPES,
  taskType: C.TASK_TYPES,
  taskStatus: C.TASK_STATUSES,
  activityType: C.TIME_ACTIVITY_TYPES,
  billingStatus: C.BILLING_STATUSES,
  communicationType: C.COMMUNICATION_TYPES,
  direction: C.COMMUNICATION_DIRECTIONS,
  communicationStatus: C.COMMUNICATION_STATUSES,
  reminder: C.REMINDER_MINUTES,
};

describe("legal enumeration labels", () => {
  for (const lang of ["es", "en"] as const) {
    it(`${lang}: every enumeration member has a label`, () => {
      const legal = (resources[lang] as unknown as Record<string, Record<string, Record<string, unknown>>>).legal!;
      const missing = Object.entries(GROUPS).flatMap(([group, values]) => values.filter((v) => typeof legal[group]?.[String(v)] !== "string").map((v) => `${group}.${v}`));
      expect(missing).toEqual([]);
    });
  }

  it("the spec's badge labels", () => {
    const legal = (resources.es as unknown as Record<string, Record<string, Record<string, string>>>).legal!;
    expect(C.CASE_PRIORITIES.map((p) => legal.priority![p])).toEqual(["Baja", "Normal", "Alta", "Urgente", "Crítica"]);
    expect(C.CASE_STATUSES.map((s) => legal.status![s])).toEqual(["Activo", "En Espera", "Cerrado", "Archivado"]);
  });
});
