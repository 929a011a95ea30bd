import { useEffect, useState } from "react";
import type { PublicOnlineOrder } from "../../../shared/storefront/cart";
import { useSiteT } from "../../public-site/i18n";
import { siteTrpc } from "../../public-site/trpc";
import { money } from "./cart-client";
import { CartTotals } from "./totals";

/** How often the page asks again while the order waits for its payment (ms). */
const POLL_MS = 4000;

const badge: Record<PublicOnlineOrder["status"], string> = {
  pending_payment: "bg-amber-100 text-amber-900",
  invoiced: "bg-green-100 text-green-900",
  expired: "bg-gray-200 text-gray-800",
  cancelled: "bg-red-100 text-red-900",
};

/**
 * /shop/orders/{id}?key=…: the order's number, status, lines, totals and, once invoiced, its
 * invoice and NCF. While it waits for its payment, 'Pagar ahora' opens the payment page in a new
 * tab and this page asks for the status again every few seconds (and on 'Actualizar estado'), so
 * the buyer sees it confirmed as soon as the payment arrives.
 */
export function OrderStatusPage({ order: initial, orderKey }: { order: PublicOnlineOrder; orderKey: string }) {
  const { t, lang } = useSiteT();
  const [order, setOrder] = useState(initial);

  const refresh = () =>
    siteTrpc.ecommerce.getPublicOrder
      .query({ orderId: order.id, key: orderKey })
      .then(setOrder)
      .catch(() => undefined);

  useEffect(() => {
    if (order.status !== "pending_payment") return;
    const timer = setInterval(refresh, POLL_MS);
    return () => clearInterval(timer);
  }, [order.status]);

  const date = new Intl.DateTimeFormat(lang === "en" ? "en-US" : "es-DO", { dateStyle: "long", timeStyle: "short", timeZone: "America/Santo_Domingo" }).format(new Date(order.created_at));
  const hint = { pending_payment: "pendingHint", invoiced: "confirmedHint", expired: "expiredHint", cancelled: "cancelledHint" }[order.status];

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-gray-900">{t("storefrontCart:order.title", { number: order.number })}</h1>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${badge[order.status]}`} data-testid="order-status">
          {t(`storefrontCart:order.status.${order.status}`)}
        </span>
      </div>
      <p className="mt-1 text-sm text-gray-600">{t("storefrontCart:order.placedOn", { date })}</p>
      {order.status === "invoiced" ? <p className="mt-4 text-lg font-semibold text-gray-900">{t("storefrontCart:order.thanks", { name: order.customer_name })}</p> : null}
      <p className="mt-2 text-gray-700" role="status">
        {t(`storefrontCart:order.${hint}`)}
      </p>

      {order.status === "pending_payment" && order.payment_url ? (
        <div className="mt-4 flex flex-wrap gap-3">
          <a href={order.payment_url} target="_blank" rel="noopener" className="inline-flex min-h-11 items-center rounded-md bg-[var(--shop-primary)] px-5 font-semibold text-white no-underline hover:opacity-90">
            {t("storefrontCart:order.payNow")}
          </a>
          <button type="button" onClick={refresh} className="min-h-11 rounded-md border border-gray-300 px-4 font-medium hover:bg-gray-50">
            {t("storefrontCart:order.refresh")}
          </button>
        </div>
      ) : null}

      {order.invoice ? (
        <p className="mt-4 rounded-md bg-gray-50 p-3 text-sm text-gray-800" data-testid="order-invoice">
          {t("storefrontCart:order.invoice", { number: order.invoice.number })}
          {order.invoice.ncf ? ` · ${t("storefrontCart:order.ncf", { ncf: order.invoice.ncf })}` : ""}
        </p>
      ) : null}

      <table className="mt-6 w-full text-sm">
        <thead>
          <tr className="border-b border-gray-200 text-left text-gray-600">
            <th scope="col" className="py-2 font-medium">
              {t("storefrontCart:order.product")}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t("storefrontCart:order.quantity")}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t("storefrontCart:order.lineTotal")}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l, i) => (
            <tr key={`${l.name}-${i}`} className="border-b border-gray-100">
              <td className="py-2">
                {l.name}
                <span className="block text-xs tabular-nums text-gray-500">{money(l.price, order.currency)}</span>
              </td>
              <td className="py-2 text-right tabular-nums">{l.quantity}</td>
              <td className="py-2 text-right tabular-nums">{money(l.total, order.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-4 ml-auto max-w-xs">
        <CartTotals totals={order} currency={order.currency} />
      </div>
      <p className="mt-6 text-sm text-gray-700">
        {order.fulfillment === "delivery" ? t("storefrontCart:order.delivery", { address: order.address ?? "" }) : t("storefrontCart:order.pickup")} ·{" "}
        {t(order.payment_method === "payment_link" ? "storefrontCart:order.paymentLink" : "storefrontCart:order.onDelivery")}
      </p>
      <a href="/shop" className="mt-6 inline-block text-[var(--shop-primary)] underline">
        {t("storefrontCart:checkout.backToShop")}
      </a>
    </div>
  );
}
