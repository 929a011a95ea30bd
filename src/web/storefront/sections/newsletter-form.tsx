import { type FormEvent, useId, useState } from "react";
import { useSiteT } from "../../public-site/i18n";

/**
 * The newsletter section's form (spec: email required; not wired to any call). The browser checks
 * the address; sending it only thanks the visitor and clears the field.
 */
export function NewsletterForm({ placeholder, buttonText }: { placeholder: string; buttonText: string }) {
  const { t } = useSiteT();
  const id = useId();
  const [done, setDone] = useState(false);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    e.currentTarget.reset();
    setDone(true);
  };
  return (
    <form onSubmit={onSubmit} className="mx-auto mt-6 flex max-w-md flex-wrap gap-2 @max-[768px]/shop:flex-col" data-testid="newsletter-form">
      <label htmlFor={id} className="sr-only">
        {t("storefrontSections:newsletter.emailLabel")}
      </label>
      <input
        id={id}
        type="email"
        name="email"
        required
        autoComplete="email"
        placeholder={placeholder || t("storefrontSections:newsletter.placeholder")}
        onInput={() => setDone(false)}
        className="min-h-11 flex-1 rounded-md border border-gray-300 bg-white px-3 text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--shop-primary)]"
      />
      <button
        type="submit"
        className="min-h-11 rounded-md bg-[var(--shop-primary)] px-5 font-semibold text-white hover:opacity-90 focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--shop-primary)] focus-visible:ring-offset-2"
      >
        {buttonText || t("storefrontSections:newsletter.button")}
      </button>
      <p role="status" className="basis-full text-sm">
        {done ? t("storefrontSections:newsletter.thanks") : ""}
      </p>
    </form>
  );
}
