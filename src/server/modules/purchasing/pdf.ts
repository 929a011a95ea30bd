import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import { translate } from "../../../shared/i18n/translate";
import { formatMoney, formatQuantity } from "../../../shared/money/format";
import { renderPdf } from "../../integrations/pdf/pdfmake";
import type { PurchaseOrderDetail } from "./service";

/**
 * The purchase order as a letter-size PDF (pdfmake's node API with its own Roboto fonts, as the
 * invoice PDF is made): business, provider, warehouse, dates, payment terms, the lines with the
 * provider's codes, unit cost, ITBIS and subtotal, and the totals.
 */

export type PurchasePdfLanguage = "es" | "en";

export function purchaseOrderPdfFilename(number: string): string {
  return `orden-de-compra-${number.replace(/[^A-Za-z0-9_-]/g, "")}.pdf`;
}

export function purchaseOrderPdf(order: PurchaseOrderDetail, opts: { language: PurchasePdfLanguage; businessName: string }): Promise<Buffer> {
  const lang = opts.language;
  const t = (key: string, vars?: Record<string, unknown>) => translate(lang, `purchasing:pdf.${key}`, vars);
  const money = (v: string) => formatMoney(v, lang);
  const p = order.provider;
  const pair = (label: string, value: string | null | undefined): Content[] => (value ? [{ text: [{ text: `${label}: `, color: "#555" }, { text: value, bold: true }], margin: [0, 1, 0, 1] }] : []);
  const header: TableCell[] = [t("code"), t("product"), t("quantity"), t("unitCost"), t("itbis"), t("subtotal")].map((text, i) => ({
    text,
    bold: true,
    fillColor: "#eeeeee",
    alignment: i >= 2 ? "right" : "left",
  }));
  const body: TableCell[][] = [
    header,
    ...order.lines.map((l): TableCell[] => [
      { text: l.providerCode || l.sku, fontSize: 8 },
      { text: l.productName },
      { text: formatQuantity(l.quantity), alignment: "right" },
      { text: money(l.unitCost), alignment: "right" },
      { text: `${formatQuantity(l.taxPercent, 2)}%`, alignment: "right" },
      { text: money(l.subtotal), alignment: "right" },
    ]),
  ];
  const doc: TDocumentDefinitions = {
    pageSize: "LETTER",
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { fontSize: 9 },
    info: { title: `${t("title")} ${order.number}` },
    content: [
      {
        columns: [
          { stack: [{ text: opts.businessName, fontSize: 14, bold: true }] },
          { stack: [{ text: t("title"), fontSize: 14, bold: true, alignment: "right" }, { text: order.number, fontSize: 12, alignment: "right" }] },
        ],
      },
      ...(order.status === "cancelled" ? [{ text: t("cancelledBanner"), color: "#c62828", bold: true, margin: [0, 6, 0, 0] } as Content] : []),
      {
        margin: [0, 14, 0, 10],
        columns: [
          { stack: [{ text: t("provider"), bold: true, margin: [0, 0, 0, 2] }, { text: p.name }, ...pair(t("taxId"), p.taxId), ...pair(t("email"), p.email), ...pair(t("phone"), p.mobile || p.phone)] },
          {
            stack: [
              ...pair(t("orderDate"), order.orderDate),
              ...pair(t("expectedDate"), order.expectedDate),
              ...pair(t("warehouse"), order.warehouseName),
              ...pair(t("paymentTerms"), order.paymentTerm?.name),
            ],
          },
        ],
      },
      { table: { headerRows: 1, widths: [70, "*", 55, 70, 40, 75], body }, layout: "lightHorizontalLines" },
      {
        margin: [0, 10, 0, 0],
        columns: [
          { width: "*", text: "" },
          {
            width: 200,
            table: {
              widths: ["*", 90],
              body: [
                [t("subtotal"), { text: money(order.subtotal), alignment: "right" }],
                [t("itbis"), { text: money(order.taxTotal), alignment: "right" }],
                [{ text: t("total"), bold: true }, { text: money(order.total), alignment: "right", bold: true }],
              ],
            },
            layout: "noBorders",
          },
        ],
      },
      ...(order.notes ? [{ text: [{ text: `${t("notes")}: `, bold: true }, order.notes], margin: [0, 14, 0, 0] } as Content] : []),
    ],
  };
  return renderPdf(doc);
}
