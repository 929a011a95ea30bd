import { randomUUID } from "node:crypto";
import type { z } from "zod";

/**
 * Walks zod 4 schemas for the generated hostile-input test: a plausible value for a schema (so a
 * procedure's other fields pass and the hostile one reaches as deep as it can), and the paths of
 * its leaves (the fields a hostile value is put in).
 */

type Def = { type: string } & Record<string, any>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional", "success"]);

function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const d = defOf(s);
    if (WRAPPERS.has(d.type)) s = d.innerType;
    else if (d.type === "pipe") s = d.in.type === "transform" ? d.out : d.in;
    else if (d.type === "lazy") s = d.getter();
    else return s;
  }
  return s;
}

function sampleString(d: Def): string {
  if (d.format === "uuid" || d.format === "guid") return randomUUID();
  if (d.format === "email") return "prueba@ejemplo.do";
  if (d.format === "url") return "https://ejemplo.do/a";
  if (d.format === "datetime") return "2026-11-20T10:00:00Z";
  if (d.format === "date") return "2026-11-20";
  const patterns: string[] = (d.checks ?? []).map((c: unknown) => String(defOf(c).pattern ?? "")).filter(Boolean);
  if (patterns.some((p) => p.includes("\\d{4}-\\d{2}-\\d{2}"))) return "2026-11-20";
  if (patterns.some((p) => p.includes("\\d"))) return "1";
  return "Prueba 1";
}

/** A value the schema is likely to accept (best effort: refusals are fine, 500s are not). */
export function sampleOf(schema: z.ZodType, depth = 0): unknown {
  if (depth > 8) return undefined;
  const s = unwrap(schema);
  const d = defOf(s);
  switch (d.type) {
    case "object":
      return Object.fromEntries(Object.entries(d.shape as Record<string, z.ZodType>).map(([k, v]) => [k, sampleOf(v, depth + 1)]));
    case "array":
      return [sampleOf(d.element, depth + 1)];
    case "tuple":
      return (d.items as z.ZodType[]).map((i) => sampleOf(i, depth + 1));
    case "record":
      return {};
    case "string":
      return sampleString(d);
    case "number":
    case "int":
      return 1;
    case "bigint":
      return 1;
    case "boolean":
      return true;
    case "enum":
      return Object.values(d.entries as Record<string, unknown>)[0];
    case "literal":
      return (d.values as unknown[])[0];
    case "union":
      return sampleOf((d.options as z.ZodType[])[0]!, depth + 1);
    case "intersection":
      return { ...(sampleOf(d.left, depth + 1) as object), ...(sampleOf(d.right, depth + 1) as object) };
    case "transform":
    case "any":
    case "unknown":
      return "1";
    default:
      return undefined;
  }
}

/** The kind of a leaf, to pick hostile values that fit it. */
export type LeafKind = "text" | "number" | "other";

/** Every leaf path of a schema (array elements at index 0), with its kind. */
export function leavesOf(schema: z.ZodType, path: (string | number)[] = [], depth = 0): { path: (string | number)[]; kind: LeafKind }[] {
  if (depth > 8) return [];
  const s = unwrap(schema);
  const d = defOf(s);
  if (d.type === "object") return Object.entries(d.shape as Record<string, z.ZodType>).flatMap(([k, v]) => leavesOf(v, [...path, k], depth + 1));
  if (d.type === "array") return [{ path, kind: "other" as const }, ...leavesOf(d.element, [...path, 0], depth + 1)];
  if (d.type === "union") return leavesOf((d.options as z.ZodType[])[0]!, path, depth + 1);
  if (d.type === "intersection") return [...leavesOf(d.left, path, depth + 1), ...leavesOf(d.right, path, depth + 1)];
  const kind: LeafKind = d.type === "string" || d.type === "enum" || d.type === "literal" ? "text" : d.type === "number" || d.type === "int" || d.type === "transform" ? "number" : "other";
  return [{ path, kind }];
}

/** A copy of value with `replacement` at path (creating objects and arrays on the way). */
export function withValueAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const base: any = Array.isArray(value) ? [...value] : value && typeof value === "object" ? { ...value } : typeof head === "number" ? [] : {};
  base[head] = withValueAt(base[head], rest, replacement);
  return base;
}
