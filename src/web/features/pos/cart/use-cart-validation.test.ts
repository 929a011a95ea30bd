import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CartProduct } from "../../../../shared/pos/cart";
import { computeLine } from "../../../../shared/pos/pricing";
import { createCartStore } from "./cart-store";
import { createCartValidator, type ValidateCart } from "./use-cart-validation";

const A = "0190d6a8-0000-7000-8000-00000000000a";
const product: CartProduct = { id: A, name: "Café", price: "100.00", tax_percent: null, is_taxable: true, price_includes_tax: false };

/** A fake server: recomputes with the shared rules at a price of its own. */
function server(price = "100.00") {
  const calls: Array<{ items: Array<{ productId: string; quantity: string }> }> = [];
  const pendingAnswers: Array<() => void> = [];
  let fail = false;
  let hold = false;
  const validate: ValidateCart = (input) => {
    calls.push(input);
    const answer = {
      items: input.items.map((i) => {
        const l = computeLine({ product: { ...product, price }, quantity: i.quantity })!;
        return { productId: i.productId, price, subtotal: l.subtotal, discountAmount: l.discountAmount, taxAmount: l.taxAmount, total: l.total };
      }),
    };
    return new Promise((resolve, reject) => {
      const settle = () => (fail ? reject(new Error("Failed to fetch")) : resolve(answer));
      if (hold) pendingAnswers.push(settle);
      else settle();
    });
  };
  return {
    validate,
    calls,
    failNext: (v: boolean) => {
      fail = v;
    },
    holdAnswers: (v: boolean) => {
      hold = v;
    },
    release: () => {
      for (const s of pendingAnswers.splice(0)) s();
    },
  };
}

describe("cart validation (debounced 500 ms)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("validates 500 ms after the last change, once, and applies the server's lines", async () => {
    const store = createCartStore(null);
    const srv = server("110.00");
    const validator = createCartValidator(store, srv.validate);
    store.addItem({ product });
    await vi.advanceTimersByTimeAsync(300);
    store.addItem({ product });
    await vi.advanceTimersByTimeAsync(499);
    expect(srv.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(srv.calls).toEqual([{ items: [{ productId: A, quantity: "2" }] }]);
    expect(store.getState().items[0]).toMatchObject({ product: { price: "110.00" }, total: "259.60" });
    expect(store.getState()).toMatchObject({ pending: false, validating: false });
    await vi.advanceTimersByTimeAsync(2000);
    expect(srv.calls).toHaveLength(1);
    validator.dispose();
  });

  it("skips when nothing is pending (customer changes do not validate)", async () => {
    const store = createCartStore(null);
    const srv = server();
    const validator = createCartValidator(store, srv.validate);
    store.setCustomer("0190d6a8-0000-7000-8000-0000000000cc");
    await vi.advanceTimersByTimeAsync(1000);
    await validator.run();
    expect(srv.calls).toHaveLength(0);
    validator.dispose();
  });

  it("skips while one is running, then validates the newer cart; a stale answer is not applied", async () => {
    const store = createCartStore(null);
    const srv = server("100.00");
    srv.holdAnswers(true);
    const validator = createCartValidator(store, srv.validate);
    store.addItem({ product });
    await vi.advanceTimersByTimeAsync(500);
    expect(srv.calls).toHaveLength(1);
    expect(store.getState().validating).toBe(true);
    store.setQuantity(A, 3);
    await vi.advanceTimersByTimeAsync(500);
    expect(srv.calls).toHaveLength(1);
    srv.holdAnswers(false);
    srv.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().pending).toBe(true);
    expect(store.getState().items[0]!.quantity).toBe("3");
    await vi.advanceTimersByTimeAsync(500);
    expect(srv.calls.map((c) => c.items[0]!.quantity)).toEqual(["1", "3"]);
    expect(store.getState()).toMatchObject({ pending: false, validating: false });
    expect(store.getState().items[0]!.total).toBe("354.00");
    validator.dispose();
  });

  it("on failure clears the pending state, keeps the local items and reports the error", async () => {
    const store = createCartStore(null);
    const srv = server();
    srv.failNext(true);
    const errors: unknown[] = [];
    const validator = createCartValidator(store, srv.validate, { onError: (e) => errors.push(e) });
    store.addItem({ product, quantity: 2 });
    await vi.advanceTimersByTimeAsync(500);
    expect(errors).toHaveLength(1);
    expect(store.getState()).toMatchObject({ pending: false, validating: false });
    expect(store.getState().items.map((i) => [i.quantity, i.total])).toEqual([["2", "236.00"]]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(srv.calls).toHaveLength(1);
    validator.dispose();
  });

  it("validates a restored cart once on start, and nothing after dispose", async () => {
    const store = createCartStore(null);
    store.addItem({ product });
    const srv = server();
    const validator = createCartValidator(store, srv.validate);
    await vi.advanceTimersByTimeAsync(500);
    expect(srv.calls).toHaveLength(1);
    validator.dispose();
    store.addItem({ product });
    await vi.advanceTimersByTimeAsync(1000);
    expect(srv.calls).toHaveLength(1);
  });

  it("an emptied cart needs no server call", async () => {
    const store = createCartStore(null);
    const srv = server();
    const validator = createCartValidator(store, srv.validate);
    store.addItem({ product });
    store.removeItem(A);
    await vi.advanceTimersByTimeAsync(1000);
    expect(srv.calls).toHaveLength(0);
    expect(store.getState().pending).toBe(false);
    validator.dispose();
  });
});
