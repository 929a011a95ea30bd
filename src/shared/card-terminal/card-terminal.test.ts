import { describe, expect, it } from "vitest";
import {
  CARD_DATE_FALLBACKS,
  CardTerminalError,
  CardTerminalNotImplementedError,
  cardAmountOf,
  cardStatusLabel,
  createCardTerminal,
  DEFAULT_CARD_TIMEOUTS,
  entryModeCode,
  entryModeLabel,
  formatCardDateTime,
  type LaneTerminal,
  laneDateTimeIso,
  laneResponseTone,
  laneTransaction,
  requireSuccess,
  serviceTransaction,
} from "./index";
import { thrown } from "./test-helpers";

describe("createCardTerminal", () => {
  it("throws the not-implemented error for an adapter code without an implementation", async () => {
    for (const code of ["azul", "cardnet", "", "LANE"]) {
      const error = await thrown(() => createCardTerminal(code, "http://localhost:5000/"));
      expect(error).toBeInstanceOf(CardTerminalNotImplementedError);
      expect(error).toMatchObject({ kind: "not_implemented", operation: null, code, message: `Payment adapter not implemented: ${code}` });
    }
  });

  it("refuses a base URL that is not http(s) and bad timeouts", async () => {
    expect(await thrown(() => createCardTerminal("card_service", "javascript:alert(1)"))).toMatchObject({ kind: "invalid" });
    expect(await thrown(() => createCardTerminal("lane", "not a url"))).toMatchObject({ kind: "invalid", message: "Invalid card terminal URL: 'not a url'" });
    expect(() => createCardTerminal("lane", null, { timeoutMs: 0 })).toThrow(RangeError);
    expect(() => createCardTerminal("lane", null, { timeoutMs: { sale: Number.NaN } })).toThrow(RangeError);
  });

  it("keeps the default timeouts (90 s for a sale, 5 s for health) unless told otherwise", () => {
    expect(DEFAULT_CARD_TIMEOUTS).toMatchObject({ sale: 90_000, refund: 90_000, health: 5_000 });
    expect((createCardTerminal("lane") as LaneTerminal).timeouts).toEqual(DEFAULT_CARD_TIMEOUTS);
    expect((createCardTerminal("lane", null, { timeoutMs: { sale: 1000 } }) as LaneTerminal).timeouts).toMatchObject({ sale: 1000, health: 5_000 });
    expect(Object.values((createCardTerminal("lane", null, { timeoutMs: 700 }) as LaneTerminal).timeouts)).toEqual([700, 700, 700, 700, 700, 700]);
  });
});

describe("amounts a card call sends", () => {
  it("are decimal strings with 2 places, above 0, finite", async () => {
    expect(cardAmountOf("595", "sale")).toBe("595.00");
    expect(cardAmountOf(0.1, "sale")).toBe("0.10");
    expect(cardAmountOf(" 1,250.5 ", "refund")).toBe("1250.50");
    for (const bad of [0, "0", "-1", -0.01, Number.NaN, Number.POSITIVE_INFINITY, "abc", "1.001", "", null, {}, "999999999999.999", "1000000000000"]) {
      const error = await thrown(() => cardAmountOf(bad, "sale"));
      expect(error).toMatchObject({ kind: "invalid", operation: "sale" });
      expect(error.reason).toMatch(/^Amount must be greater than 0/);
    }
  });
});

