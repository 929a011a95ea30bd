import { type FormEvent, useEffect, useRef, useState } from "react";
import { ONLINE_RESERVATION_MINUTES } from "../../../shared/storefront/constants";
import type { OnlineCart, StoreInfo } from "../../../shared/storefront/types";
import { useSiteT } from "../../public-site/i18n";
import { siteTrpc } from "../../public-site/trpc";
import { addMoney, errorMessage, fetchCart, money, newKey, newSession, sessionId } from "./cart-client";
import { CartTotals } from "./totals";

type Field = "name" | "email" | "phone" | "rnc" | "address" | "fulfillment" | "paymentMethod";
type Errors = Partial<Record<Field, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[+\d][\d\s().-]{6,24}$/;

/**
 * /shop/checkout: the buyer's data, delivery or pick-up (as the store offers; delivery adds its
 * fee), the payment method (the payment link only when the store has it configured) and the
 * order summary. Fields are checked on submit with messages under each field (the server checks
 * again, and its field errors are shown the same way). The order's key is made once per visit, so
 * a retried submit never makes a second order. Then the buyer goes to the order's page.
 */
export function CheckoutPage({ storeId, store }: { storeId: string; store: StoreInfo }) {
  const { t, lang } = useSiteT();
  const [cart, setCart] = useState<OnlineCart | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [paymentLink, setPaymentLink] = useState(false);
  const [fulfillment, setFulfillment] = useState<"delivery" | "pickup">(store.allow_pickup ? "pickup" : "delivery");
  const [paymentMethod, setPaymentMethod] = useState<"payment_link" | "on_delivery">("on_delivery");
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const key = useRef<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    Promise.all([fetchCart(storeId), siteTrpc.ecommerce.getCheckoutOptions.query({ storeId })])
      .then(([c, options]) => {
        setCart(c);
        setPaymentLink(options.paymentLink);
        if (options.paymentLink) setPaymentMethod("payment_link");
      })
      .catch((e) => setFormError(errorMessage(e, t("storefrontCart:errors.network"))))
      .finally(() => setLoaded(true));
  }, [storeId, t]);

  const shipping = fulfillment === "delivery" ? store.delivery_fee : "0.00";
  const totals = cart
    ? { ...cart, shipping_total: shipping, total: addMoney(cart.total, shipping) }
    : null;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (submitting || !cart) return;
    const data = new FormData(e.currentTarget);
    const value = (name: string) => String(data.get(name) ?? "").trim();
    const found: Errors = {};
    if (!value("name")) found.name = t("storefrontCart:errors.nameRequired");
    if (!EMAIL.test(value("email"))) found.email = t("storefrontCart:errors.emailInvalid");
    if (!PHONE.test(value("phone"))) found.phone = t("storefrontCart:errors.phoneInvalid");
    const rnc = value("rnc").replace(/[\s-]/g, "");
    if (rnc && !/^(\d{9}|\d{11})$/.test(rnc)) found.rnc = t("storefrontCart:errors.rncInvalid");
    if (fulfillment === "delivery" && !value("address")) found.address = t("storefrontCart:errors.addressRequired");
    setErrors(found);
    setFormError(null);
    const first = Object.keys(found)[0];
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    key.current ??= newKey();
    setSubmitting(true);
    try {
      const done = await siteTrpc.ecommerce.checkout.mutate({
        storeId,
        sessionId: sessionId(),
        name: value("name"),
        email: value("email"),
        phone: value("phone"),
        rnc: rnc || null,
        fulfillment,
        address: fulfillment === "delivery" ? value("address") : null,
        notes: value("notes") || null,
        paymentMethod,
        language: lang,
        idempotencyKey: key.current,
      });
      newSession();
      window.location.assign(`/shop/orders/${done.orderId}?key=${encodeURIComponent(done.orderKey)}`);
    } catch (err) {
      const fieldErrors = (err as { data?: { fieldErrors?: Record<string, string> } })?.data?.fieldErrors;
      if (fieldErrors && Object.keys(fieldErrors).length > 0) setErrors(fieldErrors as Errors);
      setFormError(errorMessage(err, t("storefrontCart:errors.network")));
      setSubmitting(false);
    }
  };

  /** A field's message goes away as soon as the buyer edits that field. */
  const clearError = (e: FormEvent<HTMLFormElement>) => {
    const name = (e.target as HTMLInputElement).name as Field;
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };

  if (!loaded) {
    return (
      <p className="mx-auto max-w-5xl px-4 py-10 text-gray-600" role="status">
        {t("storefrontCart:cart.loading")}
      </p>
    );
  }
  if (!cart || cart.items.length === 0) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-gray-900">{t("storefrontCart:checkout.title")}</h1>
        <p className="mt-4 text-gray-700">{formError ?? t("storefrontCart:errors.cartEmpty")}</p>
        <a href="/shop/products" className="mt-6 inline-flex min-h-11 items-center rounded-md bg-[var(--shop-primary)] px-5 font-semibold text-white no-underline">
          {t("storefrontCart:checkout.backToShop")}
        </a>
      </div>
    );
  }

  const input = "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-base focus:border-[var(--shop-primary)] focus:outline-none focus:ring-2 focus:ring-[var(--shop-primary)]/30 disabled:bg-gray-100";
  const fieldError = (name: Field) =>
    errors[name] ? (
      <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
        {errors[name]}
      </p>
    ) : null;
  const described = (name: Field) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  const choice = (checked: boolean) => `flex min-h-11 cursor-pointer items-start gap-3 rounded-md border p-3 ${checked ? "border-[var(--shop-primary)] bg-gray-50" : "border-gray-300"}`;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-gray-900">{t("storefrontCart:checkout.title")}</h1>
      <form ref={form} noValidate onSubmit={submit} onChange={clearError} className="mt-6 grid gap-8 md:grid-cols-[1fr_22rem]">
        <fieldset disabled={submitting} className="space-y-6">
          <section className="space-y-4">
            <h2 className="text-lg font-semibold text-gray-900">{t("storefrontCart:checkout.contact")}</h2>
            <label className="block text-sm font-medium text-gray-800">
              {t("storefrontCart:checkout.name")} <span aria-hidden="true">*</span>
              <input name="name" autoComplete="name" required className={input} {...described("name")} />
              {fieldError("name")}
            </label>
            <div className="grid gap-4 sm:grid-cols-2">
              <label className="block text-sm font-medium text-gray-800">
                {t("storefrontCart:checkout.email")} <span aria-hidden="true">*</span>
                <input name="email" type="email" autoComplete="email" required className={input} {...described("email")} />
                {fieldError("email")}
              </label>
              <label className="block text-sm font-medium text-gray-800">
                {t("storefrontCart:checkout.phone")} <span aria-hidden="true">*</span>
                <input name="phone" type="tel" autoComplete="tel" required className={input} {...described("phone")} />
                {fieldError("phone")}
              </label>
            </div>
            <label className="block text-sm font-medium text-gray-800">
              {t("storefrontCart:checkout.rnc")}
              <input name="rnc" inputMode="numeric" className={input} aria-describedby={errors.rnc ? "rnc-error" : "rnc-hint"} aria-invalid={errors.rnc ? true : undefined} />
              <span id="rnc-hint" className="mt-1 block text-xs font-normal text-gray-600">
                {t("storefrontCart:checkout.rncHint")}
              </span>
              {fieldError("rnc")}
            </label>
          </section>

          <fieldset className="space-y-2">
            <legend className="text-lg font-semibold text-gray-900">{t("storefrontCart:checkout.fulfillment")}</legend>
            {store.allow_delivery ? (
              <label className={choice(fulfillment === "delivery")}>
                <input type="radio" name="fulfillment" value="delivery" checked={fulfillment === "delivery"} onChange={() => setFulfillment("delivery")} className="mt-1" />
                <span>
                  {t("storefrontCart:checkout.delivery")} <span className="tabular-nums text-gray-600">({money(store.delivery_fee, store.currency)})</span>
                </span>
              </label>
            ) : null}
            {store.allow_pickup ? (
              <label className={choice(fulfillment === "pickup")}>
                <input type="radio" name="fulfillment" value="pickup" checked={fulfillment === "pickup"} onChange={() => setFulfillment("pickup")} className="mt-1" />
                <span>{t("storefrontCart:checkout.pickup")}</span>
              </label>
            ) : null}
            {fulfillment === "delivery" ? (
              <label className="block pt-2 text-sm font-medium text-gray-800">
                {t("storefrontCart:checkout.address")} <span aria-hidden="true">*</span>
                <textarea name="address" rows={2} autoComplete="street-address" className={input} {...described("address")} />
                {fieldError("address")}
              </label>
            ) : null}
          </fieldset>

          <fieldset className="space-y-2">
            <legend className="text-lg font-semibold text-gray-900">{t("storefrontCart:checkout.payment")}</legend>
            {paymentLink ? (
              <label className={choice(paymentMethod === "payment_link")}>
                <input type="radio" name="paymentMethod" value="payment_link" checked={paymentMethod === "payment_link"} onChange={() => setPaymentMethod("payment_link")} className="mt-1" />
                <span>
                  <span className="block font-medium">{t("storefrontCart:checkout.paymentLink")}</span>
                  <span className="block text-sm text-gray-600">{t("storefrontCart:checkout.paymentLinkHint", { minutes: ONLINE_RESERVATION_MINUTES })}</span>
                </span>
              </label>
            ) : null}
            <label className={choice(paymentMethod === "on_delivery")}>
              <input type="radio" name="paymentMethod" value="on_delivery" checked={paymentMethod === "on_delivery"} onChange={() => setPaymentMethod("on_delivery")} className="mt-1" />
              <span>
                <span className="block font-medium">{t("storefrontCart:checkout.onDelivery")}</span>
                <span className="block text-sm text-gray-600">{t("storefrontCart:checkout.onDeliveryHint")}</span>
              </span>
            </label>
          </fieldset>

          <label className="block text-sm font-medium text-gray-800">
            {t("storefrontCart:checkout.notes")}
            <textarea name="notes" rows={3} maxLength={1000} className={input} />
          </label>
        </fieldset>

        <aside className="h-fit space-y-4 rounded-lg border border-gray-200 p-4 md:sticky md:top-4">
          <h2 className="text-lg font-semibold text-gray-900">{t("storefrontCart:checkout.summary")}</h2>
          <ul className="divide-y divide-gray-100 text-sm">
            {cart.items.map((item) => (
              <li key={item.id} className="flex justify-between gap-3 py-2">
                <span className="min-w-0">
                  <span className="tabular-nums text-gray-600">{item.quantity} × </span>
                  {item.name}
                </span>
                <span className="shrink-0 tabular-nums">{money(item.online_price, store.currency)}</span>
              </li>
            ))}
          </ul>
          {totals ? <CartTotals totals={totals} currency={store.currency} /> : null}
          {formError ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {formError}
            </p>
          ) : null}
          <button type="submit" disabled={submitting} className="min-h-11 w-full rounded-md bg-[var(--shop-primary)] px-4 font-semibold text-white hover:opacity-90 disabled:opacity-60">
            {submitting ? t("storefrontCart:checkout.processing") : t("storefrontCart:checkout.submit")}
          </button>
        </aside>
      </form>
    </div>
  );
}
