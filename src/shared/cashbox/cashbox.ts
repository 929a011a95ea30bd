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
  invalidAmount: "cashbox:errors.invalidAmount",
  duplicateMethod: "cashbox:errors.duplicateMethod",
} as const;

/**
 * The print service's base URL (spec: POST {print_server}print/raw/): http or https, kept with a
 * trailing slash so the paths join; '' or null means none.
 */
export const printServerUrl = z
  .string()
  .trim()
  .max(300, M.tooLong)
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: M.invalidUrl });
      return z.NEVER;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      ctx.addIssue({ code: "custom", message: M.invalidUrl });
      return z.NEVER;
    }
    const text = url.toString();
    return text.endsWith("/") ? text : `${text}/`;
  });

/** The settings form: name, warehouse, print server, whether it opens the drawer, active. */
export const cashboxFormSchema = z.object({
  name: z.string().trim().min(1, M.nameRequired).max(100, M.tooLong),
  warehouseId: z
    .union([z.literal(""), z.string().uuid()])
    .nullish()
    .transform((v) => v || null),
  printServer: printServerUrl,
  willOpenDrawer: z.boolean().default(true),
  isActive: z.boolean().default(true),
});
export type CashboxFormInput = z.input<typeof cashboxFormSchema>;
export type CashboxFormOutput = z.output<typeof cashboxFormSchema>;

export const cashboxUpdateInput = cashboxFormSchema.extend({ id: z.string().uuid() });

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