describe("labels and dates of the last-card-transaction panels", () => {
  it("entry modes: 07 Chip, 02 Banda, 01 Manual; others as sent", () => {
    expect(["07", "02", "01"].map((c) => entryModeLabel(c))).toEqual(["Chip", "Banda", "Manual"]);
    expect(entryModeLabel("02", "en")).toBe("Swipe");
    expect(entryModeLabel("7")).toBe("Chip");
    expect(entryModeLabel("91")).toBe("91");
    expect(entryModeLabel(null)).toBeNull();
    expect(entryModeLabel(" ")).toBeNull();
    expect(["chip", "SWIPE", "banda", "manual", "keyed", "2", "05", "contactless"].map(entryModeCode)).toEqual(["07", "02", "02", "01", "01", "02", "05", "contactless"]);
  });

  it("state badges and the lane's green/red host response", () => {
    expect((["approved", "declined", "cancelled", "pending", "error"] as const).map((s) => cardStatusLabel(s))).toEqual(["Aprobada", "Rechazada", "Anulada", "Pendiente", "Error"]);
    expect(cardStatusLabel("cancelled", "en")).toBe("Voided");
    expect(laneResponseTone("APROBADA")).toBe("success");
    expect(laneResponseTone(" aprobada ")).toBe("success");
    expect(laneResponseTone("DENEGADA")).toBe("danger");
    expect(laneResponseTone(null)).toBe("danger");
  });

  it("lane Date (YYMMDD) and Time (HHMMSS) are the shop's time; fallbacks 'Fecha no disponible', 'Fecha inválida', 'Error al formatear fecha'", () => {
    expect(laneDateTimeIso("260514", "102205")).toBe("2026-05-14T10:22:05-04:00");
    expect(laneDateTimeIso("260514", null)).toBe("2026-05-14T00:00:00-04:00");
    for (const [d, t] of [["260230", "120000"], ["261301", "120000"], ["260514", "246000"], ["2605", "120000"], ["abcdef", "120000"], [null, "120000"]]) expect(laneDateTimeIso(d, t)).toBeNull();

    const tx = (date: string | null, time: string | null) => laneTransaction({ TransactionOverallStatus: "05", HostResponse: "DENEGADA", Date: date, Time: time }, "lastTransaction");
    expect(formatCardDateTime(tx("260514", "102205"))).toBe("14/05/2026 10:22:05");
    expect(formatCardDateTime(tx("260514", "102205"), { timeZone: "UTC" })).toBe("14/05/2026 14:22:05");
    expect(formatCardDateTime(tx(null, null))).toBe("Fecha no disponible");
    expect(formatCardDateTime(null)).toBe("Fecha no disponible");
    expect(formatCardDateTime(tx("991399", "250000"))).toBe("Fecha inválida");
    expect(tx("991399", "250000")).toMatchObject({ dateTime: null, rawDateTime: "991399 250000" });
    expect(formatCardDateTime(tx("260514", "102205"), { timeZone: "Not/AZone" })).toBe("Error al formatear fecha");
    expect(formatCardDateTime(tx(null, null), { lang: "en" })).toBe(CARD_DATE_FALLBACKS.en.missing);

    const service = (created_at: string | null) => serviceTransaction({ id: "t1", status: "declined", created_at }, "lastTransaction");
    expect(formatCardDateTime(service("2026-05-14T14:22:05.000Z"))).toBe("14/05/2026 10:22:05");
    expect(formatCardDateTime(service("ayer"))).toBe("Fecha inválida");
    expect(formatCardDateTime(service("2026-02-30T10:00:00Z"))).toBe("Fecha inválida");
    expect(formatCardDateTime(service(null))).toBe("Fecha no disponible");
  });
});

describe("requireSuccess", () => {
  const sale = (status: string, extra: Record<string, unknown> = {}) => serviceTransaction({ id: "t", status, message: "texto", amount: "5.00", reference: "r", ...extra }, "sale");
  it("passes the state each call should leave and raises the spec's texts otherwise", () => {
    expect(requireSuccess("sale", sale("approved")).status).toBe("approved");
    expect(() => requireSuccess("sale", sale("declined"))).toThrow("Transaction declined: texto");
    expect(() => requireSuccess("sale", sale("error"))).toThrow("Card payment failed: texto");
    expect(() => requireSuccess("sale", sale("pending", { message: null }))).toThrow("Card payment failed: pending");
    expect(() => requireSuccess("refund", sale("declined"))).toThrow("Refund failed: texto");
    expect(() => requireSuccess("void", sale("approved"))).toThrow("Void transaction failed: texto");
    try {
      requireSuccess("sale", sale("pending"));
    } catch (error) {
      expect(error).toBeInstanceOf(CardTerminalError);
      expect(error).toMatchObject({ kind: "declined", outcomeUnknown: true });
    }
  });
});
