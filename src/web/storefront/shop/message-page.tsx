import { useSiteT } from "../../public-site/i18n";

/** A page that only says something: 'page not found' in a shop, or 'store unavailable'. */
export function MessagePage({ kind }: { kind: "notFound" | "unavailable" }) {
  const { t } = useSiteT();
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">{t(`storefront:${kind}.title`)}</h1>
      <p className="text-gray-600">{t(`storefront:${kind}.text`)}</p>
      {kind === "notFound" ? (
        <a href="/shop" className="rounded-md bg-[var(--shop-primary)] px-4 py-2 font-medium text-white">
          {t("storefront:notFound.back")}
        </a>
      ) : null}
    </main>
  );
}
