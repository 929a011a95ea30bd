import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { currentRange, formatNcf, isRangeUsable, type NcfRangeLike, ncfTypeStatus, rangeProblem, rangeState } from "./ncf";

const TODAY = "2026-11-24";
const range = (from: number, to: number, next = from, expiresOn = "2027-12-31", status = "active"): NcfRangeLike => ({ rangeFrom: from, rangeTo: to, nextNumber: next, expiresOn, status });

describe("NCF ranges: continuation", () => {
  it("takes numbers from the usable range with the lowest first number", () => {
    expect(currentRange([range(201, 300), range(101, 200)], TODAY)?.rangeFrom).toBe(101);
  });
  it("continues in the next range when one is used up, expired or cancelled", () => {
    const used = range(1, 100, 101);
    const expired = range(101, 200, 101, "2026-11-23");
    const cancelled = range(201, 300, 201, "2027-12-31", "cancelled");
    expect(currentRange([used, expired, cancelled, range(301, 400)], TODAY)?.rangeFrom).toBe(301);
    expect(rangeState(used, TODAY)).toBe("exhausted");
    expect(rangeState(expired, TODAY)).toBe("expired");
    expect(rangeState(cancelled, TODAY)).toBe("cancelled");
  });
  it("a range is usable through its expiry day, not the day after", () => {
    expect(isRangeUsable(range(1, 10, 1, TODAY), TODAY)).toBe(true);
    expect(isRangeUsable(range(1, 10, 1, TODAY), "2026-11-25")).toBe(false);
  });
  it("nothing usable: exhausted, and 'expired' when only expired numbers are left", () => {
    expect(ncfTypeStatus([], TODAY)).toMatchObject({ remaining: 0, exhausted: true, expired: false, warning: "exhausted", rangeTo: null });
    expect(ncfTypeStatus([range(1, 10, 11)], TODAY)).toMatchObject({ exhausted: true, expired: false, warning: "exhausted" });
    expect(ncfTypeStatus([range(1, 10, 5, "2025-12-31")], TODAY)).toMatchObject({ exhausted: true, expired: true, warning: "expired" });
  });
  it("remaining counts every usable range; the warning is about the current one", () => {
    const s = ncfTypeStatus([range(1, 100, 96), range(101, 200)], TODAY);
    expect(s).toMatchObject({ remaining: 105, rangeTo: 100, low: false, warning: null });
  });
});

describe("NCF ranges: warnings", () => {
  it("warns under 10% of the current range left", () => {
    expect(ncfTypeStatus([range(1, 100, 91)], TODAY)).toMatchObject({ remaining: 10, low: false });
    expect(ncfTypeStatus([range(1, 100, 92)], TODAY)).toMatchObject({ remaining: 9, low: true, warning: "low" });
  });
  it("warns at the owner's own count", () => {
    expect(ncfTypeStatus([range(1, 200, 151)], TODAY, 50)).toMatchObject({ remaining: 50, low: true });
    expect(ncfTypeStatus([range(1, 200, 150)], TODAY, 50)).toMatchObject({ remaining: 51, low: false });
  });
  it("warns when the last usable range expires within 30 days", () => {
    expect(ncfTypeStatus([range(1, 100, 1, "2026-12-24")], TODAY)).toMatchObject({ expiringSoon: true, warning: "expiringSoon" });
    expect(ncfTypeStatus([range(1, 100, 1, "2026-12-25")], TODAY)).toMatchObject({ expiringSoon: false, warning: null });
    // a later range that runs longer takes the warning away
    expect(ncfTypeStatus([range(1, 100, 1, "2026-12-01"), range(101, 200, 101, "2027-12-31")], TODAY)).toMatchObject({ expiringSoon: false });
  });
});

describe("NCF ranges: what may be saved", () => {
  const others = [range(1, 100), range(201, 300)];
  it("refuses bounds out of order or past 8 digits", () => {
    expect(rangeProblem({ rangeFrom: 10, rangeTo: 9, expiresOn: "2027-12-31" }, [])).toBe("invalidBounds");
    expect(rangeProblem({ rangeFrom: 0, rangeTo: 9, expiresOn: "2027-12-31" }, [])).toBe("invalidBounds");
    expect(rangeProblem({ rangeFrom: 1, rangeTo: 100_000_000, expiresOn: "2027-12-31" }, [])).toBe("invalidBounds");
  });
  it("refuses any overlap with another range of the type, accepts the gap between them", () => {
    expect(rangeProblem({ rangeFrom: 100, rangeTo: 150, expiresOn: "2027-12-31" }, others)).toBe("overlaps");
    expect(rangeProblem({ rangeFrom: 150, rangeTo: 201, expiresOn: "2027-12-31" }, others)).toBe("overlaps");
    expect(rangeProblem({ rangeFrom: 50, rangeTo: 400, expiresOn: "2027-12-31" }, others)).toBe("overlaps");
    expect(rangeProblem({ rangeFrom: 101, rangeTo: 200, expiresOn: "2027-12-31" }, others)).toBeNull();
  });
  it("an edited range never shrinks below what it issued, nor moves once it issued", () => {
    const existing = range(1, 100, 41);
    expect(rangeProblem({ rangeFrom: 1, rangeTo: 39, expiresOn: "2027-12-31" }, [], existing)).toBe("shrinksBelowIssued");
    expect(rangeProblem({ rangeFrom: 1, rangeTo: 40, expiresOn: "2027-12-31" }, [], existing)).toBeNull();
    expect(rangeProblem({ rangeFrom: 2, rangeTo: 100, expiresOn: "2027-12-31" }, [], existing)).toBe("startChangedAfterIssue");
    expect(rangeProblem({ rangeFrom: 5, rangeTo: 100, expiresOn: "2027-12-31" }, [], range(1, 100))).toBeNull();
  });
  it("refuses an expiry before the authorization date", () => {
    expect(rangeProblem({ rangeFrom: 1, rangeTo: 9, expiresOn: "2026-01-01", authorizedOn: "2026-02-01" }, [])).toBe("expiryBeforeAuthorization");
  });
  it("property: two accepted ranges never share a number", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 0, max: 100 })), { maxLength: 20 }), (pairs) => {
        const accepted: NcfRangeLike[] = [];
        for (const [from, len] of pairs) {
          const candidate = { rangeFrom: from, rangeTo: from + len, expiresOn: "2027-12-31" };
          if (!rangeProblem(candidate, accepted)) accepted.push(range(candidate.rangeFrom, candidate.rangeTo));
        }
        const numbers = accepted.flatMap((r) => Array.from({ length: r.rangeTo - r.rangeFrom + 1 }, (_, i) => r.rangeFrom + i));
        expect(new Set(numbers).size).toBe(numbers.length);
      }),
    );
  });
  it("formats the 8-digit sequence", () => {
    expect(formatNcf("B01", 522)).toBe("B0100000522");
  });
});
