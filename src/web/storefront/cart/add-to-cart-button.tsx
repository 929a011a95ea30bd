import { useEffect, useState } from "react";
import { useSiteT } from "../../public-site/i18n";
import { siteTrpc } from "../../public-site/trpc";
import { announceCart, errorMessage, sessionId } from "./cart-client";

/**
 * 'Agregar al carrito' on a product card or page: adds one unit and opens the cart drawer;
 * disabled 'Agotado' when out of stock. A refusal shows the server's message ('No se pudo agregar
 * el producto', what is left in stock…) under the button for a few seconds.
 */
export function AddToCartButton({ storeId, productId, inStock, name }: { storeId: string; storeProductId: string; productId: string; inStock: boolean; name: string }) {
  const { t } = useSiteT();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(null);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), 4000);
    return () => clearTimeout(timer);
  }, [message]);

  if (!inStock) {
    return (
      <button type="button" disabled className="min-h-11 w-full cursor-not-allowed rounded-md bg-gray-200 px-4 font-semibold text-gray-600">
        {t("storefrontCart:add.soldOut")}
      </button>
    );
  }

  const add = async () => {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const cart = await siteTrpc.ecommerce.addToCart.mutate({ storeId, productId, quantity: 1, sessionId: sessionId() });
      announceCart({ cart, open: true });
      setMessage({ kind: "ok", text: t("storefrontCart:add.added") });
    } catch (e) {
      setMessage({ kind: "error", text: errorMessage(e, t("storefrontCart:errors.addFailed")) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="w-full">
      <button
        type="button"
        onClick={add}
        disabled={busy}
        aria-label={`${t("storefrontCart:add.button")}: ${name}`}
        className="min-h-11 w-full rounded-md bg-[var(--shop-primary)] px-4 font-semibold text-white hover:opacity-90 focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--shop-primary)] focus-visible:ring-offset-2 disabled:opacity-60"
      >
        {busy ? t("storefrontCart:add.adding") : t("storefrontCart:add.button")}
      </button>
      <p role={message?.kind === "error" ? "alert" : "status"} className={`mt-1 min-h-5 text-sm ${message?.kind === "error" ? "text-red-700" : "text-green-700"}`}>
        {message?.text ?? ""}
      </p>
    </div>
  );
}
