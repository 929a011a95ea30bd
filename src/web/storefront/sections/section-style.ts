import { MOBILE_BREAKPOINT_PX } from "../../../shared/storefront/constants";
import type { CommonSettings, MobileSettings, PageSection, SectionBackground, SectionBorder, Sides } from "../../../shared/storefront/sections";

/**
 * The CSS of a page's sections (contract 1): each section's background, overlay, spacing, borders,
 * grid columns and animation timing keyed by `#s-{id}`, its mobile settings inside a container
 * query on the shop wrapper (so the editor's 768-px preview box behaves like a phone), and its
 * custom CSS nested inside `#s-{id} { … }`. Values were checked by the section schemas; custom CSS
 * is cleaned here (no '<', @import, expression(), javascript:, comments, backslashes, and braces
 * balanced so it cannot leave its section's block).
 */

type StyleSettings = Pick<CommonSettings, "background" | "padding" | "margin" | "borderTop" | "borderBottom" | "overlay">;

function backgroundCss(bg: SectionBackground | undefined): string[] {
  if (!bg) return [];
  if (bg.type === "color") return bg.color ? [`background:${bg.color}`] : [];
  if (bg.type === "gradient") {
    const start = bg.gradientStart ?? "#667eea";
    const end = bg.gradientEnd ?? "#764ba2";
    return [`background:linear-gradient(${bg.gradientDirection ?? "to bottom right"},${start},${end})`];
  }
  if (!bg.image) return [];
  const out = [
    `background-image:url("${bg.image}")`,
    `background-size:${bg.size ?? "cover"}`,
    `background-position:${bg.position ?? "center"}`,
    "background-repeat:no-repeat",
  ];
  if (bg.fixed || bg.parallax) out.push("background-attachment:fixed");
  return out;
}

function sidesCss(prop: "padding" | "margin", sides: Sides | undefined): string[] {
  if (!sides) return [];
  const out: string[] = [];
  for (const side of ["top", "right", "bottom", "left"] as const) {
    const v = sides[side];
    if (v) out.push(`${prop}-${side}:${v}`);
  }
  return out;
}

function borderCss(edge: "top" | "bottom", border: SectionBorder | undefined): string[] {
  if (!border) return [];
  if (!border.enabled) return [`border-${edge}:0`];
  return [`border-${edge}:${border.width ?? "1px"} ${border.style ?? "solid"} ${border.color ?? "#e5e7eb"}`];
}

function declarations(s: StyleSettings): string[] {
  return [
    ...backgroundCss(s.background),
    ...sidesCss("padding", s.padding),
    ...sidesCss("margin", s.margin),
    ...borderCss("top", s.borderTop),
    ...borderCss("bottom", s.borderBottom),
  ];
}

function overlayCss(sel: string, overlay: CommonSettings["overlay"]): string {
  if (!overlay) return "";
  if (!overlay.enabled) return `${sel}>.sec-overlay{display:none}`;
  return `${sel}>.sec-overlay{display:block;background:${overlay.color ?? "#000000"};opacity:${overlay.opacity ?? 0.4}}`;
}

/** The columns a section's grid uses on a phone when its mobile settings do not say: at most 2 for cards, 1 for wide items. */
function defaultMobileColumns(section: PageSection, columns: number): number {
  if (section.type === "categories" || section.type === "blog_posts" || section.type === "category_banners") return 1;
  return Math.min(columns, 2);
}

function gridColumns(section: PageSection): number | null {
  const s = section.settings as { columns?: number };
  return typeof s.columns === "number" ? s.columns : null;
}

