import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { COLUMN_RATIOS, HERO_SIZES } from "../../../../shared/storefront/constants";
import {
  ANIMATION_TYPES,
  BACKGROUND_POSITIONS,
  BACKGROUND_SIZES,
  BACKGROUND_TYPES,
  type Banner,
  BORDER_STYLES,
  type CommonSettings,
  defaultBackground,
  emptyBanner,
  GRADIENT_DIRECTIONS,
  type MobileSettings,
  type PageSection,
  PRODUCT_SOURCES,
  SECTION_LIMITS,
  type SectionBackground,
  type SectionBorder,
  SIDE_CONTENTS,
  type Sides,
} from "../../../../shared/storefront/sections";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";
import { ColorField, ImageField, NumberField, SelectField, TextField, ToggleField } from "./fields";

type AnySettings = Record<string, unknown> & CommonSettings;
const TABS = ["content", "style", "mobile", "animation"] as const;
type Tab = (typeof TABS)[number];

/** The settings of the selected section, in the tabs Contenido / Estilo / Móvil / Animación. */
export function SectionSettingsPanel({ section, onChange, issues }: { section: PageSection; onChange: (next: PageSection) => void; issues: string[] }) {
  const { t } = useTranslation();
  const [tab, setTab] = React.useState<Tab>("content");
  const settings = section.settings as AnySettings;
  const set = (patch: Partial<AnySettings>) => onChange({ ...section, settings: { ...settings, ...patch } } as PageSection);
  const setMobile = (patch: Partial<MobileSettings>) => onChange({ ...section, mobileSettings: { ...section.mobileSettings, ...patch } });
  const tabRefs = React.useRef<(HTMLButtonElement | null)[]>([]);
  const onTabKey = (e: React.KeyboardEvent, i: number) => {
    const next = e.key === "ArrowRight" ? (i + 1) % TABS.length : e.key === "ArrowLeft" ? (i - 1 + TABS.length) % TABS.length : -1;
    if (next < 0) return;
    e.preventDefault();
    setTab(TABS[next]!);
    tabRefs.current[next]?.focus();
  };
  const idp = `sec-${section.id}`;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-3" data-testid="section-settings">
      <div role="tablist" aria-label={t("storefrontEditor:settings.tabs")} className="flex gap-1 overflow-x-auto border-b">
        {TABS.map((k, i) => (
          <button
            key={k}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${idp}-tab-${k}`}
            aria-selected={tab === k}
            aria-controls={`${idp}-panel`}
            tabIndex={tab === k ? 0 : -1}
            onClick={() => setTab(k)}
            onKeyDown={(e) => onTabKey(e, i)}
            className={cn("-mb-px border-b-2 px-3 py-2 text-sm font-medium", tab === k ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground")}
          >
            {t(`storefrontEditor:settings.tab.${k}`)}
          </button>
        ))}
      </div>
      {issues.length ? (
        <ul className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive" role="alert" data-testid="settings-issues">
          {issues.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
      <div role="tabpanel" id={`${idp}-panel`} aria-labelledby={`${idp}-tab-${tab}`} className="grid gap-4">
        {tab === "content" ? <ContentTab section={section} settings={settings} set={set} idp={idp} /> : null}
        {tab === "style" ? <StyleEditor idp={`${idp}-st`} value={settings} set={set} withCustomCss /> : null}
        {tab === "mobile" ? <MobileTab section={section} idp={`${idp}-mb`} setMobile={setMobile} /> : null}
        {tab === "animation" ? <AnimationTab idp={`${idp}-an`} settings={settings} set={set} /> : null}
      </div>
    </div>
  );
}

function ContentTab({ section, settings, set, idp }: { section: PageSection; settings: AnySettings; set: (p: Partial<AnySettings>) => void; idp: string }) {
  const { t } = useTranslation();
  const L = (k: string) => t(`storefrontEditor:fields.${k}`);
  const s = settings as Record<string, never>;
  const limit = (max: number, key = "limit") => <NumberField id={`${idp}-${key}`} label={L(key === "limit" ? "limit" : key)} value={s[key]} min={1} max={max} onChange={(v) => set({ [key]: v ?? 1 })} />;
  const columns = <NumberField id={`${idp}-columns`} label={L("columns")} value={s.columns} min={1} max={SECTION_LIMITS.maxColumns} onChange={(v) => set({ columns: v ?? 1 })} />;
  const source = (key: string) => (
    <SelectField id={`${idp}-${key}`} label={L("source")} value={s[key]} options={PRODUCT_SOURCES.map((v) => ({ value: v, label: t(`storefrontEditor:source.${v}`) }))} onChange={(v) => v && set({ [key]: v })} />
  );
  const textArea = (key: string, label = key, rows = 4) => <TextField id={`${idp}-${key}`} label={L(label)} value={s[key]} multiline rows={rows} onChange={(v) => set({ [key]: v })} />;
  const titles = (
    <>
      <TextField id={`${idp}-title`} label={L("title")} value={settings.title} onChange={(v) => set({ title: v })} hint={L("titleHint")} />
      <TextField id={`${idp}-subtitle`} label={L("subtitle")} value={settings.subtitle} onChange={(v) => set({ subtitle: v })} />
    </>
  );
  switch (section.type) {
    case "hero":
      return (
        <>
          <div className="grid grid-cols-2 gap-3">
            <SelectField id={`${idp}-size`} label={L("heroSize")} value={s.size} options={HERO_SIZES.map((v) => ({ value: v, label: t(`storefrontEditor:heroSize.${v}`) }))} onChange={(v) => v && set({ size: v })} />
            <NumberField id={`${idp}-interval`} label={L("interval")} value={s.interval} min={1000} max={60000} step={500} onChange={(v) => set({ interval: v ?? 5000 })} />
          </div>
          <ToggleField id={`${idp}-autoplay`} label={L("autoplay")} checked={!!s.autoplay} onChange={(v) => set({ autoplay: v })} />
          <BannersEditor idp={idp} banners={section.settings.banners} max={SECTION_LIMITS.maxHeroBanners} type="hero" onChange={(banners) => set({ banners })} />
        </>
      );
    case "promotional_banner":
      return (
        <>
          {titles}
          <BannersEditor idp={idp} banners={section.settings.banners} max={SECTION_LIMITS.maxPromotionalBanners} type="promotional" onChange={(banners) => set({ banners })} />
        </>
      );
    case "category_banners":
      return (
        <>
          {titles}
          {columns}
          <BannersEditor idp={idp} banners={section.settings.banners} max={SECTION_LIMITS.maxCategoryBanners} type="category" onChange={(banners) => set({ banners })} />
        </>
      );
    case "featured_products":
    case "new_arrivals":
    case "sale_items":
    case "categories":
    case "brands":
    case "blog_posts":
      return (
        <>
          {titles}
          <div className="grid grid-cols-2 gap-3">
            {limit(SECTION_LIMITS.maxItems)}
            {columns}
          </div>
        </>
      );
    case "product_carousel":
      return (
        <>
          {titles}
          <div className="grid grid-cols-2 gap-3">
            {limit(SECTION_LIMITS.maxItems)}
            {source("source")}
          </div>
        </>
      );
    case "testimonials":
      return (
        <>
          {titles}
          {limit(12)}
          <p className="text-sm text-muted-foreground">{L("testimonialsHint")}</p>
        </>
      );
    case "about":
      return (
        <>
          {titles}
          {textArea("text", "text", 6)}
          <ImageField id={`${idp}-image`} label={L("image")} value={s.image} onChange={(v) => set({ image: v })} />
          <SelectField id={`${idp}-imagePosition`} label={L("imagePosition")} value={s.imagePosition} options={(["left", "right"] as const).map((v) => ({ value: v, label: t(`storefrontEditor:side.${v}`) }))} onChange={(v) => v && set({ imagePosition: v })} />
        </>
      );
    case "newsletter":
      return (
        <>
          {titles}
          {textArea("text")}
          <TextField id={`${idp}-placeholder`} label={L("placeholder")} value={s.placeholder} onChange={(v) => set({ placeholder: v })} />
          <TextField id={`${idp}-buttonText`} label={L("buttonText")} value={s.buttonText} onChange={(v) => set({ buttonText: v })} />
          <p className="text-sm text-muted-foreground">{L("newsletterHint")}</p>
        </>
      );
    case "contact":
      return (
        <>
          {titles}
          {textArea("text")}
          <ToggleField id={`${idp}-showEmail`} label={L("showEmail")} checked={!!s.showEmail} onChange={(v) => set({ showEmail: v })} />
          <ToggleField id={`${idp}-showPhone`} label={L("showPhone")} checked={!!s.showPhone} onChange={(v) => set({ showPhone: v })} />
          <ToggleField id={`${idp}-showAddress`} label={L("showAddress")} checked={!!s.showAddress} onChange={(v) => set({ showAddress: v })} />
        </>
      );
    case "contact_form":
      return (
        <>
          {titles}
          {textArea("text")}
        </>
      );
    case "custom_html":
      return (
        <>
          {titles}
          <TextField id={`${idp}-html`} label={L("html")} value={s.html} multiline rows={10} mono onChange={(v) => set({ html: v })} hint={L("htmlHint")} />
        </>
      );
    case "page_content":
      return (
        <>
          {titles}
          <TextField id={`${idp}-content`} label={L("content")} value={s.content} multiline rows={10} onChange={(v) => set({ content: v })} hint={L("contentHint")} />
        </>
      );
    case "video":
      return (
        <>
          {titles}
          <TextField id={`${idp}-url`} label={L("videoUrl")} value={s.url} placeholder="https://www.youtube.com/watch?v=…" onChange={(v) => set({ url: v })} hint={L("videoHint")} />
        </>
      );
    case "sidebar":
      return (
        <>
          {titles}
          <SelectField id={`${idp}-position`} label={L("sidePosition")} value={s.position} options={(["left", "right"] as const).map((v) => ({ value: v, label: t(`storefrontEditor:side.${v}`) }))} onChange={(v) => v && set({ position: v })} />
          <ToggleField id={`${idp}-showCategories`} label={L("showCategories")} checked={!!s.showCategories} onChange={(v) => set({ showCategories: v })} />
          <ToggleField id={`${idp}-showRecent`} label={L("showRecentProducts")} checked={!!s.showRecentProducts} onChange={(v) => set({ showRecentProducts: v })} />
          <div className="grid grid-cols-3 gap-3">
            {limit(12, "recentLimit")}
            {limit(SECTION_LIMITS.maxItems)}
            {columns}
          </div>
        </>
      );
    case "columns_layout":
      return (
        <>
          {titles}
          <div className="grid grid-cols-2 gap-3">
            <SelectField id={`${idp}-ratio`} label={L("ratio")} value={s.ratio} options={Object.keys(COLUMN_RATIOS).map((v) => ({ value: v, label: `${v} (${COLUMN_RATIOS[v as keyof typeof COLUMN_RATIOS]})` }))} onChange={(v) => v && set({ ratio: v })} />
            <SelectField id={`${idp}-sidePosition`} label={L("sidePosition")} value={s.sidePosition} options={(["left", "right"] as const).map((v) => ({ value: v, label: t(`storefrontEditor:side.${v}`) }))} onChange={(v) => v && set({ sidePosition: v })} />
            <TextField id={`${idp}-gap`} label={L("gap")} value={s.gap} onChange={(v) => set({ gap: v })} />
            <SelectField id={`${idp}-sideContent`} label={L("sideContent")} value={s.sideContent} options={SIDE_CONTENTS.map((v) => ({ value: v, label: t(`storefrontEditor:sideContent.${v}`) }))} onChange={(v) => v && set({ sideContent: v })} />
            {limit(SECTION_LIMITS.maxItems, "mainLimit")}
            {source("mainSource")}
            {columns}
          </div>
          {s.sideContent === "text" ? textArea("sideText") : null}
        </>
      );
  }
}

function BannersEditor({ idp, banners, max, type, onChange }: { idp: string; banners: Banner[]; max: number; type: Banner["banner_type"]; onChange: (b: Banner[]) => void }) {
  const { t } = useTranslation();
  const L = (k: string) => t(`storefrontEditor:fields.${k}`);
  const update = (i: number, patch: Partial<Banner>) => onChange(banners.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  const move = (i: number, d: -1 | 1) => {
    const next = [...banners];
    const [b] = next.splice(i, 1);
    next.splice(i + d, 0, b!);
    onChange(next);
  };
  return (
    <fieldset className="min-w-0 grid gap-3" data-testid="banners-editor">
      <legend className="mb-2 text-sm font-semibold">{t("storefrontEditor:banners.title", { count: banners.length, max })}</legend>
      {banners.map((b, i) => {
        const bid = `${idp}-b${i}`;
        return (
          <div key={b.id} className="grid gap-3 rounded-md border p-3" data-testid="banner-item">
            <div className="flex items-center justify-between gap-2">
              <span className="text-sm font-medium">{t("storefrontEditor:banners.item", { n: i + 1 })}</span>
              <div className="flex gap-1">
                <Button type="button" size="icon" variant="ghost" disabled={i === 0} onClick={() => move(i, -1)} aria-label={t("storefrontEditor:banners.up", { n: i + 1 })}>
                  <ArrowUp aria-hidden />
                </Button>
                <Button type="button" size="icon" variant="ghost" disabled={i === banners.length - 1} onClick={() => move(i, 1)} aria-label={t("storefrontEditor:banners.down", { n: i + 1 })}>
                  <ArrowDown aria-hidden />
                </Button>
                <Button type="button" size="icon" variant="ghost" onClick={() => onChange(banners.filter((_, j) => j !== i))} aria-label={t("storefrontEditor:banners.remove", { n: i + 1 })}>
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </div>
            <TextField id={`${bid}-title`} label={L("bannerTitle")} value={b.title} onChange={(v) => update(i, { title: v })} />
            <TextField id={`${bid}-subtitle`} label={L("subtitle")} value={b.subtitle} onChange={(v) => update(i, { subtitle: v })} />
            <TextField id={`${bid}-description`} label={L("description")} value={b.description} multiline rows={2} onChange={(v) => update(i, { description: v })} />
            <ImageField id={`${bid}-image`} label={L("image")} value={b.image_url} onChange={(v) => update(i, { image_url: v })} />
            <ImageField id={`${bid}-mobileImage`} label={L("mobileImage")} value={b.mobile_image_url} onChange={(v) => update(i, { mobile_image_url: v })} />
            <div className="grid grid-cols-2 gap-3">
              <TextField id={`${bid}-buttonText`} label={L("buttonText")} value={b.button_text} onChange={(v) => update(i, { button_text: v })} />
              <TextField id={`${bid}-buttonUrl`} label={L("buttonUrl")} value={b.button_url} placeholder="/shop/products" onChange={(v) => update(i, { button_url: v })} />
            </div>
            <TextField id={`${bid}-link`} label={L("linkUrl")} value={b.link_url} placeholder="/shop/categories" onChange={(v) => update(i, { link_url: v })} />
          </div>
        );
      })}
      <Button type="button" variant="outline" disabled={banners.length >= max} onClick={() => onChange([...banners, emptyBanner(type)])} data-testid="add-banner">
        <Plus aria-hidden />
        {t("storefrontEditor:banners.add")}
      </Button>
    </fieldset>
  );
}

type StyleValue = Pick<CommonSettings, "background" | "padding" | "margin" | "borderTop" | "borderBottom" | "overlay" | "customCss">;

/** Background, spacing, borders and overlay (and custom CSS on the Estilo tab); the Móvil tab reuses it for its overrides. */
function StyleEditor({ idp, value, set, withCustomCss }: { idp: string; value: StyleValue; set: (p: Partial<StyleValue>) => void; withCustomCss?: boolean }) {
  const { t } = useTranslation();
  const L = (k: string) => t(`storefrontEditor:fields.${k}`);
  const bg = value.background;
  const setBg = (patch: Partial<SectionBackground>) => set({ background: { ...(bg ?? defaultBackground("color")), ...patch } });
  return (
    <>
      <fieldset className="min-w-0 grid gap-3">
        <legend className="mb-2 text-sm font-semibold">{L("background")}</legend>
        <SelectField
          id={`${idp}-bgType`}
          label={L("backgroundType")}
          value={bg?.type}
          allowEmpty={L("none")}
          options={BACKGROUND_TYPES.map((v) => ({ value: v, label: t(`storefrontEditor:backgroundType.${v}`) }))}
          onChange={(v) => set({ background: v ? defaultBackground(v) : undefined })}
        />
        {bg?.type === "color" ? <ColorField id={`${idp}-bgColor`} label={L("color")} value={bg.color} onChange={(v) => setBg({ color: v })} /> : null}
        {bg?.type === "gradient" ? (
          <div className="grid grid-cols-2 gap-3">
            <ColorField id={`${idp}-gStart`} label={L("gradientStart")} value={bg.gradientStart} onChange={(v) => setBg({ gradientStart: v })} />
            <ColorField id={`${idp}-gEnd`} label={L("gradientEnd")} value={bg.gradientEnd} onChange={(v) => setBg({ gradientEnd: v })} />
            <SelectField
              id={`${idp}-gDir`}
              label={L("gradientDirection")}
              value={bg.gradientDirection}
              options={GRADIENT_DIRECTIONS.map((v) => ({ value: v, label: t(`storefrontEditor:direction.${v.replace(/ /g, "_")}`) }))}
              onChange={(v) => setBg({ gradientDirection: v })}
            />
          </div>
        ) : null}
        {bg?.type === "image" ? (
          <>
            <ImageField id={`${idp}-bgImage`} label={L("image")} value={bg.image} onChange={(v) => setBg({ image: v })} />
            <div className="grid grid-cols-2 gap-3">
              <SelectField id={`${idp}-bgSize`} label={L("backgroundSize")} value={bg.size} options={BACKGROUND_SIZES.map((v) => ({ value: v, label: t(`storefrontEditor:bgSize.${v}`) }))} onChange={(v) => setBg({ size: v })} />
              <SelectField id={`${idp}-bgPos`} label={L("backgroundPosition")} value={bg.position} options={BACKGROUND_POSITIONS.map((v) => ({ value: v, label: t(`storefrontEditor:bgPosition.${v}`) }))} onChange={(v) => setBg({ position: v })} />
            </div>
            <ToggleField id={`${idp}-bgFixed`} label={L("fixed")} checked={!!bg.fixed} onChange={(v) => setBg({ fixed: v })} />
            <ToggleField id={`${idp}-bgParallax`} label={L("parallax")} checked={!!bg.parallax} onChange={(v) => setBg({ parallax: v })} />
          </>
        ) : null}
      </fieldset>
      <SidesEditor idp={`${idp}-pad`} legend={L("padding")} value={value.padding} onChange={(padding) => set({ padding })} />
      <SidesEditor idp={`${idp}-mar`} legend={L("margin")} value={value.margin} onChange={(margin) => set({ margin })} />
      <BorderEditor idp={`${idp}-bt`} legend={L("borderTop")} value={value.borderTop} onChange={(borderTop) => set({ borderTop })} />
      <BorderEditor idp={`${idp}-bb`} legend={L("borderBottom")} value={value.borderBottom} onChange={(borderBottom) => set({ borderBottom })} />
      <fieldset className="min-w-0 grid gap-3">
        <legend className="mb-2 text-sm font-semibold">{L("overlay")}</legend>
        <ToggleField id={`${idp}-ovOn`} label={L("overlayEnabled")} checked={!!value.overlay?.enabled} onChange={(v) => set({ overlay: { color: "#000000", opacity: 0.4, ...value.overlay, enabled: v } })} />
        {value.overlay?.enabled ? (
          <div className="grid grid-cols-2 gap-3">
            <ColorField id={`${idp}-ovColor`} label={L("color")} value={value.overlay.color} onChange={(v) => set({ overlay: { ...value.overlay!, color: v } })} />
            <NumberField id={`${idp}-ovOpacity`} label={L("opacity")} value={value.overlay.opacity} min={0} max={1} step={0.05} onChange={(v) => set({ overlay: { ...value.overlay!, opacity: v } })} />
          </div>
        ) : null}
      </fieldset>
      {withCustomCss ? <TextField id={`${idp}-css`} label={L("customCss")} value={value.customCss} multiline rows={6} mono placeholder="h2 { color: #111827; }" onChange={(v) => set({ customCss: v })} hint={L("customCssHint")} /> : null}
    </>
  );
}

function SidesEditor({ idp, legend, value, onChange }: { idp: string; legend: string; value: Sides | undefined; onChange: (v: Sides | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="grid grid-cols-4 gap-2 max-sm:grid-cols-2">
        {(["top", "right", "bottom", "left"] as const).map((side) => (
          <TextField
            key={side}
            id={`${idp}-${side}`}
            label={t(`storefrontEditor:side.${side}`)}
            value={value?.[side]}
            placeholder="0px"
            onChange={(v) => {
              const next = { ...value, [side]: v || undefined };
              onChange(Object.values(next).some(Boolean) ? next : undefined);
            }}
          />
        ))}
      </div>
    </fieldset>
  );
}

function BorderEditor({ idp, legend, value, onChange }: { idp: string; legend: string; value: SectionBorder | undefined; onChange: (v: SectionBorder | undefined) => void }) {
  const { t } = useTranslation();
  const L = (k: string) => t(`storefrontEditor:fields.${k}`);
  return (
    <fieldset className="min-w-0 grid gap-3">
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <ToggleField id={`${idp}-on`} label={L("borderEnabled")} checked={!!value?.enabled} onChange={(v) => onChange(v ? { width: "1px", style: "solid", color: "#e5e7eb", ...value, enabled: true } : value ? { ...value, enabled: false } : undefined)} />
      {value?.enabled ? (
        <div className="grid grid-cols-3 gap-2">
          <TextField id={`${idp}-w`} label={L("borderWidth")} value={value.width} onChange={(v) => onChange({ ...value, width: v })} />
          <SelectField id={`${idp}-s`} label={L("borderStyle")} value={value.style} options={BORDER_STYLES.map((v) => ({ value: v, label: t(`storefrontEditor:borderStyle.${v}`) }))} onChange={(v) => onChange({ ...value, style: v })} />
          <ColorField id={`${idp}-c`} label={L("color")} value={value.color} onChange={(v) => onChange({ ...value, color: v })} />
        </div>
      ) : null}
    </fieldset>
  );
}

function MobileTab({ section, idp, setMobile }: { section: PageSection; idp: string; setMobile: (p: Partial<MobileSettings>) => void }) {
  const { t } = useTranslation();
  const L = (k: string) => t(`storefrontEditor:fields.${k}`);
  const m = section.mobileSettings;
  const hasColumns = typeof (section.settings as { columns?: number }).columns === "number";
  const hasLimit = typeof (section.settings as { limit?: number }).limit === "number";
  return (
    <>
      <p className="text-sm text-muted-foreground">{L("mobileHint")}</p>
      <ToggleField id={`${idp}-hidden`} label={L("hideOnMobile")} checked={!!m.hidden} onChange={(v) => setMobile({ hidden: v || undefined })} />
      <div className="grid grid-cols-2 gap-3">
        {hasLimit ? <NumberField id={`${idp}-limit`} label={L("limit")} value={m.limit} min={1} max={SECTION_LIMITS.maxItems} onChange={(v) => setMobile({ limit: v })} /> : null}
        {hasColumns ? <NumberField id={`${idp}-columns`} label={L("columns")} value={m.columns} min={1} max={SECTION_LIMITS.maxColumns} onChange={(v) => setMobile({ columns: v })} /> : null}
      </div>
      <StyleEditor idp={idp} value={m} set={(p) => setMobile(p as Partial<MobileSettings>)} />
    </>
  );
}

function AnimationTab({ idp, settings, set }: { idp: string; settings: AnySettings; set: (p: Partial<AnySettings>) => void }) {
  const { t } = useTranslation();
  const L = (k: string) => t(`storefrontEditor:fields.${k}`);
  const a = settings.animation ?? { enabled: false, type: "fadeIn" as const, duration: 600, delay: 0 };
  return (
    <>
      <ToggleField id={`${idp}-on`} label={L("animationEnabled")} checked={a.enabled} onChange={(v) => set({ animation: { ...a, enabled: v } })} />
      <SelectField id={`${idp}-type`} label={L("animationType")} value={a.type} options={ANIMATION_TYPES.map((v) => ({ value: v, label: t(`storefrontEditor:animation.${v}`) }))} onChange={(v) => v && set({ animation: { ...a, type: v } })} />
      <div className="grid grid-cols-2 gap-3">
        <NumberField id={`${idp}-duration`} label={L("duration")} value={a.duration} min={0} max={10000} step={100} onChange={(v) => set({ animation: { ...a, duration: v ?? 0 } })} />
        <NumberField id={`${idp}-delay`} label={L("delay")} value={a.delay} min={0} max={10000} step={100} onChange={(v) => set({ animation: { ...a, delay: v ?? 0 } })} />
      </div>
    </>
  );
}
