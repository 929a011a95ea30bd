import { describe, expect, it } from "vitest";
import { initialPaymentMethod, methodTakesCurrency } from "./payment-method";

describe("methodTakesCurrency", () => {
  it("a method with 'use currencies' takes any currency; without it only the default one", () => {
    expect(methodTakesCurrency({ useCurrencies: true }, { isDefault: false })).toBe(true);
    expect(methodTakesCurrency({ useCurrencies: false }, { isDefault: true })).toBe(true);
    expect(methodTakesCurrency({ useCurrencies: false }, { isDefault: false })).toBe(false);
  });
});

describe("initialPaymentMethod", () => {
  const methods = [
    { id: "card", isDefault: false },
    { id: "cash", isDefault: true },
    { id: "transfer", isDefault: false },
  ];
  it("opens with a preferred method, else the default, else the first in order", () => {
    expect(initialPaymentMethod(methods, ["transfer"])?.id).toBe("transfer");
    expect(initialPaymentMethod(methods, ["gone"])?.id).toBe("cash");
    expect(initialPaymentMethod(methods)?.id).toBe("cash");
    expect(initialPaymentMethod(methods.map((m) => ({ ...m, isDefault: false })))?.id).toBe("card");
    expect(initialPaymentMethod([])).toBeUndefined();
  });
});
