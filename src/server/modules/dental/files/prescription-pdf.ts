import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import { ageOn } from "../../../../shared/dental/files";
import { translate } from "../../../../shared/i18n/translate";
import { businessDate } from "../../../../shared/platform/dates";
import { renderPdf } from "../../../integrations/pdf/pdfmake";
import type { PrescriptionRow } from "./prescriptions";

/**
 * The prescription as a PDF (dental.getPrescriptionPdf), half-letter portrait like a prescription
 * pad: the practice's header (logo when it has one, name, RNC, address, phone), number and date,
 * the patient (name, age, identification), the allergies, the medications, the pharmacy notes and
 * the dentist's name over a signature line.
 */

export type PrescriptionPdfLanguage = "es" | "en";

export interface PrescriptionPdfContext {
  language: PrescriptionPdfLanguage;
  timeZone: string;
  practice: { name: string; address: string | null; phone: string | null; taxId: string | null; logo: string | null };
  patient: { identification: string | null; birthDate: string | null; allergies: string[] };
}

export function prescriptionPdfFilename(number: number): string {
  return `receta-${String(number).padStart(5, "0")}.pdf`;
}

export function prescriptionPdf(rx: PrescriptionRow, opts: PrescriptionPdfContext): Promise<Buffer> {
  const t = (key: string, vars?: Record<string, unknown>) => translate(opts.language, `dentalFiles:pdf.${key}`, vars);
  const date = businessDate(new Date(rx.issuedAt), opts.timeZone);
  const age = ageOn(opts.patient.birthDate, date);
  const practice = opts.practice;
  const medications: Content[] = rx.items.map(
    (item, i): Content => ({
      margin: [0, 6, 0, 0],
      stack: [
        { text: [{ text: `${i + 1}. ${item.medication}`, bold: true }, { text: `   (${t("quantity")}: ${item.quantity})`, color: "#444" }] },
        { text: `${item.dosage} · ${item.frequency} · ${item.duration}`, margin: [12, 1, 0, 0] },
        ...(item.instructions ? [{ text: item.instructions, italics: true, color: "#444", margin: [12, 1, 0, 0] } as Content] : []),
      ],
    }),
  );
  const patientLine = (label: string, value: string): TableCell[] => [{ text: label, bold: true }, { text: value }];
  const doc: TDocumentDefinitions = {
    pageSize: { width: 396, height: 612 },
    pageMargins: [30, 30, 30, 40],
    defaultStyle: { fontSize: 9 },
    info: { title: `${t("title")} ${rx.number}` },
    content: [
      {
        columns: [
          ...(practice.logo ? [{ image: practice.logo, fit: [48, 48] as [number, number], width: 56 }] : []),
          {
            width: "*",
            stack: [
              { text: practice.name, fontSize: 13, bold: true },
              ...(practice.taxId ? [{ text: `RNC: ${practice.taxId}` }] : []),
              ...(practice.address ? [{ text: practice.address }] : []),
              ...(practice.phone ? [{ text: `${t("phone")}: ${practice.phone}` }] : []),
            ],
          },
          {
            width: 110,
            stack: [
              { text: t("title"), fontSize: 13, bold: true, alignment: "right" },
              { text: t("number", { number: String(rx.number).padStart(5, "0") }), alignment: "right" },
              { text: `${t("date")}: ${date}`, alignment: "right" },
            ],
          },
        ],
      },
      { canvas: [{ type: "line", x1: 0, y1: 6, x2: 336, y2: 6, lineWidth: 0.7 }] },
      {
        margin: [0, 10, 0, 4],
        table: {
          widths: [80, "*"],
          body: [
            patientLine(t("patient"), `${rx.patientName} (HC-${String(rx.patientNumber).padStart(4, "0")})`),
            patientLine(t("age"), age === null ? "—" : t("years", { count: age })),
            patientLine(t("identification"), opts.patient.identification ?? "—"),
          ],
        },
        layout: "noBorders",
      },
      ...(opts.patient.allergies.length ? [{ text: [{ text: `${t("allergies")}: `, bold: true }, opts.patient.allergies.join(", ")], color: "#b45309", margin: [0, 0, 0, 4] } as Content] : []),
      { text: "Rx", fontSize: 16, bold: true, margin: [0, 6, 0, 0] },
      ...medications,
      ...(rx.pharmacyNotes ? [{ margin: [0, 12, 0, 0], text: [{ text: `${t("pharmacyNotes")}: `, bold: true }, rx.pharmacyNotes] } as Content] : []),
      ...(rx.status === "cancelled" ? [{ text: t("cancelled"), bold: true, color: "#b91c1c", fontSize: 12, margin: [0, 12, 0, 0] } as Content] : []),
      {
        margin: [0, 50, 0, 0],
        columns: [
          { width: "*", text: "" },
          {
            width: 180,
            stack: [
              { canvas: [{ type: "line", x1: 0, y1: 0, x2: 180, y2: 0, lineWidth: 0.7 }] },
              { text: rx.dentistName ?? "", alignment: "center", bold: true, margin: [0, 3, 0, 0] },
              { text: t("signature"), alignment: "center", fontSize: 8, color: "#555" },
            ],
          },
        ],
      },
    ],
  };
  return renderPdf(doc);
}
