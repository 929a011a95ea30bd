import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { OnlineCart } from "../../../shared/storefront/types";
import { useSiteT } from "../../public-site/i18n";
import { siteTrpc } from "../../public-site/trpc";
import { announceCart, errorMessage, fetchCart, money, onCart, sessionId } from "./cart-client";
import { CartTotals } from "./totals";

/**
 * The header's cart: an icon with the number of items that opens a drawer listing the lines with
 * +/− and remove, the totals and 'Pagar' (→ /shop/checkout). Escape or the close button closes it
 * and focus returns to the icon. Rendered on the server with an empty count; the cart is read
 * once hydrated.
 */
export function CartButton({ storeId, currency = "DOP" }: { storeId: string; currency?: string }) {
  const { t } = useSiteT();
  const [cart, setCart] = useState<OnlineCart | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    fetchCart(storeId)
      .then(setCart)
      .catch(() => setCart(null));
    return onCart((detail) => {
      setCart(detail.cart);
      setError(null);
      if (detail.open) setOpen(true);
    });
  }, [storeId]);

  const hide = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  // Before the open drawer is painted: an Escape pressed as soon as it shows must already close it.
  useLayoutEffect(() => {
    if (!open) return;
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") hide();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, hide]);

  const setQuantity = async (itemId: string, quantity: number) => {
    if (!cart || busy) return;
    setBusy(true);
    setError(null);
    try {
      const next = await siteTrpc.ecommerce.updateCartItem.mutate({ cartId: cart.id, itemId, quantity, sessionId: sessionId() });
      announceCart({ cart: next });
    } catch (e) {
      setError(errorMessage(e, t("storefrontCart:errors.updateFailed")));
    } finally {
      setBusy(false);
    }
  };

  const count = cart?.item_count ?? 0;
  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t("storefrontCart:cart.open", { count })}
        className="relative inline-flex h-11 w-11 items-center justify-center rounded-full text-gray-800 hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--shop-primary)]"
        data-testid="cart-button"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <circle cx="8" cy="21" r="1" />
          <circle cx="19" cy="21" r="1" />
          <path d="M2.05 2.05h2l2.66 12.42a2 2 0 0 0 2 1.58h9.78a2 2 0 0 0 1.95-1.57l1.65-7.43H5.12" />
        </svg>
        {count > 0 ? (
          <span className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-[var(--shop-primary)] px-1 text-center text-xs font-bold leading-5 text-white" data-testid="cart-count">
            {count}
          </span>
        ) : null}
      </button>
      {open ? (
        <div className="fixed inset-0 z-50 flex justify-end">
          <button type="button" tabIndex={-1} aria-hidden="true" className="absolute inset-0 bg-black/40" onClick={hide} />
          <div role="dialog" aria-modal="true" aria-labelledby="cart-title" className="relative flex h-full w-full max-w-md flex-col bg-white shadow-xl">
            <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3">
              <h2 id="cart-title" className="text-lg font-bold text-gray-900">
                {t("storefrontCart:cart.title")}
              </h2>
              <button
                ref={close}
                type="button"
                onClick={hide}
                aria-label={t("storefrontCart:cart.close")}
                className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--shop-primary)]"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                  <path d="M18 6 6 18M6 6l12 12" />
                </svg>
              </button>
            </div>
            {!cart || cart.items.length === 0 ? (
              <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
                <p className="font-semibold text-gray-900">{t("storefrontCart:cart.empty")}</p>
                <p className="text-sm text-gray-600">{t("storefrontCart:cart.emptyHint")}</p>
                <button type="button" onClick={hide} className="mt-2 min-h-11 rounded-md border border-gray-300 px-4 font-medium hover:bg-gray-50">
                  {t("storefrontCart:cart.continue")}
                </button>
              </div>
            ) : (
              <>
                <ul className="flex-1 divide-y divide-gray-100 overflow-y-auto px-4" aria-busy={busy}>
                  {cart.items.map((item) => (
                    <li key={item.id} className="flex gap-3 py-3" data-testid="cart-line">
                      {item.image_url ? <img src={item.image_url} alt="" width="64" height="64" className="h-16 w-16 shrink-0 rounded object-cover" /> : <div aria-hidden="true" className="h-16 w-16 shrink-0 rounded bg-gray-100" />}
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-medium text-gray-900">{item.name}</p>
                        <p className="text-sm tabular-nums text-gray-600">{money(item.online_price, currency)}</p>
                        <div className="mt-1 flex items-center gap-1">
                          <button
                            type="button"
                            disabled={busy}
                            onClick={() => setQuantity(item.id, item.quantity - 1)}
                            aria-label={t("storefrontCart:cart.decrease", { name: item.name })}
                            className="h-11 w-11 rounded-md border border-gray-300 text-lg disabled:opacity-50"
                          >
                            −
                          </button>
                          <output className="w-10 text-center tabular-nums" aria-label={t("storefrontCart:cart.quantity")}>
                            {item.quantity}
                          </output>
                          <button
                            type="button"
                            disabled={busy}
                            onClick={() => setQuantity(item.id, item.quantity + 1)}
                            aria-label={t("storefrontCart:cart.increase", { name: item.name })}
                            className="h-11 w-11 rounded-md border border-gray-300 text-lg disabled:opacity-50"
                          >
                            +
                          </button>
                          <button
                            type="button"
                            disabled={busy}
                            onClick={() => setQuantity(item.id, 0)}
                            aria-label={t("storefrontCart:cart.remove", { name: item.name })}
                            className="ml-auto inline-flex h-11 w-11 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-red-700 disabled:opacity-50"
                          >
                            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                              <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
                            </svg>
                          </button>
                        </div>
                      </div>
                    </li>
                  ))}
                </ul>
                <div className="space-y-3 border-t border-gray-200 p-4">
                  {error ? (
                    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                      {error}
                    </p>
                  ) : null}
                  <CartTotals totals={cart} currency={currency} />
                  <a href="/shop/checkout" className="flex min-h-11 items-center justify-center rounded-md bg-[var(--shop-primary)] px-4 font-semibold text-white no-underline hover:opacity-90">
                    {t("storefrontCart:cart.checkout")}
                  </a>
                </div>
              </>
            )}
          </div>
        </div>
      ) : null}
    </>
  );
}
