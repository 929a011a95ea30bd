import { z } from "zod";
import { money } from "../catalog/decimal";

/**
 * Cash boxes and their sessions (spec 02 §2 'Cash drawer close', §3 'Cash box', §7 cashbox.getActive).
 * One schema for the settings form, the open/close dialogs and the server. Messages are i18n keys.
 */

const M = {
  nameRequired: "cashbox:errors.nameRequired",
  tooLong: "cashbox:errors.tooLong",
  invalidUrl: "cashbox:errors.invalidUrl",
  codeRequired: "cashbox:errors.codeRequired",
  codeTooLong: "cashbox:errors.codeTooLong",
  templateTooLong: "cashbox:errors.templateTooLong",
  printServerTooLong: "cashbox:errors.printServerTooLong",
  drawerServiceTooLong: "cashbox:errors.drawerServiceTooLong",
  invalidAmount: "cashbox:errors.invalidAmount",
  duplicateMethod: "cashbox:errors.duplicateMethod",
} as const;

/**
 * The base URL of a local service (print service, drawer, card terminal): http(s) (normalized by
 * URL), at most `max` characters; '' or null means none.
 */
export function serviceUrl(max: number, trailingSlash: boolean, tooLong: string, invalid: string = M.invalidUrl) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        ctx.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      const text = url.toString();
      if (!trailingSlash) return value;
      return text.endsWith("/") ? text : `${text}/`;
    });
}

/**
 * The print service's base URL (spec: POST {print_server}print/raw/): http or https, under 100
 * characters, kept with a trailing slash so the paths join; '' or null means none.
 */
export const printServerUrl = serviceUrl(100, true, M.printServerTooLong);

/** The service that opens the drawer when it is not on the receipt printer: http or https, under 50 characters. */
export const drawerServiceUrl = serviceUrl(50, false, M.drawerServiceTooLong);

/** A short code shown on reports (CAJA1): required, at most 50 characters, upper-cased. */
export const cashboxCode = z
  .string({ error: M.codeRequired })
  .trim()
  .min(1, M.codeRequired)
  .max(50, M.codeTooLong)
  .refine((v) => !v.includes("\u0000"), M.tooLong)
  .transform((v) => v.toUpperCase());

/** The receipt template's name (80mm, 58mm …): at most 20 characters; '' means none. */
export const cashboxTemplate = z
  .string()
  .trim()
  .max(20, M.templateTooLong)
  .refine((v) => !v.includes("\u0000"), M.tooLong)
  .nullable()
  .transform((v) => v || null);

const baseFields = {
  name: z.string().trim().min(1, M.nameRequired).max(100, M.tooLong),
  warehouseId: z
    .union([z.literal(""), z.string().uuid()])
    .nullish()
    .transform((v) => v || null),
  printServer: printServerUrl,
  willOpenDrawer: z.boolean().default(true),
  isActive: z.boolean().default(true),
};

/**
 * The settings form (spec 03 'Settings entities' Cashbox): code, name, warehouse, print server,
 * template, notifications, wait for print, open drawer, open drawer on print, drawer service, active.
 */
export const cashboxFormSchema = z.object({
  ...baseFields,
  code: cashboxCode,
  template: cashboxTemplate,
  showNotifications: z.boolean(),
  waitForPrint: z.boolean(),
  openDrawerOnPrint: z.boolean(),
  drawerServiceUrl: drawerServiceUrl,
});
export type CashboxFormInput = z.input<typeof cashboxFormSchema>;
export type CashboxFormOutput = z.output<typeof cashboxFormSchema>;

/**
 * cashbox.create / update: the form's fields. Name, warehouse, print server, drawer and active
 * are replaced as sent; code, template, the print flags and the drawer service are kept when
 * left out (an API client that predates them); a new cash box without a code gets CAJA{n}.
 */
export const cashboxCreateInput = z.object({
  ...baseFields,
  code: cashboxCode.optional(),
  template: cashboxTemplate.optional(),
  showNotifications: z.boolean().optional(),
  waitForPrint: z.boolean().optional(),
  openDrawerOnPrint: z.boolean().optional(),
  drawerServiceUrl: drawerServiceUrl.optional(),
});
export type CashboxCreateInput = z.output<typeof cashboxCreateInput>;

export const cashboxUpdateInput = cashboxCreateInput.extend({ id: z.string().uuid() });
export type CashboxUpdateInput = z.output<typeof cashboxUpdateInput>;

/** cashbox.open: the float counted into the drawer; clientRequestId makes a retried call harmless. */
export const openCashboxInput = z.object({
  cashboxId: z.string().uuid(),
  openingAmount: money(M.invalidAmount),
  clientRequestId: z.string().uuid(),
});
export type OpenCashboxInput = z.output<typeof openCashboxInput>;

/** cashbox.close: what was counted per payment method (a method left out counted 0) and the comments. */
export const closeCashboxInput = z
  .object({
    sessionId: z.string().uuid(),
    counted: z.array(z.object({ paymentMethodId: z.string().uuid(), amount: money(M.invalidAmount) })).max(100),
    comments: z
      .string()
      .trim()
      .max(1000, M.tooLong)
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    input.counted.forEach((line, i) => {
      if (seen.has(line.paymentMethodId)) ctx.addIssue({ code: "custom", path: ["counted", i, "paymentMethodId"], message: M.duplicateMethod });
      seen.add(line.paymentMethodId);
    });
  });
export type CloseCashboxInput = z.output<typeof closeCashboxInput>;

export const CASH_METHOD_CODE = "CASH";
