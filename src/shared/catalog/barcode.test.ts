import { describe, expect, it } from "vitest";
import { formatLabelPrice, isValidEan13, LABEL_LAYOUTS, labelPosition, labelSymbology, sheetsFor } from "./barcode";

describe("isValidEan13", () => {
  it("accepts 13 digits with the right check digit", () => {
    expect(isValidEan13("7460250000123")).toBe(false); // the check digit is 1
    expect(isValidEan13("7460250000121")).toBe(true);
    expect(isValidEan13("4006381333931")).toBe(true);
    expect(isValidEan13("5901234123457")).toBe(true);
    expect(isValidEan13("0000000000000")).toBe(true);
  });

  it("refuses a wrong check digit, other lengths and non-digits", () => {
    expect(isValidEan13("4006381333932")).toBe(false);
    expect(isValidEan13("400638133393")).toBe(false);
    expect(isValidEan13("40063813339311")).toBe(false);
    expect(isValidEan13("400638133393A")).toBe(false);
    expect(isValidEan13(" 4006381333931")).toBe(false);
    expect(isValidEan13("")).toBe(false);
    expect(isValidEan13(null)).toBe(false);
    expect(isValidEan13(undefined)).toBe(false);
  });
});

describe("labelSymbology", () => {
  it("EAN-13 for a valid 13-digit barcode", () => {
    expect(labelSymbology("4006381333931", "SKU-1")).toEqual({ symbology: "ean13", text: "4006381333931" });
    expect(labelSymbology(" 4006381333931 ", "SKU-1")).toEqual({ symbology: "ean13", text: "4006381333931" });
  });

  it("Code 128 of the barcode when it is not a valid EAN-13", () => {
    expect(labelSymbology("4006381333932", "SKU-1")).toEqual({ symbology: "code128", text: "4006381333932" });
    expect(labelSymbology("ABC-123", "SKU-1")).toEqual({ symbology: "code128", text: "ABC-123" });
    expect(labelSymbology("12345678", "SKU-1")).toEqual({ symbology: "code128", text: "12345678" });
  });

  it("Code 128 of the SKU without a barcode, or with one Code 128 cannot carry", () => {
    expect(labelSymbology(null, "CC-MER-20")).toEqual({ symbology: "code128", text: "CC-MER-20" });
    expect(labelSymbology("  ", "CC-MER-20")).toEqual({ symbology: "code128", text: "CC-MER-20" });
    expect(labelSymbology("AÑO-1", "ANO-1")).toEqual({ symbology: "code128", text: "ANO-1" });
  });

  it("nothing when neither can be printed", () => {
    expect(labelSymbology(null, "")).toBeNull();
    expect(labelSymbology("", "PIÑA")).toBeNull();
  });
});

describe("formatLabelPrice", () => {
  it("RD$ with es-DO grouping and two decimals", () => {
    expect(formatLabelPrice("1234.5")).toBe("RD$ 1,234.50");
    expect(formatLabelPrice(45)).toBe("RD$ 45.00");
    expect(formatLabelPrice("1000000")).toBe("RD$ 1,000,000.00");
    expect(formatLabelPrice("0.005")).toBe("RD$ 0.01");
    expect(formatLabelPrice(null)).toBe("RD$ 0.00");
  });
});

describe("label layouts", () => {
  it("fit on a Letter sheet", () => {
    for (const layout of Object.values(LABEL_LAYOUTS)) {
      const last = labelPosition(layout, layout.columns * layout.rows - 1);
      expect(last.page).toBe(0);
      expect(last.x + layout.labelWidth).toBeLessThanOrEqual(layout.pageWidth);
      expect(last.y + layout.labelHeight).toBeLessThanOrEqual(layout.pageHeight + 0.01);
    }
  });

  it("fill rows left to right, then the next sheet", () => {
    const l = LABEL_LAYOUTS.letter3x10;
    expect(labelPosition(l, 0)).toEqual({ page: 0, x: l.marginLeft, y: l.marginTop });
    expect(labelPosition(l, 1)).toEqual({ page: 0, x: l.marginLeft + l.labelWidth + l.gapX, y: l.marginTop });
    expect(labelPosition(l, 3)).toEqual({ page: 0, x: l.marginLeft, y: l.marginTop + l.labelHeight });
    expect(labelPosition(l, 30)).toEqual({ page: 1, x: l.marginLeft, y: l.marginTop });
    expect(sheetsFor(l, 30)).toBe(1);
    expect(sheetsFor(l, 31)).toBe(2);
    expect(sheetsFor(LABEL_LAYOUTS.letter2x7, 15)).toBe(2);
  });
});
