import { describe, expect, it } from "vitest";
import { previousRange } from "./statements";

describe("previousRange", () => {
  it("a whole month compares with the month before; whole quarters with the quarter before; other ranges with as many days before", () => {
    expect(previousRange("2026-11-01", "2026-11-30")).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(previousRange("2026-03-01", "2026-03-31")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(previousRange("2026-01-01", "2026-03-31")).toEqual({ from: "2025-10-01", to: "2025-12-31" });
    expect(previousRange("2026-11-10", "2026-11-19")).toEqual({ from: "2026-10-31", to: "2026-11-09" });
  });
});
