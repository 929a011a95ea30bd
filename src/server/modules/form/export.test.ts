import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../db/client";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";
import { answerCell, exportSubmissions, fieldColumns, safeCell, toCsv } from "./export";
import { FILE_URL, V1, V2, versionedForm } from "./versioned-fixture";

let t: TestContext;
let form: Awaited<ReturnType<typeof versionedForm>>;
beforeAll(async () => {
  t = await createTestContext();
  form = await versionedForm(t, "Pedido de café");
});
afterAll(() => t.close());

/** A small RFC 4180 reader: quoted cells with "" and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

const HEADER = [
  "Número",
  "Enviado",
  "Enviado por",
  "Estado",
  "Estado cambiado por",
  "Estado cambiado el",
  "Versión",
  "Nombre completo",
  "Tamaño",
  "Extras",
  "Calificación",
  "Cantidad",
  "Móvil",
  "Acepta",
  "Firma",
  "Documento",
  "Comentario viejo",
  "Teléfono",
];

describe("formSubmission.export", () => {
  it("CSV: BOM, the columns of every version (latest order, then removed keys), answers under their own key, formula-safe", async () => {
    const owner = await t.client("acme", "owner");
    const file = await owner.formSubmission.export.mutate({ formId: form.id, format: "csv" });
    expect(file.fileName).toMatch(new RegExp(`^${form.slug}-respuestas-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    expect(file.mimeType).toBe("text/csv;charset=utf-8");
    const text = Buffer.from(file.base64, "base64").toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(4);
    const [ana, beto, carla] = rows.slice(1);
    // Ana answered v1 at 23:30 on the 10th, Santo Domingo time; the admin approved her.
    expect(ana!.slice(0, 7)).toEqual(["1", "2026-01-10 23:30", "Owner acme", "Aprobado", "admin admin@acme.test", ana![5], "1"]);
    expect(ana![5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // v1's option label ('Grande'), the checkbox labels joined, the removed fields in their own columns; '=1+2' is not a formula.
    expect(ana!.slice(7)).toEqual(["Ana", "Grande", "Azúcar, Leche", "5", "2", "", "", "", "", "'=1+2", "809-555-1234"]);
    expect(beto!.slice(0, 7)).toEqual(["2", "2026-01-10 11:00", "admin admin@acme.test", "Pendiente", "", "", "1"]);
    expect(beto!.slice(7)).toEqual(['Beto, "el grande"', "Pequeño", "", "3", "4", "", "", "", "", "hola", ""]);
    // Carla answered v2: the renamed field under 'Móvil', the new label, Sí, '[firma]' and the file's URL.
    expect(carla!.slice(0, 7)).toEqual(["3", "2026-01-12 08:00", "Owner acme", "Pendiente", "", "", "2"]);
    expect(carla!.slice(7)).toEqual(["Carla", "Grande (L)", "Leche", "4", "6", "8095550000", "Sí", "[firma]", FILE_URL, "", ""]);
  });

  it("Excel: the same header and cells (numbers as numbers); the list's status and search filters apply", async () => {
    const owner = await t.client("acme", "owner");
    const file = await owner.formSubmission.export.mutate({ formId: form.id, format: "xlsx" });
    expect(file.fileName).toMatch(/\.xlsx$/);
    expect(file.mimeType).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file.base64, "base64") as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe("Respuestas");
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(HEADER);
    expect(sheet.rowCount).toBe(4);
    expect(values(2).slice(7)).toEqual(["Ana", "Grande", "Azúcar, Leche", 5, 2, undefined, undefined, undefined, undefined, "=1+2", "809-555-1234"]);
    expect(sheet.getRow(2).getCell(17).type).toBe(ExcelJS.ValueType.String);
    expect(values(4).slice(0, 4)).toEqual([3, "2026-01-12 08:00", "Owner acme", "Pendiente"]);
    expect(values(4).slice(7)).toEqual(["Carla", "Grande (L)", "Leche", 4, 6, "8095550000", "Sí", "[firma]", FILE_URL]);

    const approved = await owner.formSubmission.export.mutate({ formId: form.id, format: "csv", status: "approved" });
    const approvedRows = parseCsv(Buffer.from(approved.base64, "base64").toString("utf8").slice(1));
    expect(approvedRows.map((r) => r[0])).toEqual(["Número", "1"]);
    const searched = await owner.formSubmission.export.mutate({ formId: form.id, format: "csv", search: "carla" });
    expect(parseCsv(Buffer.from(searched.base64, "base64").toString("utf8").slice(1)).map((r) => r[0])).toEqual(["Número", "3"]);
  });

  it("in English: headers, status, yes/no, the signature mark and the file name in the user's language", async () => {
    const english = await withTenant(t.db, t.acme.tenant.id, (tx) => exportSubmissions(tx, t.acme.tenant.id, "en", { formId: form.id, format: "csv" }, new Date("2026-01-12T03:00:00Z")));
    // 23:00 on the 11th in Santo Domingo.
    expect(english.fileName).toBe(`${form.slug}-responses-2026-01-11.csv`);
    const rows = parseCsv(Buffer.from(english.base64, "base64").toString("utf8").slice(1));
    expect(rows[0]!.slice(0, 7)).toEqual(["Number", "Submitted", "Submitted by", "Status", "Status changed by", "Status changed at", "Version"]);
    expect(rows[1]![3]).toBe("Approved");
    expect(rows[3]!.slice(13, 15)).toEqual(["Yes", "[signature]"]);
  });

  it("another tenant's form is NOT_FOUND; a role the form hides itself from gets FORBIDDEN; a cashier without forms.view too", async () => {
    const outsider = await t.client("other", "owner");
    expect((await errorOf(outsider.formSubmission.export.mutate({ formId: form.id, format: "csv" }))).code).toBe("NOT_FOUND");
    const owner = await t.client("acme", "owner");
    const admin = await t.client("acme", "admin");
    const other = await versionedForm(t, "Oculto");
    await owner.form.setPermissions.mutate({ formId: other.id, permissions: [{ role: "admin", canView: false, canSubmit: true, canEdit: true, canDelete: true, canManageSubmissions: true }] });
    expect(await errorOf(admin.formSubmission.export.mutate({ formId: other.id, format: "xlsx" }))).toEqual({ code: "FORBIDDEN", message: "No tiene permiso para este formulario" });
    expect((await admin.formSubmission.export.mutate({ formId: form.id, format: "csv" })).fileName).toMatch(/\.csv$/);
    const cashier = await t.client("acme", "cashier");
    expect((await errorOf(cashier.formSubmission.export.mutate({ formId: form.id, format: "csv" }))).code).toBe("FORBIDDEN");
    expect((await errorOf(owner.formSubmission.export.mutate({ formId: form.id, format: "pdf" as "csv" }))).code).toBe("BAD_REQUEST");
  });
});

describe("export helpers", () => {
  it("fieldColumns: newest version's order, then keys only older versions have, labelled by the newest that has them", () => {
    const columns = fieldColumns([{ schema: V2 as never }, { schema: V1 as never }]);
    expect(columns.map((c) => [c.key, c.field.label, c.inLatest])).toEqual([
      ["name", "Nombre completo", true],
      ["size", "Tamaño", true],
      ["extras", "Extras", true],
      ["rating", "Calificación", true],
      ["qty", "Cantidad", true],
      ["mobile", "Móvil", true],
      ["agree", "Acepta", true],
      ["sig", "Firma", true],
      ["doc", "Documento", true],
      ["old", "Comentario viejo", false],
      ["phone", "Teléfono", false],
    ]);
  });

  it("safeCell and toCsv: formula starts get a quote, numbers do not; quotes doubled; BOM and CRLF", () => {
    expect(["=SUM(A1)", "+1", "-2", "@x", "\tx", "ok", "a=b"].map(safeCell)).toEqual(["'=SUM(A1)", "'+1", "'-2", "'@x", "'\tx", "ok", "a=b"]);
    expect(toCsv([["a", 'b "c"', -5], ["x,y", "l1\nl2", "=1"]])).toBe('\uFEFFa,"b ""c""",-5\r\n"x,y","l1\nl2",\'=1\r\n');
  });

  it("answerCell: labels, yes/no, files, signature, arrays", () => {
    const tr = (k: string) => ({ "formScreens:yes": "Sí", "formScreens:no": "No", "formScreens:export.signature": "[firma]" })[k] ?? k;
    const select = { key: "s", type: "select", component: "dropdown", label: "S", required: false, options: [{ label: "Uno", value: "1" }] } as const;
    expect(answerCell(select as never, "1", tr)).toBe("Uno");
    expect(answerCell(select as never, "9", tr)).toBe("9");
    expect(answerCell(undefined, false, tr)).toBe("No");
    expect(answerCell({ type: "file" } as never, [{ name: "a.pdf", url: "/api/files/a.pdf" }, { name: "b.png" }], tr)).toBe("/api/files/a.pdf, b.png");
    expect(answerCell({ type: "signature" } as never, "data:image/png;base64,AA==", tr)).toBe("[firma]");
    expect(answerCell(undefined, ["x", "y"], tr)).toBe("x, y");
    expect(answerCell(undefined, null, tr)).toBe("");
  });
});
