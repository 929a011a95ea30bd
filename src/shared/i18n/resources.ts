import { en } from "./catalog-en";
import { es } from "./catalog-es";

/** Every catalog, by language and namespace. Both languages always carry the same keys. */
export const resources = { es, en } as const;

export type Namespace = keyof (typeof resources)["es"];
export const NAMESPACES = Object.keys(resources.es) as Namespace[];
