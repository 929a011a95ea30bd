import { sandboxProvider } from "./sandbox";
import type { PaymentLinkProvider } from "./types";

export { SANDBOX_CALLBACK_PATH, SandboxPaymentLinkProvider, sandboxPayPath, sandboxProvider } from "./sandbox";
export * from "./signature";
export * from "./types";

/** The providers by code; a real one (a bank's hosted page) is added here behind the same interface. */
const PROVIDERS: Record<string, PaymentLinkProvider> = { sandbox: sandboxProvider };
export const PAYMENT_LINK_PROVIDER_CODES = Object.keys(PROVIDERS);

export function paymentLinkProvider(code: string): PaymentLinkProvider | null {
  return PROVIDERS[code] ?? null;
}
