import { z } from "zod";
import { CARD_TERMINAL_KINDS, type CardTerminalKind } from "../card-terminal/types";
import { serviceUrl } from "../cashbox/cashbox";
import { settingsCode, settingsId, settingsName } from "./common";

/**
 * Card providers (Settings > Proveedores de tarjeta, spec 02 'Card provider: api_url, is_default'
 * and 'Payment interface per tenant'): the card-terminal services a shop charges cards through.
 * Both kinds sit on the shop's own network and the POS calls them from the cashier's browser:
 * - lane: the terminal lane service (GET api/transaction/lane/…, default port 5000), whose last
 *   transaction is shown by the panel's variant 1;
 * - card_service: the local card service (POST api/pos/…, default port 5050), the tenant's
 *   configured payment interface (code 'card_service'), shown by the panel's variant 2.
 * A provider may belong to one cash box (a shop with several lanes); the one marked default serves
 * the others. Messages are i18n keys.
 */
export {
  CARD_TERMINAL_DEFAULT_URL as CARD_PROVIDER_DEFAULT_URL,
  CARD_TERMINAL_KINDS as CARD_PROVIDER_KINDS,
  type CardTerminalKind as CardProviderKind,
} from "../card-terminal/types";

/**
 * The payment-interface adapter codes the spec names (paymentInterface.getTenantInterfaces):
 * the local card service is built; the others answer the spec's not-implemented error.
 */
export const PAYMENT_INTERFACE_CODES = ["card_service", "azul", "cardnet"] as const;
export type PaymentInterfaceCode = (typeof PAYMENT_INTERFACE_CODES)[number];
export const IMPLEMENTED_PAYMENT_INTERFACES: readonly PaymentInterfaceCode[] = ["card_service"];

const M = {
  kind: "fiscalSettings:errors.cardProvider.kind",
  urlRequired: "fiscalSettings:errors.cardProvider.urlRequired",
  urlInvalid: "fiscalSettings:errors.cardProvider.urlInvalid",
  urlTooLong: "fiscalSettings:errors.cardProvider.urlTooLong",
} as const;

/** The service's base URL: http(s), under 100 characters, kept with a trailing slash so the API paths join. */
export const cardProviderUrl = serviceUrl(100, true, M.urlTooLong, M.urlInvalid).refine((v) => v !== null, M.urlRequired);

const fields = {
  code: settingsCode,
  name: settingsName,
  kind: z.enum(CARD_TERMINAL_KINDS, { error: M.kind }),
  api_url: cardProviderUrl,
  /** the cash box (lane) this terminal serves; null: any cash box without its own */
  cashbox_id: settingsId.nullish(),
  is_default: z.boolean().optional(),
  is_active: z.boolean().optional(),
};

export const cardProviderCreateInput = z.object(fields);
export const cardProviderUpdateInput = z.object(fields).partial().extend({ id: settingsId });
export type CardProviderCreateInput = z.infer<typeof cardProviderCreateInput>;
export type CardProviderUpdateInput = z.infer<typeof cardProviderUpdateInput>;

/** One provider as cardProvider.getAll returns it. */
export interface CardProviderRow {
  id: string;
  code: string;
  name: string;
  kind: CardTerminalKind;
  api_url: string;
  cashbox_id: string | null;
  cashbox_name: string | null;
  is_default: boolean;
  is_active: boolean;
}

/**
 * The provider that charges a card at a cash box: the payment method's own, else the one of that
 * cash box, else the tenant's default; only active ones. Undefined: 'No hay proveedor de tarjeta configurado'.
 */
export function providerFor<T extends Pick<CardProviderRow, "id" | "cashbox_id" | "is_default" | "is_active">>(
  providers: readonly T[],
  opts: { methodProviderId?: string | null; cashboxId?: string | null },
): T | undefined {
  const active = providers.filter((p) => p.is_active);
  return (
    (opts.methodProviderId ? active.find((p) => p.id === opts.methodProviderId) : undefined) ??
    (opts.cashboxId ? active.find((p) => p.cashbox_id === opts.cashboxId) : undefined) ??
    active.find((p) => p.is_default)
  );
}

/**
 * The terminal a cash box reads its last transaction from and closes the batch of (quick command
 * 031, the cash box close): the cash box's own provider, else the one the card payment methods
 * charge through when they all name the same one, else the tenant's default; only active ones.
 */
export function terminalOfCashbox<T extends Pick<CardProviderRow, "id" | "cashbox_id" | "is_default" | "is_active">>(
  providers: readonly T[],
  opts: { cashboxId?: string | null; methods?: readonly { useCardProvider: boolean; cardProviderId: string | null; isActive?: boolean }[] },
): T | undefined {
  const named = [...new Set((opts.methods ?? []).filter((m) => m.useCardProvider && m.isActive !== false && m.cardProviderId).map((m) => m.cardProviderId!))];
  const active = providers.filter((p) => p.is_active);
  return (
    (opts.cashboxId ? active.find((p) => p.cashbox_id === opts.cashboxId) : undefined) ??
    (named.length === 1 ? active.find((p) => p.id === named[0]) : undefined) ??
    active.find((p) => p.is_default)
  );
}
