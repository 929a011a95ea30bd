/**
 * A field's validation pattern runs on the server against public submissions, so a pattern that
 * can backtrack exponentially ('(a+)+$', '(a|a)*') would let anyone stall it. A pattern is
 * accepted when it compiles as a JavaScript RegExp, has no back-references, and no group that
 * repeats (*, +, {n,}, {n,m} with m > 1) holds a quantifier or an alternation of its own.
 * Everyday patterns ('^[0-9]{3}-[0-9]{7}$', '^[A-Z]{2}\d+$', '^(809|829|849)\d{7}$') pass.
 */

/** Whether a quantifier starts at i and repeats (more than once); returns its length or 0. */
function repeatingQuantifier(p: string, i: number): { length: number; repeats: boolean } {
  const c = p[i];
  if (c === "*" || c === "+") return { length: 1, repeats: true };
  if (c === "?") return { length: 1, repeats: false };
  if (c === "{") {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(p.slice(i));
    if (!m) return { length: 0, repeats: false };
    const upper = m[2] === undefined ? Number(m[1]) : m[3] === "" ? Number.POSITIVE_INFINITY : Number(m[3]);
    return { length: m[0].length, repeats: upper > 1 };
  }
  return { length: 0, repeats: false };
}

export function isSafePattern(pattern: string): boolean {
  try {
    new RegExp(pattern);
  } catch {
    return false;
  }
  // Each open group: whether it holds a quantifier or an alternation.
  const stack: { risky: boolean }[] = [{ risky: false }];
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === "\\") {
      const next = pattern[i + 1] ?? "";
      if (/[1-9]/.test(next) || next === "k") return false;
      i += 2;
      continue;
    }
    if (c === "[") {
      i++;
      if (pattern[i] === "^") i++;
      if (pattern[i] === "]") i++;
      while (i < pattern.length && pattern[i] !== "]") i += pattern[i] === "\\" ? 2 : 1;
      i++;
      continue;
    }
    if (c === "(") {
      stack.push({ risky: false });
      i++;
      if (pattern[i] === "?") {
        // (?:  (?=  (?!  (?<=  (?<!  (?<name>
        i++;
        if (pattern[i] === "<" && pattern[i + 1] !== "=" && pattern[i + 1] !== "!") {
          const end = pattern.indexOf(">", i);
          i = end < 0 ? pattern.length : end + 1;
        } else {
          i += pattern[i] === "<" ? 2 : 1;
        }
      }
      continue;
    }
    if (c === ")") {
      const group = stack.length > 1 ? stack.pop()! : { risky: false };
      i++;
      const q = repeatingQuantifier(pattern, i);
      if (q.length > 0) {
        if (q.repeats && group.risky) return false;
        i += q.length;
        if (pattern[i] === "?") i++;
      }
      // A group holding a quantifier (or itself quantified) makes its enclosing group risky.
      if (group.risky || q.length > 0) stack[stack.length - 1]!.risky = true;
      continue;
    }
    if (c === "|") {
      stack[stack.length - 1]!.risky = true;
      i++;
      continue;
    }
    const q = repeatingQuantifier(pattern, i);
    if (q.length > 0) {
      stack[stack.length - 1]!.risky = true;
      i += q.length;
      if (pattern[i] === "?") i++;
      continue;
    }
    i++;
  }
  return true;
}