/** Custom CSS made safe to nest inside the section's block (see the file comment). */
export function cleanCustomCss(css: string): string {
  const stripped = css
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\*[\s\S]*$/, "")
    .replace(/[<\\]/g, "")
    .replace(/@import[^;{}]*;?/gi, "")
    .replace(/@charset[^;{}]*;?/gi, "")
    .replace(/expression\s*\(/gi, "(")
    .replace(/javascript\s*:/gi, "")
    .replace(/-moz-binding/gi, "")
    .replace(/behavior\s*:/gi, "");
  let out = "";
  let depth = 0;
  let quote: string | null = null;
  for (const ch of stripped) {
    if (quote) {
      if (ch === quote) quote = null;
      if (ch === "{" || ch === "}" || ch === "\n") continue;
      out += ch;
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    if (ch === "{") depth += 1;
    if (ch === "}") {
      if (depth === 0) continue;
      depth -= 1;
    }
    out += ch;
  }
  if (quote) out += quote;
  return out + "}".repeat(depth);
}

function mobileDeclarations(section: PageSection, m: MobileSettings): string {
  const sel = `#s-${section.id}`;
  const parts: string[] = [];
  if (m.hidden) parts.push(`${sel}{display:none}`);
  const decl = declarations(m);
  if (decl.length) parts.push(`${sel}{${decl.join(";")}}`);
  const overlay = overlayCss(sel, m.overlay);
  if (overlay) parts.push(overlay);
  const cols = gridColumns(section);
  if (cols !== null) parts.push(`${sel} .sec-grid{grid-template-columns:repeat(${m.columns ?? defaultMobileColumns(section, cols)},minmax(0,1fr))}`);
  if (section.type === "columns_layout") parts.push(`${sel} .sec-cols{grid-template-columns:minmax(0,1fr)}${sel} .sec-cols>.sec-side{order:2}`);
  if (section.type === "sidebar") parts.push(`${sel} .sec-cols{grid-template-columns:minmax(0,1fr)}`);
  return parts.join("");
}

const REVEAL_CSS = [
  "html.js-reveal [data-reveal]{opacity:0;transition-property:opacity,transform;transition-timing-function:ease-out;transition-duration:600ms}",
  'html.js-reveal [data-reveal="slideInLeft"]{transform:translateX(-48px)}',
  'html.js-reveal [data-reveal="slideInRight"]{transform:translateX(48px)}',
  'html.js-reveal [data-reveal="slideInTop"]{transform:translateY(-48px)}',
  'html.js-reveal [data-reveal="slideInBottom"]{transform:translateY(48px)}',
  'html.js-reveal [data-reveal="zoomIn"]{transform:scale(.9)}',
  "html.js-reveal [data-reveal].is-revealed{opacity:1;transform:none}",
  "@media (prefers-reduced-motion:reduce){html.js-reveal [data-reveal]{opacity:1;transform:none;transition:none}}",
].join("");

export function sectionsStyle(sections: PageSection[]): string {
  const desktop: string[] = [];
  const mobile: string[] = [];
  const custom: string[] = [];
  let anyReveal = false;
  for (const section of sections) {
    if (!section.isVisible) continue;
    const sel = `#s-${section.id}`;
    const s = section.settings as CommonSettings;
    const decl = declarations(s);
    if (decl.length) desktop.push(`${sel}{${decl.join(";")}}`);
    const overlay = overlayCss(sel, s.overlay);
    if (overlay) desktop.push(overlay);
    const cols = gridColumns(section);
    if (cols !== null) desktop.push(`${sel} .sec-grid{grid-template-columns:repeat(${cols},minmax(0,1fr))}`);
    if (section.type === "columns_layout") {
      const side = { "1/4": "25%", "1/3": "33.333%", "1/2": "50%", "2/3": "66.666%", "3/4": "75%" }[section.settings.ratio];
      const tracks = section.settings.sidePosition === "left" ? `${side} minmax(0,1fr)` : `minmax(0,1fr) ${side}`;
      desktop.push(`${sel} .sec-cols{grid-template-columns:${tracks};gap:${section.settings.gap}}`);
    }
    if (s.animation?.enabled) {
      anyReveal = true;
      desktop.push(`${sel} [data-reveal]{transition-duration:${s.animation.duration}ms;transition-delay:${s.animation.delay}ms}`);
    }
    const m = mobileDeclarations(section, section.mobileSettings);
    if (m) mobile.push(m);
    if (s.customCss?.trim()) custom.push(`${sel}{${cleanCustomCss(s.customCss)}}`);
  }
  const css = [
    anyReveal ? REVEAL_CSS : "",
    desktop.join(""),
    mobile.length ? `@container shop (max-width:${MOBILE_BREAKPOINT_PX}px){${mobile.join("")}}` : "",
    custom.join("\n"),
  ].join("");
  return css.replace(/</g, "");
}
