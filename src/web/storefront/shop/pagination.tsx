import { useSiteT } from "../../public-site/i18n";

/** Previous / next links and 'Page X of Y'; nothing when there is one page. */
export function Pagination({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  const { t } = useSiteT();
  if (pages <= 1) return null;
  const link = "rounded-md border border-gray-300 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50";
  return (
    <nav aria-label={t("storefront:pagination.label")} className="mt-8 flex items-center justify-between gap-2">
      {page > 1 ? (
        <a className={link} href={href(page - 1)} rel="prev">
          {t("storefront:pagination.previous")}
        </a>
      ) : (
        <span />
      )}
      <span className="text-sm text-gray-600">{t("storefront:pagination.page", { page, pages })}</span>
      {page < pages ? (
        <a className={link} href={href(page + 1)} rel="next">
          {t("storefront:pagination.next")}
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
