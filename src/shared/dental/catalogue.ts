import { z } from "zod";
import { money } from "../catalog/decimal";
import { isStorableText } from "../platform/text";
import { CHART_NOTATIONS, PROCEDURE_SCOPES, type ProcedureScope, TOOTH_STATUSES, type ToothStatus } from "./constants";
import { DENTAL_RIGHTS, type DentalRight, type DentalRoleRights } from "./permissions";

/**
 * The practice's procedure catalogue and settings (issue 18, spec 03 'Dental module'): the zod
 * inputs the settings page and dental.* share, and the demo clinic's catalogue.
 */

const M = {
  codeRequired: "dentalAdmin:errors.codeRequired",
  codeInvalid: "dentalAdmin:errors.codeInvalid",
  nameRequired: "dentalAdmin:errors.nameRequired",
  invalidText: "dentalAdmin:errors.invalidText",
  invalidPrice: "dentalAdmin:errors.invalidPrice",
} as const;

const text = (max: number, required: string) => z.string({ error: required }).trim().min(1, required).max(max, M.invalidText).refine(isStorableText, M.invalidText);

/** A catalogue code: letters, digits, '-' and '_' (it becomes part of the product's SKU, DEN-<code>). */
export const procedureCode = z
  .string({ error: M.codeRequired })
  .trim()
  .min(1, M.codeRequired)
  .max(20, M.codeInvalid)
  .regex(/^[A-Za-z0-9_-]+$/, M.codeInvalid)
  .transform((v) => v.toUpperCase());

export const procedureTypeFields = {
  name: text(200, M.nameRequired),
  price: money(M.invalidPrice),
  scope: z.enum(PROCEDURE_SCOPES),
  /** the odontogram status a done procedure leaves (null: none, e.g. a consultation) */
  resultStatus: z.enum(TOOTH_STATUSES).nullable(),
};

export const procedureTypeCreateInput = z.object({ code: procedureCode, ...procedureTypeFields });
export const procedureTypeUpdateInput = z.object({ id: z.string().uuid(), ...procedureTypeFields, isActive: z.boolean() });
export const procedureTypeListInput = z.object({ includeInactive: z.boolean().optional().default(false) });
export type ProcedureTypeCreateInput = z.infer<typeof procedureTypeCreateInput>;
export type ProcedureTypeUpdateInput = z.infer<typeof procedureTypeUpdateInput>;

/** One catalogue entry as dental.getProcedureTypes answers it (name and price come from its product). */
export interface DentalProcedureType {
  id: string;
  code: string;
  name: string;
  price: string;
  scope: ProcedureScope;
  resultStatus: ToothStatus | null;
  productId: string;
  isActive: boolean;
}

/** The SKU of a catalogue entry's service product. */
export const procedureSku = (code: string) => `DEN-${code.toUpperCase()}`;

const roleRightsList = z
  .array(z.enum(DENTAL_RIGHTS))
  .max(DENTAL_RIGHTS.length)
  .transform((rights) => normalizeRights(rights));

/** dental.updateSettings: the module permissions of the admin and cashier roles, and the chart notation. */
export const settingsUpdateInput = z.object({
  roleRights: z.object({ admin: roleRightsList, cashier: roleRightsList }),
  chartNotation: z.enum(CHART_NOTATIONS),
});
export type SettingsUpdateInput = z.infer<typeof settingsUpdateInput>;

/**
 * A role's rights in the catalogue's order, without repeats; any right implies 'access' (a user who
 * may do something in the module must be able to open it).
 */
export function normalizeRights(rights: readonly DentalRight[]): DentalRight[] {
  const set = new Set(rights);
  if (set.size > 0) set.add("access");
  return DENTAL_RIGHTS.filter((r) => set.has(r));
}

export function normalizeRoleRights(r: DentalRoleRights): DentalRoleRights {
  return { admin: normalizeRights(r.admin), cashier: normalizeRights(r.cashier) };
}

/** The demo clinic's catalogue (Spanish names, RD$ prices; ITBIS-exempt health services). */
export const DEMO_DENTAL_CATALOGUE: readonly { code: string; name: string; price: string; scope: ProcedureScope; resultStatus: ToothStatus | null }[] = [
  { code: "CONS", name: "Consulta y diagnóstico", price: "1500.00", scope: "mouth", resultStatus: null },
  { code: "PROF", name: "Limpieza (profilaxis)", price: "2500.00", scope: "mouth", resultStatus: null },
  { code: "RES", name: "Resina compuesta", price: "3500.00", scope: "surface", resultStatus: "filling" },
  { code: "EXT", name: "Extracción simple", price: "3000.00", scope: "tooth", resultStatus: "missing" },
  { code: "ENDO", name: "Endodoncia", price: "12000.00", scope: "tooth", resultStatus: "root_canal" },
  { code: "COR", name: "Corona de porcelana", price: "18000.00", scope: "tooth", resultStatus: "crown" },
  { code: "IMP", name: "Implante dental", price: "65000.00", scope: "tooth", resultStatus: "implant" },
  { code: "PUE", name: "Puente fijo", price: "45000.00", scope: "tooth", resultStatus: "bridge" },
  { code: "SELL", name: "Sellante", price: "1200.00", scope: "tooth", resultStatus: null },
  { code: "BLAN", name: "Blanqueamiento", price: "9000.00", scope: "mouth", resultStatus: null },
  { code: "RXP", name: "Radiografía periapical", price: "800.00", scope: "tooth", resultStatus: null },
  { code: "ORTO", name: "Ajuste de ortodoncia", price: "3500.00", scope: "mouth", resultStatus: null },
];
