import { type FormEvent, useState } from "react";
import { useSiteT } from "../../public-site/i18n";
import { siteTrpc } from "../../public-site/trpc";

/**
 * The shop's contact form (spec 03 'Storefront contact form'; island on /shop/contact and inside the
 * contact_form section): idle -> submitting (fields and button disabled, 'Sending...') -> success
 * (form cleared, 'Message Sent') or error (the server's message, else 'Failed to send message').
 * Checked by hand with the server's rules (no zod in the shop's JavaScript); the server decides.
 */

const LIMITS = { name: 120, email: 200, phone: 40, subject: 200, message: 5000 } as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
type Field = keyof typeof LIMITS;
type Values = Record<Field, string>;
const EMPTY: Values = { name: "", email: "", phone: "", subject: "", message: "" };
const REQUIRED: Field[] = ["name", "email", "subject", "message"];

function check(values: Values): Partial<Record<Field, string>> {
  const issues: Partial<Record<Field, string>> = {};
  for (const field of Object.keys(LIMITS) as Field[]) {
    const v = values[field].trim();
    if (REQUIRED.includes(field) && !v) issues[field] = "storefrontContent:validation.required";
    else if (v.length > LIMITS[field]) issues[field] = "storefrontContent:validation.tooLong";
  }
  if (!issues.email && !EMAIL.test(values.email.trim())) issues.email = "storefrontContent:validation.invalidEmail";
  return issues;
}

type Status = { state: "idle" } | { state: "submitting" } | { state: "success" } | { state: "error"; message: string };

export function ContactForm({ storeId }: { storeId: string }) {
  const { t } = useSiteT();
  const [values, setValues] = useState<Values>(EMPTY);
  const [issues, setIssues] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const busy = status.state === "submitting";

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found = check(values);
    setIssues(found);
    const first = Object.keys(found)[0];
    if (first) {
      e.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setStatus({ state: "submitting" });
    try {
      await siteTrpc.storePages.submitContactForm.mutate({
        store_id: storeId,
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim() || null,
        subject: values.subject.trim(),
        message: values.message.trim(),
      });
      setValues(EMPTY);
      setStatus({ state: "success" });
    } catch (err) {
      const message = err instanceof Error && err.message && !err.message.startsWith("{") ? err.message : t("storefrontContent:contact.failed");
      setStatus({ state: "error", message });
    }
  }

  const field = (name: Field, type: string, autoComplete: string, multiline = false) => {
    const id = `contact-${storeId.slice(0, 8)}-${name}`;
    const issue = issues[name];
    const common = {
      id,
      name,
      value: values[name],
      disabled: busy,
      maxLength: LIMITS[name],
      required: REQUIRED.includes(name),
      "aria-invalid": issue ? true : undefined,
      "aria-describedby": issue ? `${id}-issue` : undefined,
      onChange: (e: { target: { value: string } }) => {
        const value = e.target.value;
        setValues((v) => ({ ...v, [name]: value }));
        if (issue) setIssues((x) => ({ ...x, [name]: undefined }));
        if (status.state !== "idle" && status.state !== "submitting") setStatus({ state: "idle" });
      },
      className: "w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 focus:border-[var(--shop-primary)] focus:outline-2 focus:outline-[var(--shop-primary)] disabled:bg-gray-100 aria-[invalid]:border-red-600",
    };
    return (
      <div className={multiline ? "grid gap-1 sm:col-span-2" : "grid gap-1"}>
        <label htmlFor={id} className="text-sm font-medium text-gray-800">
          {t(`storefrontContent:contact.${name}`)}
          {REQUIRED.includes(name) ? <span aria-hidden="true"> *</span> : null}
        </label>
        {multiline ? <textarea rows={6} {...common} /> : <input type={type} autoComplete={autoComplete} {...common} />}
        {issue ? (
          <p id={`${id}-issue`} className="text-sm text-red-700">
            {t(issue)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" data-testid="contact-form" aria-busy={busy}>
      {field("name", "text", "name")}
      {field("email", "email", "email")}
      {field("phone", "tel", "tel")}
      {field("subject", "text", "off")}
      {field("message", "text", "off", true)}
      <div className="grid gap-3 sm:col-span-2">
        <div aria-live="polite">
          {status.state === "success" ? (
            <div role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900" data-testid="contact-success">
              <p className="font-semibold">{t("storefrontContent:contact.sentTitle")}</p>
              <p className="text-sm">{t("storefrontContent:contact.sentText")}</p>
            </div>
          ) : null}
          {status.state === "error" ? (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800" data-testid="contact-error">
              {status.message}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 justify-self-start rounded-md bg-[var(--shop-primary)] px-5 py-2 font-semibold text-white hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--shop-primary)] disabled:opacity-60"
        >
          {busy ? t("storefrontContent:contact.sending") : t("storefrontContent:contact.send")}
        </button>
      </div>
    </form>
  );
}
