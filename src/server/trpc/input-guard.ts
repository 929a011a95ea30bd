import { isStorableText } from "../../shared/platform/text";

/** How deep an input may nest before it is refused (the deepest schema nests about 5 levels). */
export const MAX_INPUT_DEPTH = 12;

export interface InputProblem {
  path: string;
  /** errors:* catalog key */
  key: "errors:invalidText" | "errors:inputTooDeep";
}

/**
 * The first value of a raw procedure input that no schema may accept: text PostgreSQL cannot
 * store (a NUL byte or a lone UTF-16 surrogate), in a value or an object key, or nesting past
 * MAX_INPUT_DEPTH. Checked once for every procedure, before its own schema runs.
 */
export function inputProblem(value: unknown, path: (string | number)[] = [], depth = 0): InputProblem | null {
  if (typeof value === "string") return isStorableText(value) ? null : { path: path.join("."), key: "errors:invalidText" };
  if (value === null || typeof value !== "object") return null;
  if (depth >= MAX_INPUT_DEPTH) return { path: path.join("."), key: "errors:inputTooDeep" };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = inputProblem(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return { path: [...path, "(key)"].join("."), key: "errors:invalidText" };
    const found = inputProblem(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** SQLSTATE class 22 (data exception: value too long, numeric overflow, bad date…) and 54000 (program limit). */
export function isDataError(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, hops = 0; e && hops < 6; e = e.cause as typeof e, hops++) {
    if (typeof e.code === "string" && /^(22[0-9A-Z]{3}|54000)$/.test(e.code)) return true;
  }
  return false;
}
