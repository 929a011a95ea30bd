import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import { translate } from "../../../../shared/i18n/translate";
import { formatMoney } from "../../../../shared/money/format";
import { renderPdf } from "../../../integrations/pdf/pdfmake";
import type { PlanDetail } from "./plans";

/**
 * The treatment plan's consent (dental.getPlanConsentPdf), letter size, pdfmake's node API as the
 * invoice PDF is made: the practice's header from the tenant, the patient, the diagnosis, the
 * phases and their procedures with prices, the totals, the consent text and the signature lines.
 */

export type ConsentLanguage = "es" | "en";

export function consentPdfFilename(planNumber: number): string {
  return `consentimiento-plan-${planNumber}.pdf`;
}

export function consentPdf(plan: PlanDetail, opts: { language: ConsentLanguage; practice: { name: string; address: string | null; phone: string | null; taxId: string | null } }): Promise<Buffer> {
  const lang = opts.language;
  const t = (key: string, vars?: Record<string, unknown>) => translate(lang, `dentalClinical:pdf.${key}`, vars);
  const money = (v: string) => formatMoney(v, lang, plan.currency);
  const place = (p: PlanDetail["phases"][number]["procedures"][number]) =>
    p.tooth === null ? t("wholeMouth") : p.surfaces.length > 0 && !(p.surfaces.length === 1 && p.surfaces[0] === "general") ? `${p.tooth} (${p.surfaces.map((s) => translate(lang, `dentalClinical:surfaces.${s}`)).join(", ")})` : String(p.tooth);
  const head: TableCell[] = [t("procedure"), t("tooth"), t("price")].map((text, i) => ({ text, bold: true, fillColor: "#eeeeee", alignment: i === 2 ? "right" : "left" }));
  const phases: Content[] = plan.phases.flatMap((f): Content[] => [
    { text: `${t("phase", { n: f.position })}: ${f.name}`, bold: true, margin: [0, 10, 0, 2] },
    ...(f.estimatedEndDate ? [{ text: `${t("estimatedEnd")}: ${f.estimatedEndDate} · ${t("estimatedCost")}: ${money(f.estimatedCost)}`, color: "#555", margin: [0, 0, 0, 4] } as Content] : []),
    f.procedures.length > 0
      ? {
          table: {
            headerRows: 1,
            widths: ["*", 110, 90],
            body: [head, ...f.procedures.map((p): TableCell[] => [{ text: p.name }, { text: place(p) }, { text: money(p.price), alignment: "right" }])],
          },
          layout: "lightHorizontalLines",
        }
      : { text: t("noProcedures"), italics: true, color: "#555" },
    ...(f.notes ? [{ text: f.notes, fontSize: 8, color: "#555", margin: [0, 2, 0, 0] } as Content] : []),
  ]);
  const line = (label: string, value: string, bold = false): TableCell[] => [{ text: label, bold }, { text: value, alignment: "right", bold }];
  const signature = (label: string, name?: string | null): Content => ({
    stack: [{ text: name ?? " ", margin: [0, 30, 0, 2] }, { canvas: [{ type: "line", x1: 0, y1: 0, x2: 220, y2: 0, lineWidth: 0.7 }] }, { text: label, fontSize: 8, color: "#555", margin: [0, 3, 0, 0] }],
  });
  const practice = opts.practice;
  const doc: TDocumentDefinitions = {
    pageSize: "LETTER",
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { fontSize: 9 },
    info: { title: `${t("title")} ${plan.number}` },
    content: [
      {
        columns: [
          {
            stack: [
              { text: practice.name, fontSize: 14, bold: true },
              ...(practice.taxId ? [{ text: `RNC: ${practice.taxId}` }] : []),
              ...(practice.address ? [{ text: practice.address }] : []),
              ...(practice.phone ? [{ text: practice.phone }] : []),
            ],
          },
          { stack: [{ text: t("title"), fontSize: 14, bold: true, alignment: "right" }, { text: t("planNumber", { number: plan.number }), alignment: "right" }] },
        ],
      },
      {
        margin: [0, 14, 0, 6],
        stack: [
          { text: [{ text: `${t("patient")}: `, bold: true }, `${plan.patientName} (HC-${String(plan.patientNumber).padStart(4, "0")})`] },
          { text: [{ text: `${t("plan")}: `, bold: true }, plan.name] },
          { text: [{ text: `${t("diagnosis")}: `, bold: true }, plan.diagnosis], margin: [0, 2, 0, 0] },
          ...(plan.allergies.length ? [{ text: [{ text: `${t("allergies")}: `, bold: true }, plan.allergies.join(", ")], color: "#b45309" } as Content] : []),
        ],
      },
      ...phases,
      {
        margin: [0, 12, 0, 0],
        columns: [
          { width: "*", text: "" },
          {
            width: 220,
            table: {
              widths: ["*", 100],
              body: [
                line(t("subtotal"), money(plan.totals.subtotal)),
                line(t("discount"), `− ${money(plan.totals.discount)}`),
                line(t("coverage"), `− ${money(plan.totals.coverage)}`),
                line(t("patientShare"), money(plan.totals.patientShare), true),
              ],
            },
            layout: "noBorders",
          },
        ],
      },
      { text: t("consentTitle"), bold: true, fontSize: 11, margin: [0, 18, 0, 4] },
      { text: t("consentText", { practice: practice.name }), alignment: "justify" },
      {
        margin: [0, 24, 0, 0],
        columns: [signature(t("patientSignature"), plan.consentSignedBy), signature(t("dentistSignature"), plan.approvedByName)],
      },
      ...(plan.approvedAt ? [{ text: t("approvedOn", { date: plan.approvedAt.slice(0, 10) }), fontSize: 8, color: "#555", margin: [0, 10, 0, 0] } as Content] : []),
    ],
  };
  return renderPdf(doc);
}
