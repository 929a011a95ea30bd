import { describe, expect, it } from "vitest";
import { DRAWER_OPEN_COMMAND, drawerOpenBytes } from "./drawer";
import { encodeReceipt } from "./escpos";
import { buildReceiptLines, buildReceiptText, formatReceiptDate, twoColumns, wrapText } from "./receipt";
import { sampleReceipt } from "./test-fixtures";


const row = (label: string, value: string, width = 48) => label.padEnd(width - value.length) + value;
const texts = (data = sampleReceipt(), opts = {}) => buildReceiptLines(data, { ncfExpiresOn: "2026-12-31", ncfTypeDescription: "Factura de Crédito Fiscal", ...opts }).map((l) => l.text);

describe("layout helpers", () => {
  it("wraps words and splits words longer than a line", () => {
    expect(wrapText("uno dos tres", 7)).toEqual(["uno dos", "tres"]);
    expect(wrapText("abcdefghij", 4)).toEqual(["abcd", "efgh", "ij"]);
  });
  it("puts label and value on one line, or two when they do not fit", () => {
    expect(twoColumns("Total:", "RD$1.00", 20)).toEqual(["Total:       RD$1.00"]);
    expect(twoColumns("A very long label here", "RD$1,000.00", 20)).toEqual(["A very long label", "here", "         RD$1,000.00"]);
  });
  it("prints the date in the business's time zone (UTC−4)", () => {
    expect(formatReceiptDate("2025-03-05T18:30:00.000Z")).toBe("05/03/2025 02:30 PM");
    expect(formatReceiptDate("2025-01-01T03:59:00.000Z")).toBe("31/12/2024 11:59 PM");
  });
});

describe("buildReceiptLines", () => {
  it("never exceeds 48 columns (40 for the text variant)", () => {
    for (const l of texts()) expect(l.length).toBeLessThanOrEqual(48);
    for (const l of texts(sampleReceipt(), { width: 40 })) expect(l.length).toBeLessThanOrEqual(40);
    for (const l of buildReceiptText(sampleReceipt()).split("\n")) expect(l.length).toBeLessThanOrEqual(40);
    expect(texts().filter((l) => /^-+$/.test(l)).every((l) => l.length === 48)).toBe(true);
  });

  it("has the business, document, customer, lines, totals, payments and footer (Spanish)", () => {
    const lines = texts();
    const all = lines.map((l) => l.trim()).join(" ");
    expect(lines[0]!.trim()).toBe("Colmado Enzzo");
    for (const s of [
      "Sucursal Centro",
      "RNC: 131246796",
      "Tel: 809-555-0100",
      "Fecha: 05/03/2025 02:30 PM",
      "Factura: FAC-000042",
      "FACTURA DE CRÉDITO FISCAL",
      "NCF: B0100000005",
      "Válido hasta: 31/12/2026",
      "Cliente: Distribuidora Pérez SRL",
      "RNC/Cédula: 101850043",
      "Cajero: Ana Cajera",
      "Devoluciones: válidas por 2 días con este recibo.",
      "¡Gracias por su compra!",
    ]) {
      expect(all).toContain(s);
    }
    expect(lines).toContain(row("  2 x 118.00", "224.20"));
    expect(lines).toContain(row("  Descuento", "-10.00"));
    expect(lines).toContain(row("  ITBIS", "34.20"));
    expect(lines).toContain(row("  1.5 x 66.67", "100.00"));
    expect(lines.filter((l) => l.includes("Descuento") && l.startsWith("  "))).toHaveLength(1);
    expect(lines).toContain(row("Subtotal:", "RD$284.75"));
    expect(lines).toContain(row("Descuento:", "-RD$10.00"));
    expect(lines).toContain(row("ITBIS 18%:", "RD$49.45"));
    expect(lines).toContain(row("TOTAL:", "RD$324.20"));
    expect(lines).toContain(row("Efectivo", "RD$500.00"));
    expect(lines).toContain(row("Efectivo (USD)", "US$10.00"));
    expect(lines).toContain(row("Cambio:", "RD$175.80"));
    expect(lines).toContain(row("Puntos ganados:", "3"));
    expect(lines).toContain(row("Balance de puntos:", "120"));
    const bold = buildReceiptLines(sampleReceipt()).filter((l) => l.bold).map((l) => l.text.trim());
    expect(bold).toEqual(expect.arrayContaining(["Colmado Enzzo", "NCF: B0100000005", "Pan", row("TOTAL:", "RD$324.20")]));
  });

  it("takes the NCF type and expiry from the order when not given, and labels in English", () => {
    const data = sampleReceipt();
    data.order.ncf_type_description = "Factura de Consumo";
    data.order.ncf_expires_on = "2026-12-31";
    const all = buildReceiptLines(data, { language: "en" })
      .map((l) => l.text)
      .join("\n");
    for (const s of ["Date: 05/03/2025 02:30 PM", "Invoice: FAC-000042", "FACTURA DE CONSUMO", "Valid until: 31/12/2026", "Customer: Distribuidora", "RNC/ID: 101850043", "Phone: 809-555-0100", "Change:", "Cashier: Ana Cajera", "Returns: accepted within 2 days", "Points earned:", "Thank you for your purchase!", "ITBIS 18%:", "Payment:"]) {
      expect(all).toContain(s);
    }
    expect(all).not.toContain("Válido");
  });

  it("cash customer, no NCF, no rewards, no change; cancelled invoices say so", () => {
    const data = sampleReceipt();
    data.customer = null;
    data.order.government_invoice_number = null;
    data.order.change_amount = "0.00";
    data.order.status = "cancelled";
    data.rewards = { pointsEarned: 0, currentBalance: 0 };
    const all = buildReceiptLines(data, { ncfExpiresOn: "2026-12-31", returnPolicyDays: 7 })
      .map((l) => l.text)
      .join("\n");
    expect(all).toContain("Cliente: Contado");
    expect(all).toContain("*** FACTURA ANULADA ***");
    expect(all).toContain("válidas por 7 días");
    for (const s of ["NCF:", "Válido hasta", "Cambio", "Puntos", "RNC/Cédula"]) expect(all).not.toContain(s);
  });
});

