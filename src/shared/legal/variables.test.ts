import { describe, expect, it } from "vitest";
import { fillTemplate, spanishLongDate, templateVariables } from "./variables";

describe("spanishLongDate", () => {
  it("writes a calendar date in Spanish long format", () => {
    expect(spanishLongDate("2026-11-27")).toBe("27 de noviembre de 2026");
    expect(spanishLongDate("2026-01-05")).toBe("5 de enero de 2026");
  });
  it("reads an instant in Santo Domingo (UTC-4)", () => {
    // 02:00 UTC on 1 December is still 30 November in Santo Domingo.
    expect(spanishLongDate(new Date("2026-12-01T02:00:00Z"))).toBe("30 de noviembre de 2026");
    expect(spanishLongDate(new Date("2026-12-01T05:00:00Z"))).toBe("1 de diciembre de 2026");
  });
});

describe("templateVariables", () => {
  it("lists each name once in order", () => {
    expect(templateVariables("<p>{{cliente_nombre}} {{ caso_numero }} {{cliente_nombre}} {{otro}}</p>")).toEqual(["cliente_nombre", "caso_numero", "otro"]);
    expect(templateVariables("<p>sin variables {x}</p>")).toEqual([]);
  });
});

describe("fillTemplate", () => {
  it("replaces known names, escapes values and keeps unknown ones as written", () => {
    const { html, unknown } = fillTemplate("<p>{{cliente_nombre}} ({{cliente_documento}}) — {{ desconocida }} {{caso_numero}} {{tribunal}}</p>", {
      cliente_nombre: "Pérez & <Hijos>",
      cliente_documento: "001-1234567-8",
      caso_numero: "EXP-2026-0001",
      tribunal: "",
    });
    expect(html).toBe("<p>Pérez &amp; &lt;Hijos&gt; (001-1234567-8) — {{ desconocida }} EXP-2026-0001 </p>");
    expect(unknown).toEqual(["desconocida"]);
  });
  it("gives an empty string for a known name without value", () => {
    expect(fillTemplate("<p>[{{juez}}]</p>", {}).html).toBe("<p>[]</p>");
  });
});
