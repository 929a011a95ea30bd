import enCommon from "./en/common.json";
import enErrors from "./en/errors.json";
import esCommon from "./es/common.json";
import esErrors from "./es/errors.json";

/** Every catalog, by language and namespace. Both languages always carry the same keys. */
export const resources = {
  es: { common: esCommon, errors: esErrors },
  en: { common: enCommon, errors: enErrors },
} as const;

export type Namespace = keyof (typeof resources)["es"];
export const NAMESPACES = Object.keys(resources.es) as Namespace[];
