import type { FooterGroup } from "../components/layout";

/** The pages' paths on the bare domain (docs/decisions.md). */
export const MARKETING_PATHS = { pos: "/", dental: "/dental", forms: "/forms", legal: "/legal" } as const;
export type MarketingPageKey = keyof typeof MARKETING_PATHS;

const link = (href: string, key: string) => ({ href, label: `footer.links.${key}` });

/** Each page's footer links, exactly the spec's. */
export const FOOTERS: Record<MarketingPageKey, FooterGroup[]> = {
  dental: [
    { title: "resources", links: [link("/docs", "docs"), link("/api", "api"), link("/webinars", "webinars"), link("/blog", "blog")] },
    { title: "company", links: [link("/casos", "casos"), link("/certificacion", "certificacion"), link("/comunidad", "comunidad")] },
    { title: "legal", links: [link("/terms", "terms"), link("/privacy", "privacy"), link("/cookies", "cookies"), link("/legal", "legal")] },
  ],
  forms: [
    { title: "resources", links: [link("/docs", "docs"), link("/api", "api")] },
    { title: "legal", links: [link("/terms", "terms"), link("/privacy", "privacy")] },
  ],
  legal: [
    { title: "resources", links: [link("/docs", "docs"), link("/api", "api"), link("/blog", "blog")] },
    { title: "company", links: [link("/about", "about"), link("/careers", "careers"), link("/partners", "partners")] },
  ],
  pos: [
    { title: "resources", links: [link("/docs", "docs"), link("/blog", "blog"), link("/help", "help"), link("/status", "status")] },
    { title: "company", links: [link("/about", "about"), link("/partners", "partners"), link("/careers", "careers")] },
    {
      title: "legal",
      links: [
        link("/terms", "terms"),
        link("/privacy", "privacy"),
        link("/cookies", "cookies"),
      ],
    },
    {
      title: "contact",
      links: [
        { href: "tel:+18095550100", label: "footer.phone", ariaLabel: "footer.phoneLabel" },
        { href: "mailto:soporte@enzzo.do", label: "footer.email", ariaLabel: "footer.emailLabel" },
      ],
    },
  ],
};
