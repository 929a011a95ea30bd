import type { OnlineCart } from "../../../shared/storefront/types";
import { siteTrpc } from "../../public-site/trpc";

/**
 * The browser side of the online cart, shared by the cart islands (no zod, no i18next: the shop's
 * JavaScript stays small). The session id lives in localStorage under SHOP_SESSION_KEY; the
 * islands talk through one window event so the header's count follows every add.
 */

/** Same value as SHOP_SESSION_KEY in src/shared/storefront/cart.ts (not imported: that module brings zod). */
export const SESSION_KEY = "enzzo_shop_session";
const CART_EVENT = "enzzo:cart";

function randomId(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The browser's cart session id, created on first use (a fresh one when storage holds junk). */
export function sessionId(): string {
  try {
    const stored = localStorage.getItem(SESSION_KEY);
    if (stored && /^[A-Za-z0-9_-]{16,64}$/.test(stored)) return stored;
    const id = randomId();
    localStorage.setItem(SESSION_KEY, id);
    return id;
  } catch {
    return randomId();
  }
}

/** After an order the cart is closed: the browser starts a new session. */
export function newSession(): void {
  try {
    localStorage.setItem(SESSION_KEY, randomId());
  } catch {
    // storage unavailable: the next sessionId() call makes a new one anyway
  }
}

export const newKey = () => randomId();

export const fetchCart = (storeId: string) => siteTrpc.ecommerce.getCart.query({ storeId, sessionId: sessionId() });

export interface CartEventDetail {
  cart: OnlineCart;
  /** open the drawer (after an add) */
  open?: boolean;
}

export function announceCart(detail: CartEventDetail) {
  window.dispatchEvent(new CustomEvent<CartEventDetail>(CART_EVENT, { detail }));
}

export function onCart(listener: (detail: CartEventDetail) => void): () => void {
  const handler = (e: Event) => listener((e as CustomEvent<CartEventDetail>).detail);
  window.addEventListener(CART_EVENT, handler);
  return () => window.removeEventListener(CART_EVENT, handler);
}

/** The server's message of a failed call (already in the page's language), else `fallback`. */
export function errorMessage(e: unknown, fallback: string): string {
  const message = (e as { message?: unknown })?.message;
  return typeof message === "string" && message && !message.startsWith("Failed to fetch") ? message : fallback;
}

/** A decimal string as money ('1234.5' → 'RD$1,234.50'), exactly, without floats. */
export function money(value: string, currency = "DOP"): string {
  const [intPart = "0", dec = ""] = value.replace("-", "").split(".");
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const symbol = currency === "DOP" ? "RD$" : currency === "USD" ? "US$" : currency === "EUR" ? "€" : `${currency} `;
  return `${value.startsWith("-") ? "-" : ""}${symbol}${grouped}.${(`${dec}00`).slice(0, 2)}`;
}

const cents = (value: string): bigint => {
  const [intPart = "0", dec = ""] = value.replace("-", "").split(".");
  const abs = BigInt(intPart || "0") * 100n + BigInt((`${dec}00`).slice(0, 2));
  return value.startsWith("-") ? -abs : abs;
};

/** a + b of two decimal strings, in cents (never floats). */
export function addMoney(a: string, b: string): string {
  const sum = cents(a) + cents(b);
  const abs = sum < 0n ? -sum : sum;
  return `${sum < 0n ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}
