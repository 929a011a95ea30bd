import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { NAMESPACES, resources } from "../../shared/i18n/resources";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../../shared/platform/themes";

export const LANGUAGE_STORAGE_KEY = "language";

export function storedLanguage(): Language {
  const saved = typeof localStorage === "undefined" ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(saved ?? "") ? (saved as Language) : DEFAULT_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  ns: NAMESPACES,
  defaultNS: "common",
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function setLanguage(lang: Language): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  void i18n.changeLanguage(lang);
}

/** Translates a message that may be a catalog key ("errors:nameRequired"). */
export function tMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  return /^[a-zA-Z]+:[A-Za-z0-9_.]+$/.test(message) ? i18n.t(message) : message;
}

export default i18n;
