import { describe, expect, it } from "vitest";
import { likePattern, pageOf, rangeOf, searchCountLimit, searchPageOf, searchTotal } from "./pagination";

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
  it("a search page counted up to 51 (or one past the page) says 'more than' past it, exact below", () => {
    expect(searchCountLimit(1, 20)).toBe(51);
    expect(searchCountLimit(3, 20)).toBe(61);
    expect(searchCountLimit(1, 100)).toBe(101);
    expect(searchPageOf([], 51, 1, 20).pagination).toEqual({ page: 1, pageSize: 20, total: 50, capped: true, pageCount: 3 });
    expect(rangeOf(searchPageOf([], 51, 1, 20).pagination)).toEqual({ from: 1, to: 20, total: 50 });
    expect(searchPageOf([], 61, 3, 20).pagination).toEqual({ page: 3, pageSize: 20, total: 60, capped: true, pageCount: 4 });
    expect(searchPageOf([], 50, 1, 20).pagination).toEqual({ page: 1, pageSize: 20, total: 50, pageCount: 3 });
    expect(searchPageOf([], 80, 1, 100).pagination).toEqual({ page: 1, pageSize: 100, total: 80, pageCount: 1 });
    expect(searchTotal(51, 51)).toEqual({ total: 50, capped: true });
    expect(searchTotal(7, 51)).toEqual({ total: 7, capped: false });
  });
  it("escapes LIKE wildcards", () => {
    expect(likePattern("50%_off")).toBe("%50\\%\\_off%");
  });
});
