import { describe, expect, it } from "vitest";
import { likePattern, pageOf, rangeOf } from "./pagination";

describe("pagination", () => {
  it("computes pages and the 'a-b de N' range", () => {
    const p = pageOf([1, 2], 45, 3, 20);
    expect(p.pagination).toEqual({ page: 3, pageSize: 20, total: 45, pageCount: 3 });
    expect(rangeOf(p.pagination)).toEqual({ from: 41, to: 45, total: 45 });
    expect(rangeOf(pageOf([], 0, 1, 20).pagination)).toEqual({ from: 0, to: 0, total: 0 });
  });
  it("caps a whole-catalogue count at 10,000 and says so", () => {
    const p = pageOf([], 10_001, 1, 50).pagination;
    expect(p).toMatchObject({ total: 10_000, capped: true, pageCount: 200 });
  });
  it("escapes LIKE wildcards", () => {
    expect(likePattern("50%_off")).toBe("%50\\%\\_off%");
  });
});
