import * as React from "react";
import { toCheckoutItems } from "../../../../shared/pos/cart";
import { type CartStore, getCartStore, type ValidatedLine } from "./cart-store";

/** Cart recalculation delay (spec 02 §9). */
export const CART_VALIDATION_DELAY_MS = 500;

export type ValidateCart = (input: { items: ReturnType<typeof toCheckoutItems> }) => Promise<{ items: readonly ValidatedLine[] }>;

export interface CartValidatorOptions {
  delayMs?: number;
  /** told about a failed validation (the cart keeps its local items either way) */
  onError?: (error: unknown) => void;
}

export interface CartValidator {
  /** Runs now if a validation is pending and none is running (also what the timer calls). */
  run(): Promise<void>;
  dispose(): void;
}

/**
 * Validates the cart on the server `delayMs` after its last change (debounced): skipped while
 * one is running (it runs again afterwards if the cart changed meanwhile) or when nothing is
 * pending; the answer is applied only if the cart did not change in the meantime; a failure
 * clears the pending state and keeps the local items (spec 02 §4, §8).
 */
export function createCartValidator(store: CartStore, validate: ValidateCart, opts: CartValidatorOptions = {}): CartValidator {
  const delay = opts.delayMs ?? CART_VALIDATION_DELAY_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let disposed = false;
  let seenVersion = store.getState().version;

  const schedule = () => {
    if (disposed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, delay);
  };

  async function run(): Promise<void> {
    const state = store.getState();
    if (disposed || running || !state.pending) return;
    const version = state.version;
    if (state.items.length === 0) {
      store.failValidation(version);
      return;
    }
    running = true;
    store.setValidating(true);
    try {
      const answer = await validate({ items: toCheckoutItems(state.items) });
      if (!disposed) store.applyValidatedLines(version, answer.items);
    } catch (error) {
      if (!disposed) {
        store.failValidation(version);
        opts.onError?.(error);
      }
    } finally {
      running = false;
      if (!disposed) {
        store.setValidating(false);
        if (store.getState().pending) schedule();
      }
    }
  }

  const unsubscribe = store.subscribe(() => {
    const { version } = store.getState();
    if (version !== seenVersion) {
      seenVersion = version;
      schedule();
    }
  });
  if (store.getState().pending) schedule();

  return {
    run,
    dispose() {
      disposed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      unsubscribe();
    },
  };
}

/**
 * Keeps the POS cart validated while the screen is mounted; pass the cart validation procedure
 * (e.g. `(input) => client.pos.validateCart.mutate(input)`). The latest `validate` is always used.
 */
export function useCartValidation(validate: ValidateCart, opts: CartValidatorOptions & { store?: CartStore } = {}): void {
  const store = opts.store ?? getCartStore();
  const validateRef = React.useRef(validate);
  const onErrorRef = React.useRef(opts.onError);
  validateRef.current = validate;
  onErrorRef.current = opts.onError;
  React.useEffect(() => {
    const validator = createCartValidator(store, (input) => validateRef.current(input), { delayMs: opts.delayMs, onError: (e) => onErrorRef.current?.(e) });
    return () => validator.dispose();
  }, [store, opts.delayMs]);
}
