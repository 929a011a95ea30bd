import { describe, expect, it } from "vitest";
import { paymentLinkAmount, whatsappShareUrl } from "./share";

describe("payment link after a payment", () => {
  it("asks for the balance still due, else the amount just paid", () => {
    expect(paymentLinkAmount("350.00", "150.00")).toBe("350.00");
    expect(paymentLinkAmount("0.00", "500.00")).toBe("500.00");
    expect(paymentLinkAmount("0", "1500")).toBe("1500.00");
  });

  it("WhatsApp: a Dominican number gets the country code; none opens the picker", () => {
    expect(whatsappShareUrl("Pague aquí: https://x/pay/1", "849-555-0123")).toBe("https://wa.me/18495550123?text=Pague%20aqu%C3%AD%3A%20https%3A%2F%2Fx%2Fpay%2F1");
    expect(whatsappShareUrl("hola", "+1 (809) 555-0000")).toBe("https://wa.me/18095550000?text=hola");
    expect(whatsappShareUrl("hola", null)).toBe("https://wa.me/?text=hola");
    expect(whatsappShareUrl("hola", "12")).toBe("https://wa.me/?text=hola");
  });
});
