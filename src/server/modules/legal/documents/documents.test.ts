import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../../db/client";
import { seedLegalDocuments } from "../../../db/seed/demo-legal-documents";
import { createTestContext, errorOf, type TestContext } from "../../../test/harness";
import { enableLegal, insertCase } from "../test-fixture";
import { sanitizeDocumentHtml } from "./sanitize";

let t: TestContext;
let caseId: string;
let otherCaseId: string;
beforeAll(async () => {
  t = await createTestContext();
  await enableLegal(t, "acme");
  await enableLegal(t, "other");
  ({ caseId } = await insertCase(t, "acme", { title: "Pérez vs. Constructora", clientName: "Juan Pérez", clientTaxId: "131246796", courtName: "Primera Sala Civil" }));
  ({ caseId: otherCaseId } = await insertCase(t, "other"));
});
afterAll(() => t.close());

const TEMPLATE = `<h1>Poder</h1><p>Yo, {{cliente_nombre}} (cédula {{cliente_documento}}), caso {{caso_numero}} ante {{tribunal}}, {{fecha_actual}}. {{no_existe}}</p>`;

describe("legalCase documents", () => {
  it("creates a document from a template, filling known variables and keeping an unknown one", async () => {
    const owner = await t.client("acme", "owner");
    const template = await owner.legalCase.createTemplate.mutate({ name: "Poder simple", documentType: "power_of_attorney", content: TEMPLATE });
    expect(template.variables).toEqual(["cliente_nombre", "cliente_documento", "caso_numero", "tribunal", "fecha_actual", "no_existe"]);
    const preview = await owner.legalCase.previewTemplate.query({ templateId: template.id, caseId });
    expect(preview.unknownVariables).toEqual(["no_existe"]);
    const doc = await owner.legalCase.createDocument.mutate({ caseId, title: "Poder de representación", documentType: "power_of_attorney", templateId: template.id });
    expect(doc.documentNumber).toMatch(/^DOC-\d{4}$/);
    expect(doc.version).toBe(1);
    expect(doc.unknownVariables).toEqual(["no_existe"]);
    expect(doc.content).toContain("Yo, Juan Pérez (cédula 131246796)");
    expect(doc.content).toContain("ante Primera Sala Civil");
    expect(doc.content).toMatch(/\d{1,2} de [a-z]+ de \d{4}/);
    expect(doc.content).toContain("{{no_existe}}");
    const versions = await owner.legalCase.getDocumentVersions.query({ id: doc.id });
    expect(versions.map((v) => v.version)).toEqual([1]);
  });

  it("saves versions; a stale baseVersion is CONFLICT; old versions stay readable", async () => {
    const owner = await t.client("acme", "owner");
    const doc = await owner.legalCase.createDocument.mutate({ caseId, title: "Demanda", documentType: "pleading", content: "<p>primera</p>" });
    const saved = await owner.legalCase.saveDocument.mutate({ id: doc.id, content: "<p>segunda</p>", baseVersion: 1 });
    expect(saved.version).toBe(2);
    const stale = await errorOf(owner.legalCase.saveDocument.mutate({ id: doc.id, content: "<p>otra</p>", baseVersion: 1 }));
    expect(stale.code).toBe("CONFLICT");
    expect(stale.message).toContain("guardado por otra persona");
    const got = await owner.legalCase.getDocument.query({ id: doc.id });
    expect(got.content).toBe("<p>segunda</p>");
    expect(got.caseTitle).toBe("Pérez vs. Constructora");
    const versions = await owner.legalCase.getDocumentVersions.query({ id: doc.id });
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    expect(versions[0]?.createdByName).toBeTruthy();
    expect((await owner.legalCase.getDocumentVersion.query({ id: doc.id, version: 1 })).content).toBe("<p>primera</p>");
    expect((await errorOf(owner.legalCase.getDocumentVersion.query({ id: doc.id, version: 9 }))).code).toBe("NOT_FOUND");
    const updated = await owner.legalCase.updateDocument.mutate({ id: doc.id, status: "filed", filedDate: "2026-03-02", requiresSignature: true });
    expect(updated).toMatchObject({ status: "filed", filedDate: "2026-03-02", signatureStatus: "pending" });
  });

  it("sanitizes the HTML: scripts, handlers and javascript: links go, tables, alignment and the signature block stay", async () => {
    const owner = await t.client("acme", "owner");
    const doc = await owner.legalCase.createDocument.mutate({ caseId, title: "Contrato", documentType: "contract", content: "<p>x</p>" });
    const dirty = `<p style="text-align: center; color: red">Hola<script>alert(1)</script></p><img src="https://example.com/a.png" onerror="alert(1)"><a href="javascript:alert(1)">mal</a><a href="https://ok.do">bien</a><table><tbody><tr><th><p>A</p></th></tr><tr><td><p>1</p></td></tr></tbody></table><div class="signature-block evil"><p>Firma</p></div><iframe src="https://x"></iframe>`;
    await owner.legalCase.saveDocument.mutate({ id: doc.id, content: dirty, baseVersion: 1 });
    const { content } = await owner.legalCase.getDocument.query({ id: doc.id });
    expect(content).not.toContain("script");
    expect(content).not.toContain("alert");
    expect(content).not.toContain("onerror");
    expect(content).not.toContain("javascript:");
    expect(content).not.toContain("iframe");
    expect(content).not.toContain("color");
    expect(content).toContain('<p style="text-align:center">Hola</p>');
    expect(content).toContain('<img src="https://example.com/a.png" />');
    expect(content).toContain('href="https://ok.do"');
    expect(content).toContain("<table><tbody><tr><th><p>A</p></th></tr><tr><td><p>1</p></td></tr></tbody></table>");
    expect(content).toContain('<div class="signature-block"><p>Firma</p></div>');
  });

  it("hides confidential documents from the cashier: absent from the list and NOT_FOUND", async () => {
    const owner = await t.client("acme", "owner");
    const admin = await t.client("acme", "admin");
    const cashier = await t.client("acme", "cashier");
    const secret = await owner.legalCase.createDocument.mutate({ caseId, title: "Estrategia", documentType: "other", content: "<p>secreto</p>", isConfidential: true });
    expect((await owner.legalCase.getDocuments.query({ caseId })).map((d) => d.id)).toContain(secret.id);
    expect((await admin.legalCase.getDocument.query({ id: secret.id })).content).toBe("<p>secreto</p>");
    const listed = await cashier.legalCase.getDocuments.query({ caseId });
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.map((d) => d.id)).not.toContain(secret.id);
    expect(listed.every((d) => !("content" in d))).toBe(true);
    for (const call of [
      cashier.legalCase.getDocument.query({ id: secret.id }),
      cashier.legalCase.getDocumentVersions.query({ id: secret.id }),
      cashier.legalCase.getDocumentVersion.query({ id: secret.id, version: 1 }),
      cashier.legalCase.saveDocument.mutate({ id: secret.id, content: "<p>x</p>", baseVersion: 1 }),
      cashier.legalCase.updateDocument.mutate({ id: secret.id, status: "review" }),
    ])
      expect((await errorOf(call)).code).toBe("NOT_FOUND");
    const cookie = await t.signIn("acme", "cashier");
    const res = await t.request("acme.localhost", { url: `/api/legal/documents/${secret.id}/export?format=pdf`, cookie });
    expect(res.status).toBe(404);
  });

  it("another tenant's documents, cases and templates are NOT_FOUND", async () => {
    const owner = await t.client("acme", "owner");
    const outsider = await t.client("other", "owner");
    const doc = await owner.legalCase.createDocument.mutate({ caseId, title: "Privado", documentType: "other", content: "<p>a</p>" });
    const [template] = await owner.legalCase.getTemplates.query({});
    expect((await errorOf(outsider.legalCase.getDocument.query({ id: doc.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.legalCase.getDocuments.query({ caseId }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.legalCase.saveDocument.mutate({ id: doc.id, content: "<p>x</p>", baseVersion: 1 }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.legalCase.createDocument.mutate({ caseId, title: "x", documentType: "other" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.legalCase.previewTemplate.query({ templateId: template!.id, caseId: otherCaseId }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.legalCase.getDocuments.query({ caseId: otherCaseId }))).code).toBe("NOT_FOUND");
    const cookie = await t.signIn("other", "owner");
    expect((await t.request("other.localhost", { url: `/api/legal/documents/${doc.id}/export?format=docx`, cookie })).status).toBe(404);
  });

  it("answers bad input with BAD_REQUEST and clear messages", async () => {
    const owner = await t.client("acme", "owner");
    const noTitle = await errorOf(owner.legalCase.createDocument.mutate({ caseId, title: "  ", documentType: "contract" }));
    expect(noTitle.code).toBe("BAD_REQUEST");
    expect(noTitle.message).toContain("El título es obligatorio");
    const badType = await errorOf(owner.legalCase.createDocument.mutate({ caseId, title: "x", documentType: "memo" as "other" }));
    expect(badType.code).toBe("BAD_REQUEST");
    expect(badType.message).toContain("tipo de documento");
    const dup = await errorOf(owner.legalCase.createTemplate.mutate({ name: "poder simple", documentType: "other", content: "<p>x</p>" }));
    expect(dup).toMatchObject({ code: "BAD_REQUEST" });
    expect(dup.message).toContain("Ya existe una plantilla");
  });
});

describe("GET /api/legal/documents/:id/export", () => {
  const CONTENT =
    '<h2 style="text-align:center">Cláusulas</h2><p><strong>Primera:</strong> el <em>cliente</em> <a href="https://ley.do">ley</a></p><ul><li><p>uno</p></li></ul><table><tbody><tr><th><p>Concepto</p></th><th><p>Monto</p></th></tr><tr><td><p>Honorarios</p></td><td><p>RD$ 50,000.00</p></td></tr></tbody></table><div class="signature-block"><p>______________________________</p><p>Firma del Cliente</p></div><img src="https://example.com/logo.png" alt="Logo">';

  it("exports a PDF and a DOCX with the title, the table and the signature block", async () => {
    const owner = await t.client("acme", "owner");
    const doc = await owner.legalCase.createDocument.mutate({ caseId, title: "Contrato de servicios legales", documentType: "contract", content: CONTENT });
    const cookie = await t.signIn("acme", "admin");
    const pdf = await t.app.inject({ method: "GET", url: `/api/legal/documents/${doc.id}/export?format=pdf`, headers: { host: "acme.localhost", cookie } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(`attachment; filename="${doc.documentNumber}-contrato-de-servicios-legales.pdf"`);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
    expect(pdf.rawPayload.toString("latin1")).toContain("Contrato de servicios legales");

    const docx = await t.app.inject({ method: "GET", url: `/api/legal/documents/${doc.id}/export?format=docx`, headers: { host: "acme.localhost", cookie } });
    expect(docx.statusCode).toBe(200);
    expect(docx.headers["content-disposition"]).toContain(".docx");
    expect(docx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    const xml = strFromU8(unzipSync(new Uint8Array(docx.rawPayload))["word/document.xml"]!);
    expect(xml).toContain("<w:tbl>");
    expect(xml).toContain("Honorarios");
    expect(xml).toContain("RD$ 50,000.00");
    expect(xml).toContain("Firma del Cliente");
    expect(xml).toContain("Contrato de servicios legales");
    expect(xml).toContain("Logo");
  });

  it("refuses an unknown format, an anonymous caller and an unknown id", async () => {
    const owner = await t.client("acme", "owner");
    const doc = await owner.legalCase.createDocument.mutate({ caseId, title: "x", documentType: "other", content: "<p>x</p>" });
    const cookie = await t.signIn("acme", "owner");
    expect((await t.request("acme.localhost", { url: `/api/legal/documents/${doc.id}/export?format=odt`, cookie })).status).toBe(400);
    expect((await t.request("acme.localhost", { url: `/api/legal/documents/${doc.id}/export?format=pdf` })).status).toBe(401);
    expect((await t.request("acme.localhost", { url: "/api/legal/documents/nope/export?format=pdf", cookie })).status).toBe(404);
  });
});

describe("seedLegalDocuments", () => {
  it("seeds the sample documents (one confidential) and two templates whose HTML the sanitizer keeps as is", async () => {
    const { caseId: second } = await insertCase(t, "other");
    const { caseId: third } = await insertCase(t, "other");
    const tenantId = t.other.tenant.id;
    await withTenant(t.db, tenantId, (tx) => seedLegalDocuments(tx, tenantId, [otherCaseId, second, third], t.other.users.owner.id));
    const owner = await t.client("other", "owner");
    const cashier = await t.client("other", "cashier");
    const templates = await owner.legalCase.getTemplates.query({});
    expect(templates.map((x) => x.name)).toEqual(["Contrato de servicios legales", "Poder de representación"]);
    expect(templates[0]?.variables).toEqual(expect.arrayContaining(["cliente_nombre", "cliente_documento", "caso_numero", "tribunal", "fecha_actual"]));
    for (const tpl of templates) expect(sanitizeDocumentHtml(tpl.content)).toBe(tpl.content);
    const docs = [
      ...(await owner.legalCase.getDocuments.query({ caseId: otherCaseId })),
      ...(await owner.legalCase.getDocuments.query({ caseId: second })),
      ...(await owner.legalCase.getDocuments.query({ caseId: third })),
    ];
    expect(docs.map((d) => [d.documentType, d.status, d.isConfidential])).toEqual([
      ["pleading", "filed", false],
      ["contract", "signed", false],
      ["evidence", "approved", true],
    ]);
    for (const d of docs) {
      const full = await owner.legalCase.getDocument.query({ id: d.id });
      expect(sanitizeDocumentHtml(full.content)).toBe(full.content);
    }
    expect(await cashier.legalCase.getDocuments.query({ caseId: third })).toEqual([]);
    const made = await owner.legalCase.createDocument.mutate({ caseId: second, title: "Nuevo", documentType: "contract", templateId: templates[0]!.id });
    expect(made.documentNumber).toBe("DOC-0004");
    expect(made.unknownVariables).toEqual([]);
    expect(made.content).toContain("<table>");
    expect(made.content).toContain('class="signature-block"');
  });
});
