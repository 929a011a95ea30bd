import { type SQL, sql } from "drizzle-orm";

/**
 * `column` starts with `prefix`. A printable-ASCII prefix (every document number and NCF) becomes
 * the byte-wise range [prefix, prefix with its last character + 1) of a text_pattern_ops index
 * (orders_number_prefix_idx, credit_notes_ncf_prefix_idx …): under row-level security PostgreSQL
 * uses an index only for leakproof operators, and LIKE is not one (~>=~ and ~<~ are), so a LIKE
 * read every document of the tenant. Anything else keeps LIKE, its wildcards escaped.
 */
export function startsWith(column: SQL, prefix: string): SQL {
  if (/^[\x20-\x7e]+$/.test(prefix)) {
    const upper = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
    return sql`(${column} ~>=~ ${prefix} AND ${column} ~<~ ${upper})`;
  }
  return sql`${column} LIKE ${`${prefix.replace(/[\\%_]/g, "\\$&")}%`}`;
}
