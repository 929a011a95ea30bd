/** No NUL and no lone UTF-16 surrogate: PostgreSQL text cannot store them. */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}
