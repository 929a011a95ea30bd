import { describe, expect, it } from "vitest";
import { inputProblem, isDataError, MAX_INPUT_DEPTH } from "./input-guard";

describe("inputProblem", () => {
  it("finds text PostgreSQL cannot store anywhere in the input, keys included, with its path", () => {
    expect(inputProblem({ name: "Colmado", items: [{ notes: "ok" }, { notes: "a\u0000b" }] })).toEqual({ path: "items.1.notes", key: "errors:invalidText" });
    expect(inputProblem({ search: "x\uD800" })).toEqual({ path: "search", key: "errors:invalidText" });
    expect(inputProblem({ "a\u0000": 1 })).toEqual({ path: "(key)", key: "errors:invalidText" });
    // a surrogate pair (an emoji) is fine
    expect(inputProblem({ name: "Pica pollo 🍗", n: 1, ok: true, none: null })).toBeNull();
  });

  it("refuses nesting past the limit", () => {
    let deep: unknown = "x";
    for (let i = 0; i < MAX_INPUT_DEPTH + 1; i++) deep = [deep];
    expect(inputProblem(deep)?.key).toBe("errors:inputTooDeep");
  });
});

describe("isDataError", () => {
  it("recognises SQLSTATE class 22 through wrapped causes, and nothing else", () => {
    expect(isDataError({ message: "query failed", cause: { code: "22003" } })).toBe(true);
    expect(isDataError({ code: "22P02" })).toBe(true);
    expect(isDataError({ code: "54000" })).toBe(true);
    expect(isDataError({ code: "23505" })).toBe(false);
    expect(isDataError(new Error("x"))).toBe(false);
  });
});
