import { describe, expect, it } from "vitest";
import { translate } from "../../../../shared/i18n/translate";
import { answerText, embedSnippet, longDate, longDateTime, publicFormUrl, safeUrl, submitterLabel } from "./format";

const es = (key: string, params?: Record<string, unknown>) => translate("es", key, params);
const en = (key: string, params?: Record<string, unknown>) => translate("en", key, params);

describe("forms screens: format", () => {
  it("the public link and the embed snippet (the title escaped)", () => {
    const url = publicFormUrl("encuesta", "http://demo.localhost:3000");
    expect(url).toBe("http://demo.localhost:3000/f/encuesta");
    expect(embedSnippet(url, 'Café "&" <b>')).toBe(
      '<iframe src="http://demo.localhost:3000/f/encuesta" title="Café &quot;&amp;&quot; &lt;b>" width="100%" height="800" style="border:0;max-width:100%" loading="lazy"></iframe>',
    );
  });

  it("submitter: the name, else Anónimo with the IP", () => {
    expect(submitterLabel(es, "Ana", "1.2.3.4")).toBe("Ana");
    expect(submitterLabel(es, null, "1.2.3.4")).toBe("Anónimo (1.2.3.4)");
    expect(submitterLabel(en, null, null)).toBe("Anonymous");
  });

  it("long dates in Spanish and English, in Santo Domingo time", () => {
    expect(longDate("2026-11-22", "es")).toBe("22 de noviembre de 2026");
    expect(longDate("2026-11-22", "en")).toBe("November 22, 2026");
    expect(longDate("no", "es")).toBe("no");
    // 02:30 UTC on the 23rd is 22:30 on the 22nd in Santo Domingo.
    expect(longDateTime(new Date("2026-11-23T02:30:00Z"), "es")).toMatch(/^22 de noviembre de 2026.*10:30/);
  });

  it("only site paths and http(s) addresses are links", () => {
    expect(safeUrl("/api/files/a.pdf")).toBe("/api/files/a.pdf");
    expect(safeUrl("https://x.test/a.png")).toBe("https://x.test/a.png");
    expect(safeUrl("javascript:alert(1)")).toBeNull();
    expect(safeUrl("//evil.test/a")).toBeNull();
    expect(safeUrl(5)).toBeNull();
  });

  it("answers as text: option labels, yes/no, files, signature", () => {
    const select = { type: "select", options: [{ label: "Excelente", value: "e" }] };
    expect(answerText(es, select, "e")).toBe("Excelente");
    expect(answerText(es, select, "x")).toBe("x");
    expect(answerText(es, { type: "checkbox", options: [{ label: "Uno", value: "1" }, { label: "Dos", value: "2" }] }, ["1", "2"])).toBe("Uno, Dos");
    expect(answerText(es, { type: "toggle" }, true)).toBe("Sí");
    expect(answerText(en, { type: "toggle" }, false)).toBe("No");
    expect(answerText(es, { type: "file" }, [{ name: "a.pdf" }, { name: "b.png" }])).toBe("a.pdf, b.png");
    expect(answerText(es, { type: "signature" }, "data:image/png;base64,AA==")).toBe("Firma");
    expect(answerText(es, { type: "number" }, 4)).toBe("4");
    expect(answerText(es, { type: "text" }, undefined)).toBe("");
  });
});
