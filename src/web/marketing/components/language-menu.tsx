import { SITE_LANGS } from "../../public-site/i18n";
import { GlobeIcon } from "./icons";
import { useNsT } from "./text";

/** The language menu: links to the same page with ?lang=es / ?lang=en (works without JavaScript). */
export function LanguageMenu() {
  const { lang, m } = useNsT("marketing");
  return (
    <details className="group relative" data-language-menu="">
      <summary
        className="flex h-11 cursor-pointer list-none items-center gap-1 rounded-lg px-2 text-sm font-medium text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
        aria-label={m("language.current")}
      >
        <GlobeIcon />
        <span aria-hidden="true">{lang.toUpperCase()}</span>
      </summary>
      <ul className="absolute right-0 z-50 mt-1 w-36 rounded-lg border border-slate-200 bg-white py-1 shadow-lg" aria-label={m("language.label")}>
        {SITE_LANGS.map((l) => (
          <li key={l}>
            <a
              href={`?lang=${l}`}
              hrefLang={l}
              lang={l}
              aria-current={l === lang ? "true" : undefined}
              className={`block px-3 py-2 text-sm hover:bg-slate-100 ${l === lang ? "font-semibold text-indigo-700" : "text-slate-800"}`}
            >
              {m(`language.${l}`)}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
