import { keepPreviousData, useQuery } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import type { PageSection } from "../../../../shared/storefront/sections";
import { useTRPCClient } from "../../../app/trpc";
import { SiteI18nProvider, siteLang } from "../../../public-site/i18n";
import { StoreSections, sectionsStyle } from "../../../storefront/sections/store-sections";

export type PreviewMode = "desktop" | "mobile";
/** The preview renders the page at a phone/tablet width of 768 px (where mobile settings apply) or a desktop width of 1280 px, zoomed to fit. */
const WIDTH: Record<PreviewMode, number> = { desktop: 1280, mobile: 768 };

/** The preview shows the cards without their add-to-cart buttons (nothing is sold from the editor). */
const noAction = () => null;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = React.useState(value);
  React.useEffect(() => {
    const timer = setTimeout(() => setV(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return v;
}

/**
 * The live preview: the page's sections rendered by the shop's own components inside a
 * `.shop-root` container (contract 1), with the data of ecommerce.getEditorPreviewData. The server
 * sends back the sections as the shop would render them (custom HTML sanitized), so unsaved markup
 * never runs here.
 */
export function SectionsPreview({ sections, mode }: { sections: PageSection[]; mode: PreviewMode }) {
  const { t, i18n } = useTranslation();
  const client = useTRPCClient();
  const debounced = useDebounced(sections, 350);
  const preview = useQuery({
    queryKey: ["storefront-editor-preview", debounced],
    queryFn: () => client.ecommerce.getEditorPreviewData.mutate({ sections: debounced }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const outer = React.useRef<HTMLDivElement>(null);
  const [available, setAvailable] = React.useState(0);
  React.useLayoutEffect(() => {
    const el = outer.current;
    if (!el) return;
    const measure = () => setAvailable(el.clientWidth);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const width = WIDTH[mode];
  const zoom = available > 0 ? Math.min(1, available / width) : 1;
  const lang = siteLang(i18n.language);
  const siteT = React.useCallback((key: string, vars?: Record<string, string | number>) => t(key, vars ?? {}) as string, [t]);
  const shown = preview.data?.sections;
  const visibleCount = shown?.filter((s) => s.isVisible).length ?? 0;
  const css = React.useMemo(() => (shown ? sectionsStyle(shown) : ""), [shown]);
  const primary = preview.data?.data.store.theme_config.primaryColor;
  return (
    <div ref={outer} className="min-w-0 overflow-hidden rounded-md border bg-muted/30" data-testid="editor-preview" data-mode={mode}>
      {!preview.data ? (
        <p className="p-6 text-sm text-muted-foreground">{preview.isError ? t("storefrontEditor:preview.error") : t("storefrontEditor:preview.loading")}</p>
      ) : !shown || visibleCount === 0 ? (
        <p className="p-6 text-center text-sm text-muted-foreground">{t("storefrontEditor:preview.empty")}</p>
      ) : (
        <div style={{ width, zoom }} className="mx-auto bg-white text-gray-900">
          <style>{css}</style>
          <div className="shop-root" style={{ containerType: "inline-size", containerName: "shop", ["--shop-primary" as string]: primary ?? "#4f46e5" }} data-testid="preview-root">
            <SiteI18nProvider lang={lang} t={siteT}>
              <StoreSections sections={shown} data={preview.data.data} productAction={noAction} />
            </SiteI18nProvider>
          </div>
        </div>
      )}
    </div>
  );
}
