import * as React from "react";
import {
  type AddItemInput,
  addItem,
  applyPercentDiscounts,
  type CartDiscount,
  type CartItem,
  type CartState,
  clearCart,
  clearDiscounts,
  DEFAULT_CUSTOMER_ID,
  type DiscountSelection,
  POS_CART_STORAGE_KEY,
  parseStoredCart,
  priceItem,
  removeItem,
  sanitizeItems,
  serializeCart,
  setItemDiscount,
  setItemQuantity,
} from "../../../../shared/pos/cart";
import type { Decimal } from "../../../../shared/pos/pricing";

/**
 * The POS cart: a small external store persisted in localStorage under 'pos_cart_state'
 * (spec 02 §4, §8). Items, the selected customer ('default' by default), the warehouse and the
 * discount panel's selection are stored; `pending` (a server validation is due) and
 * `validating` live only in memory.
 */

export interface CartStoreState extends CartState {
  /** the items changed since the last server validation */
  pending: boolean;
  /** a server validation is running */
  validating: boolean;
  /** increases on every change of the items (a validation answer for an older version is stale) */
  version: number;
}

/** One line of the cart validation's answer: the server's computed values for a product. */
export interface ValidatedLine {
  productId: string;
  /** the current unit price, when the server reports it */
  price?: string | null;
  /** the product as the server has it (its category decides category promotions) */
  product?: { category_id?: string | null } | null;
  subtotal: string;
  discountAmount?: string | null;
  taxAmount: string;
  total: string;
}

/** The part of `Storage` the store uses (localStorage, or a stub in tests). */
export type CartStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface CartStore {
  getState(): CartStoreState;
  subscribe(listener: () => void): () => void;
  addItem(input: AddItemInput): void;
  /** 0 or less removes the line */
  setQuantity(productId: string, quantity: Decimal): void;
  removeItem(productId: string): void;
  setItemDiscount(productId: string, discount: CartDiscount | null): void;
  /** Apply in the discount panel: keeps the selection and sets each product's percent discount. */
  applyDiscounts(selection: DiscountSelection, description?: string | null): void;
  /** Cancel in the discount panel: no selection, no line discounts. */
  clearDiscounts(): void;
  /**
   * Replaces the items (loading a held invoice, cancel-and-recreate). Entries without a product
   * or with a product id that is not a UUID are dropped; returns how many were kept.
   */
  replaceItems(items: unknown, customerId?: string | null): number;
  /** Empties the cart; the customer goes back to 'default', the warehouse stays. */
  clear(): void;
  setCustomer(customerId: string | null): void;
  setWarehouse(warehouseId: string | null): void;
  /** Marks a validation as running or finished. */
  setValidating(validating: boolean): void;
  /** Applies a validation answer made for `version`; false (nothing applied) when the cart changed since. */
  applyValidatedLines(version: number, lines: readonly ValidatedLine[]): boolean;
  /** A failed validation: the pending state is cleared (unless the cart changed since) and local items kept. */
  failValidation(version: number): void;
}

function safeRead(storage: CartStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function createCartStore(storage: CartStorage | null, key: string = POS_CART_STORAGE_KEY): CartStore {
  const { cart, corrupt } = parseStoredCart(safeRead(storage, key));
  if (corrupt) {
    try {
      storage?.removeItem(key);
    } catch {
      /* storage unavailable: nothing to remove */
    }
  }
  let state: CartStoreState = { ...cart, pending: cart.items.length > 0, validating: false, version: 0 };
  const listeners = new Set<() => void>();

  function persist() {
    try {
      storage?.setItem(key, serializeCart(state));
    } catch {
      /* quota exceeded or storage disabled: the cart still works in memory */
    }
  }

  function set(next: Partial<CartStoreState>, opts: { itemsChanged?: boolean; persist?: boolean } = {}) {
    state = { ...state, ...next };
    if (opts.itemsChanged) state = { ...state, version: state.version + 1, pending: state.items.length > 0 };
    if (opts.persist ?? true) persist();
    for (const l of listeners) l();
  }

  const setItems = (items: CartItem[], extra: Partial<CartStoreState> = {}) => set({ ...extra, items }, { itemsChanged: true });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    addItem: (input) => setItems(addItem(state.items, input)),
    setQuantity: (productId, quantity) => setItems(setItemQuantity(state.items, productId, quantity)),
    removeItem: (productId) => setItems(removeItem(state.items, productId)),
    setItemDiscount: (productId, discount) => setItems(setItemDiscount(state.items, productId, discount)),
    applyDiscounts: (selection, description) => setItems(applyPercentDiscounts(state.items, selection.perProduct, description), { discounts: selection }),
    clearDiscounts: () => setItems(clearDiscounts(state.items), { discounts: null }),
    replaceItems(items, customerId) {
      const kept = sanitizeItems(items);
      setItems(kept, customerId !== undefined ? { customerId: customerId || DEFAULT_CUSTOMER_ID, discounts: null } : { discounts: null });
      return kept.length;
    },
    clear: () => set({ ...clearCart(state), validating: state.validating }, { itemsChanged: true }),
    setCustomer: (customerId) => set({ customerId: customerId || DEFAULT_CUSTOMER_ID }),
    setWarehouse: (warehouseId) => set({ warehouseId }),
    setValidating: (validating) => set({ validating }, { persist: false }),
    applyValidatedLines(version, lines) {
      if (version !== state.version) return false;
      const byProduct = new Map(lines.map((l) => [l.productId, l]));
      const items = state.items.map((item) => {
        const line = byProduct.get(item.product.id);
        if (!line) return item;
        const product = {
          ...item.product,
          ...(line.price ? { price: line.price } : {}),
          ...(line.product && line.product.category_id !== undefined ? { category_id: line.product.category_id } : {}),
        };
        const local = priceItem({ ...item, product }) ?? item;
        return {
          ...local,
          subtotal: line.subtotal,
          discountAmount: line.discountAmount ?? local.discountAmount,
          taxAmount: line.taxAmount,
          total: line.total,
        };
      });
      set({ items, pending: false });
      return true;
    },
    failValidation(version) {
      if (version === state.version) set({ pending: false }, { persist: false });
    },
  };
}

let shared: CartStore | null = null;

/** The browser tab's cart (localStorage when available). */
export function getCartStore(): CartStore {
  if (!shared) {
    let storage: CartStorage | null = null;
    try {
      storage = typeof window !== "undefined" ? window.localStorage : null;
    } catch {
      storage = null;
    }
    shared = createCartStore(storage);
  }
  return shared;
}

/** The cart's state (re-rendering on change) and the store's actions. */
export function useCart(store: CartStore = getCartStore()): CartStoreState & { store: CartStore } {
  const state = React.useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return React.useMemo(() => ({ ...state, store }), [state, store]);
}
