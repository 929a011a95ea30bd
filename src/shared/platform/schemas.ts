import { z } from "zod";
import { decimal } from "../catalog/decimal";
import { isValidTaxId } from "../fiscal/tax-id";
import { PRODUCTS, ROLES } from "../permissions";
import { isReservedSubdomain, SUBDOMAIN_PATTERN } from "./tenancy";
import { LANGUAGES, THEMES } from "./themes";
import { wholeNumber } from "./whole-number";

/** Messages are i18n keys ("errors:…"), translated where they are shown. */
const email = z.string().trim().toLowerCase().email("errors:invalidEmail");
const password = z.string().min(6, "errors:passwordMin").max(200);
const name = z.string().trim().min(1, "errors:nameRequired").max(120);

export const signInInput = z.object({ email, password: z.string().min(1, "errors:passwordRequired") });

export const registerInput = z.object({
  businessName: name,
  subdomain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(SUBDOMAIN_PATTERN, "errors:subdomainInvalid")
    .refine((s) => !isReservedSubdomain(s), "errors:subdomainReserved"),
  taxId: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ""))
    .refine(isValidTaxId, "errors:invalidTaxId"),
  ownerName: name,
  email,
  password,
  product: z.enum(PRODUCTS),
});
export type RegisterInput = z.infer<typeof registerInput>;

/** A uuid, or ''/'none'/null for "no value" (stored as null). */
const nullableUuid = z
  .union([z.string().uuid(), z.literal(""), z.literal("none"), z.null()])
  .transform((v) => (v && v !== "none" ? v : null));

export const userCreateInput = z.object({
  name,
  email,
  password,
  role: z.enum(ROLES),
  language: z.enum(LANGUAGES).default("es"),
  warehouseId: nullableUuid.optional().transform((v) => v ?? null),
  imageUrl: z.string().max(500).optional().nullable(),
});

export const userUpdateInput = z.object({
  id: z.string().uuid(),
  name: name.optional(),
  email: email.optional(),
  /** Empty keeps the current password. */
  password: z.union([password, z.literal("")]).optional(),
  role: z.enum(ROLES).optional(),
  language: z.enum(LANGUAGES).optional(),
  warehouseId: nullableUuid.optional(),
  imageUrl: z.string().max(500).optional().nullable(),
  isActive: z.boolean().optional(),
});

export const configUpdateInput = z.object({
  /** Only the current default currency is accepted (it is changed in Settings → Currencies, currency.update). */
  default_currency_code: z.string().length(3).optional(),
  theme: z.enum(THEMES).optional(),
  force_company_theme: z.boolean().optional(),
  rounded_sidebar: z.boolean().optional(),
  rounded_cards: z.boolean().optional(),
  rounded_navbar: z.boolean().optional(),
  rounded_buttons: z.boolean().optional(),
  allow_negative_stock: z.boolean().optional(),
  sell_without_cashbox: z.boolean().optional(),
  rewards_points_per_unit: wholeNumber(0, 1000, "errors:invalidNumber").optional(),
  rewards_amount_per_point: decimal({ scale: 2, min: 0.01, max: 1_000_000 }).optional(),
  /** pesos a point pays at checkout; 0 turns redemption off */
  rewards_point_value: decimal({ scale: 2, min: 0, max: 1_000_000, maxPlaces: 2 }).optional(),
});

export const tenantStatusInput = z.object({ tenantId: z.string().uuid(), status: z.enum(["active", "suspended"]) });
