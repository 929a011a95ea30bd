import { describe, expect, it } from "vitest";
import { providerFor, terminalOfCashbox } from "./card-provider";

const p = (id: string, over: Partial<{ cashbox_id: string | null; is_default: boolean; is_active: boolean }> = {}) => ({ id, cashbox_id: null, is_default: false, is_active: true, ...over });

describe("providerFor (the terminal that charges a card payment)", () => {
  const providers = [p("default", { is_default: true }), p("box1", { cashbox_id: "caja-1" }), p("own"), p("off", { is_active: false })];
  it("the method's own provider, else the cash box's, else the default; never an inactive one", () => {
    expect(providerFor(providers, { methodProviderId: "own", cashboxId: "caja-1" })?.id).toBe("own");
    expect(providerFor(providers, { methodProviderId: null, cashboxId: "caja-1" })?.id).toBe("box1");
    expect(providerFor(providers, { methodProviderId: "off", cashboxId: "caja-2" })?.id).toBe("default");
    expect(providerFor([p("off", { is_active: false, is_default: true })], {})).toBeUndefined();
  });
});

describe("terminalOfCashbox (last transaction and batch close of a cash box)", () => {
  const card = (cardProviderId: string | null, over: Partial<{ useCardProvider: boolean; isActive: boolean }> = {}) => ({ useCardProvider: true, cardProviderId, ...over });
  it("the cash box's own terminal first", () => {
    expect(terminalOfCashbox([p("default", { is_default: true }), p("box1", { cashbox_id: "caja-1" }), p("own")], { cashboxId: "caja-1", methods: [card("own")] })?.id).toBe("box1");
  });
  it("else the one provider the card methods charge through", () => {
    expect(terminalOfCashbox([p("default", { is_default: true }), p("own")], { cashboxId: "caja-1", methods: [card("own"), card(null, { useCardProvider: false })] })?.id).toBe("own");
  });
  it("the default when the methods name several providers, none, or only inactive methods or providers", () => {
    const providers = [p("default", { is_default: true }), p("a"), p("b"), p("off", { is_active: false })];
    expect(terminalOfCashbox(providers, { methods: [card("a"), card("b")] })?.id).toBe("default");
    expect(terminalOfCashbox(providers, { methods: [] })?.id).toBe("default");
    expect(terminalOfCashbox(providers, { methods: [card("a", { isActive: false })] })?.id).toBe("default");
    expect(terminalOfCashbox(providers, { methods: [card("off")] })?.id).toBe("default");
    expect(terminalOfCashbox([p("a")], { methods: [] })).toBeUndefined();
  });
});