describe("encodeReceipt (ESC/POS)", () => {
  const bytes = (u8: Uint8Array) => Array.from(u8);
  const indexOf = (hay: number[], needle: readonly number[]) => hay.findIndex((_, i) => needle.every((b, j) => hay[i + j] === b));
  const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

  it("initialises, prints every line, feeds, cuts and opens the drawer with 27,112,0,25,250", () => {
    const lines = buildReceiptLines(sampleReceipt());
    const out = bytes(encodeReceipt(lines, { openDrawer: true }));
    expect(out.slice(0, 2)).toEqual([27, 64]);
    expect(out.slice(-5)).toEqual([27, 112, 0, 25, 250]);
    expect(DRAWER_OPEN_COMMAND).toEqual([27, 112, 0, 25, 250]);
    const cut = indexOf(out, [29, 86, 0]);
    expect(cut).toBeGreaterThan(0);
    expect(out.slice(cut - 8, cut)).toEqual([10, 13, 10, 13, 10, 13, 10, 13]);
    const total = lines.find((l) => l.text.startsWith("TOTAL:"))!.text;
    const at = indexOf(out, ascii(total));
    expect(at).toBeGreaterThan(0);
    expect(out.slice(at - 3, at)).toEqual([27, 69, 1]);
    expect(out.slice(at + total.length, at + total.length + 3)).toEqual([27, 69, 0]);
    expect(indexOf(out, ascii("Factura: FAC-000042"))).toBeGreaterThan(0);
  });

  it("encodes Spanish letters through a code page (á = 160 in CP437), never as UTF-8", () => {
    const out = bytes(encodeReceipt([{ text: "Válido" }], { cut: false }));
    expect(indexOf(out, [86, 160, 108, 105, 100, 111])).toBeGreaterThan(0);
    expect(indexOf(out, [0xc3, 0xa1])).toBe(-1);
  });

  it("no drawer pulse unless asked; no cut when told", () => {
    const out = bytes(encodeReceipt([{ text: "abc" }], { cut: false }));
    expect(indexOf(out, DRAWER_OPEN_COMMAND)).toBe(-1);
    expect(indexOf(out, [29, 86])).toBe(-1);
    expect(Array.from(drawerOpenBytes())).toEqual([27, 112, 0, 25, 250]);
  });

  it("48-column lines reach the printer whole", () => {
    const lines = buildReceiptLines(sampleReceipt());
    const out = bytes(encodeReceipt(lines));
    for (const l of lines.filter((x) => x.text.length === 48 && /^[\x20-\x7e]+$/.test(x.text))) expect(indexOf(out, ascii(l.text))).toBeGreaterThan(0);
  });
});

describe("encodeReceipt for other printers", () => {
  it("falls back to the default code page mapping for names the encoder does not know", () => {
    expect(Array.from(encodeReceipt([{ text: "Válido" }], { cut: false, codepageMapping: "zjiang" })).slice(0, 2)).toEqual([27, 64]);
    expect(Array.from(encodeReceipt([{ text: "Válido" }], { cut: false, codepageMapping: "default" })).length).toBeGreaterThan(6);
  });
  it("Star printers get their own drawer pulse, not the ESC/POS bytes", () => {
    const out = Array.from(encodeReceipt([{ text: "abc" }], { language: "star-prnt", openDrawer: true }));
    expect(out.join(",")).not.toContain("27,112,0,25,250");
    expect(out.length).toBeGreaterThan(5);
  });
});
