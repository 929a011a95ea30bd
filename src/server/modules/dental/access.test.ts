import { describe, expect, it } from "vitest";
import type { DentalRight } from "../../../shared/dental/permissions";
import { missingRight } from "./access";

const holding = (...rights: DentalRight[]) => (r: DentalRight) => rights.includes(r);

describe("missingRight (the rule of dentalProcedure)", () => {
  it("one right: met when held, else that right", () => {
    expect(missingRight("clinical", holding("clinical"))).toBeNull();
    expect(missingRight("clinical", holding("files"))).toBe("clinical");
  });

  it("all of: met only with every right, else the first one missing", () => {
    expect(missingRight({ allOf: ["files", "confidential"] }, holding("files", "confidential"))).toBeNull();
    expect(missingRight({ allOf: ["files", "confidential"] }, holding("files"))).toBe("confidential");
    expect(missingRight({ allOf: ["files", "confidential"] }, holding())).toBe("files");
  });

  it("any of: met with one of them, else the first one named", () => {
    expect(missingRight({ anyOf: ["plans", "billing"] }, holding("billing"))).toBeNull();
    expect(missingRight({ anyOf: ["plans", "billing"] }, holding("plans"))).toBeNull();
    expect(missingRight({ anyOf: ["plans", "billing"] }, holding("files"))).toBe("plans");
  });
});
