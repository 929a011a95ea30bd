import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { es } from "../../shared/i18n/catalog-es";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../../shared/platform/themes";

export const LANGUAGE_STORAGE_KEY = "language";

export function storedLanguage(): Language {
  const saved = typeof localStorage === "undefined" ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(saved ?? "") ? (saved as Language) : DEFAULT_LANGUAGE;
}

/**
 * Spanish is in the bundle (the default and the fallback of any missing key); English is its own
 * chunk, fetched the first time it is needed, so a Spanish first load (the POS) does not download
 * and parse a second set of catalogs.
 */
const loaders: Partial<Record<Language, () => Promise<Record<string, object>>>> = {
  en: () => import("../../shared/i18n/catalog-en").then((m) => m.en),
};

/** Makes sure a language's catalogs are in i18next (at once for Spanish). */
export async function loadLanguage(lang: Language): Promise<void> {
  const load = loaders[lang];
  if (!load || i18n.hasResourceBundle(lang, "common")) return;
  const catalogs = await load();
  for (const [ns, resources] of Object.entries(catalogs)) i18n.addResourceBundle(lang, ns, resources, true, true);
}

const initial = storedLanguage();
void i18n.use(initReactI18next).init({
  resources: { es },
  // Until English has arrived the first render would be in Spanish: start in Spanish and switch below.
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: Object.keys(es),
  defaultNS: "common",
  interpolation: { escapeValue: false },
  returnNull: false,
});
// A stored English waits for its catalogs before the app renders (main.tsx imports this module
// first); if they cannot be fetched the app starts in Spanish rather than not at all.
if (initial !== DEFAULT_LANGUAGE) {
  await loadLanguage(initial)
    .then(() => i18n.changeLanguage(initial))
    .catch(() => undefined);
}

export function setLanguage(lang: Language): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  void loadLanguage(lang).then(() => {
    document.documentElement.lang = lang;
    return i18n.changeLanguage(lang);
  });
}

/** Translates a message that may be a catalog key ("errors:nameRequired"). */
export function tMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  return /^[a-zA-Z]+:[A-Za-z0-9_.]+$/.test(message) ? i18n.t(message) : message;
}

export default i18n;
