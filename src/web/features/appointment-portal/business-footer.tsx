import { Clock, Globe, Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { PortalBusiness } from "./portal-shell";

/** wa.me wants the number with its country code and nothing else: a Dominican 10-digit number gets the 1 in front. */
export function whatsappUrl(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `https://wa.me/${digits.length === 10 ? `1${digits}` : digits}`;
}

/** The weekday names in the reader's language, index 0 = Sunday (2023-01-01 was a Sunday). */
function weekdayNames(lang: string): string[] {
  const fmt = new Intl.DateTimeFormat(lang, { weekday: "long", timeZone: "UTC" });
  return Array.from({ length: 7 }, (_, i) => fmt.format(new Date(Date.UTC(2023, 0, 1 + i))));
}

/** Monday first, Sunday last: how a week's opening hours are read here. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/**
 * The business as its customers see it, at the foot of every portal page (the staff's 'Negocio'
 * tab): how to reach it (phone, WhatsApp, e-mail, website), where it is, and its opening hours.
 * Parts the business left blank are not shown.
 */
export function BusinessFooter({ business }: { business: PortalBusiness }) {
  const { t, i18n } = useTranslation();
  const days = weekdayNames(i18n.language);
  const place = [business.address, business.city].filter(Boolean).join(", ");
  const contacts = [
    business.phone ? { key: "phone", icon: Phone, href: `tel:${business.phone.replace(/[^\d+]/g, "")}`, text: business.phone, external: false } : null,
    business.whatsapp ? { key: "whatsapp", icon: MessageCircle, href: whatsappUrl(business.whatsapp), text: business.whatsapp, external: true } : null,
    business.email ? { key: "email", icon: Mail, href: `mailto:${business.email}`, text: business.email, external: false } : null,
    business.website ? { key: "website", icon: Globe, href: business.website, text: business.website.replace(/^https?:\/\//, ""), external: true } : null,
  ].filter((c) => c !== null);
  return (
    <footer className="border-t bg-background" data-testid="portal-business">
      <div className="mx-auto grid max-w-3xl gap-6 px-4 py-6 text-sm md:grid-cols-2">
        <section className="grid content-start gap-2" aria-labelledby="portal-business-name">
          <h2 id="portal-business-name" className="text-base font-semibold">
            {business.name}
          </h2>
          {business.about ? <p className="whitespace-pre-line text-muted-foreground">{business.about}</p> : null}
          {contacts.length > 0 || place ? (
            <ul className="grid gap-1" aria-label={t("bookingPortal:business.contact")}>
              {contacts.map((c) => (
                <li key={c.key}>
                  <a
                    href={c.href}
                    className="inline-flex min-h-11 items-center gap-2 break-all underline-offset-4 hover:underline md:min-h-8"
                    {...(c.external ? { target: "_blank", rel: "noreferrer" } : {})}
                    data-testid={`portal-business-${c.key}`}
                  >
                    <c.icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                    <span className="sr-only">{t(`bookingPortal:business.${c.key}`)}: </span>
                    {c.text}
                  </a>
                </li>
              ))}
              {place ? (
                <li className="flex items-start gap-2 py-1" data-testid="portal-business-address">
                  <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  <span className="sr-only">{t("bookingPortal:business.address")}: </span>
                  {place}
                </li>
              ) : null}
            </ul>
          ) : null}
        </section>
        {business.opening_hours ? (
          <section className="grid content-start gap-2" aria-labelledby="portal-business-hours">
            <h2 id="portal-business-hours" className="flex items-center gap-2 text-base font-semibold">
              <Clock aria-hidden className="size-4 text-muted-foreground" />
              {t("bookingPortal:business.hours")}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1" data-testid="portal-business-hours">
              {WEEK_ORDER.map((i) => {
                const day = business.opening_hours![i]!;
                return (
                  <div key={i} className="contents">
                    <dt className="capitalize text-muted-foreground">{days[i]}</dt>
                    <dd className="tabular-nums">{day.closed ? t("bookingPortal:business.closed") : `${day.open} – ${day.close}`}</dd>
                  </div>
                );
              })}
            </dl>
          </section>
        ) : null}
      </div>
    </footer>
  );
}
