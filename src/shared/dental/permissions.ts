import type { Role } from "../permissions";

/**
 * The dental module-permissions setting (spec 03: 'The dental module has a module-permissions
 * setting'): what each role may do inside the module. The owner has every right. A user also needs
 * the `dental` module enabled for the tenant. Stored in dental_settings.role_rights.
 */
export const DENTAL_RIGHTS = [
  /** open the module: dashboard, patient list and profiles (overview) */
  "access",
  /** register and edit patients */
  "patients",
  /** odontogram and clinical records: read and write */
  "clinical",
  /** treatment plans: create, propose, approve, mark procedures done */
  "plans",
  /** invoice done procedures */
  "billing",
  /** write and cancel prescriptions */
  "prescribe",
  /** x-rays, lab orders and documents */
  "files",
  /** see confidential documents and x-rays */
  "confidential",
  /** reports */
  "reports",
  /** the module's settings (this setting, the procedure catalogue, the chart notation) */
  "settings",
] as const;
export type DentalRight = (typeof DENTAL_RIGHTS)[number];

export type DentalRoleRights = Record<Exclude<Role, "owner">, DentalRight[]>;

/** A new practice: the administrator (the dentist's role) does everything but the settings; the cashier (front desk) registers patients and bills. */
export const DEFAULT_DENTAL_ROLE_RIGHTS: DentalRoleRights = {
  admin: DENTAL_RIGHTS.filter((r) => r !== "settings"),
  cashier: ["access", "patients", "billing"],
};

export function hasDentalRight(user: { isOwner: boolean; role: string }, rights: DentalRoleRights, right: DentalRight): boolean {
  if (user.isOwner) return true;
  const granted = rights[user.role as keyof DentalRoleRights];
  return !!granted && granted.includes(right);
}
