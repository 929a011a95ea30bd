import { newId } from "../../ids";
import { legalCaseDocuments, legalDocumentTemplates, legalDocumentVersions } from "../../modules/legal/tables";
import type { Tx } from "../client";

/**
 * The legal area's sample documents and templates (spec 02 'Legal sample data'; issue 20): a
 * pleading filed, a contract signed, an evidence approved (confidential), each with real HTML the
 * editor opens, and two templates with {{variables}} filled from the case and its client.
 * Plugged into the demo seed (demo-legal.ts) by the lead.
 */

const SIGNATURE = (who: string, id = "Cédula: ____________________") =>
  `<div class="signature-block"><p>______________________________</p><p><strong>${who}</strong></p><p>${id}</p><p>Fecha: ____________________</p></div>`;

export const POWER_OF_ATTORNEY_TEMPLATE = [
  '<h1 style="text-align:center">PODER DE REPRESENTACIÓN</h1>',
  "<p>Yo, <strong>{{cliente_nombre}}</strong>, portador(a) del documento de identidad / RNC núm. <strong>{{cliente_documento}}</strong>, domiciliado(a) en {{cliente_direccion}}, por medio del presente documento otorgo poder amplio y suficiente a <strong>{{abogado}}</strong>, abogado de la firma {{firma_nombre}}, para que me represente en el expediente <strong>{{caso_numero}}</strong> ({{caso_titulo}}) ante <strong>{{tribunal}}</strong>, {{jurisdiccion}}.</p>",
  "<p>El apoderado queda facultado para:</p>",
  "<ol><li><p>Depositar escritos, instancias y conclusiones.</p></li><li><p>Asistir a audiencias y solicitar aplazamientos.</p></li><li><p>Transigir, desistir y recibir valores, con mi aprobación previa por escrito.</p></li></ol>",
  '<p style="text-align:justify">El presente poder se otorga en Santo Domingo, República Dominicana, el {{fecha_actual}}.</p>',
  SIGNATURE("{{cliente_nombre}}", "Documento: {{cliente_documento}}"),
].join("");

export const SERVICES_CONTRACT_TEMPLATE = [
  '<h1 style="text-align:center">CONTRATO DE SERVICIOS LEGALES</h1>',
  "<p>Entre <strong>{{firma_nombre}}</strong> (en lo adelante, LA FIRMA) y <strong>{{cliente_nombre}}</strong>, RNC/cédula <strong>{{cliente_documento}}</strong> (en lo adelante, EL CLIENTE), se conviene lo siguiente:</p>",
  "<h2>Primero: objeto</h2>",
  "<p>LA FIRMA representará a EL CLIENTE en el asunto <em>{{caso_titulo}}</em>, expediente {{caso_numero}}, materia {{caso_tipo}}, ante {{tribunal}}.</p>",
  "<h2>Segundo: honorarios</h2>",
  "<table><tbody><tr><th><p>Concepto</p></th><th><p>Monto (RD$)</p></th><th><p>Pago</p></th></tr><tr><td><p>Iguala inicial</p></td><td><p>50,000.00</p></td><td><p>A la firma</p></td></tr><tr><td><p>Honorarios por hora</p></td><td><p>3,500.00</p></td><td><p>Mensual</p></td></tr><tr><td><p>Cuota litis</p></td><td><p>10 %</p></td><td><p>Al cobro</p></td></tr></tbody></table>",
  "<h2>Tercero: confidencialidad</h2>",
  "<blockquote><p>Toda información recibida de EL CLIENTE será tratada con estricta confidencialidad, conforme al Código de Ética del Colegio de Abogados.</p></blockquote>",
  "<p>Hecho y firmado en Santo Domingo el {{fecha_actual}}. Abogado responsable: {{abogado}}.</p>",
  SIGNATURE("Por LA FIRMA: {{abogado}}", "{{firma_nombre}}"),
  SIGNATURE("EL CLIENTE: {{cliente_nombre}}", "RNC/Cédula: {{cliente_documento}}"),
].join("");

interface SampleDocument {
  caseIndex: number;
  documentNumber: string;
  title: string;
  documentType: string;
  status: string;
  documentDate: string;
  filedDate: string | null;
  requiresSignature: boolean;
  signatureStatus: string;
  isConfidential: boolean;
  authorName: string;
  content: string;
}

const SAMPLE_DOCUMENTS: SampleDocument[] = [
  {
    caseIndex: 0,
    documentNumber: "DOC-0001",
    title: "Demanda en cobro de pesos",
    documentType: "pleading",
    status: "filed",
    documentDate: "2026-01-20",
    filedDate: "2026-01-22",
    requiresSignature: true,
    signatureStatus: "signed",
    isConfidential: false,
    authorName: "Lic. María Fernández",
    content: [
      '<h1 style="text-align:center">DEMANDA EN COBRO DE PESOS</h1>',
      "<p><strong>A la:</strong> Cámara Civil y Comercial del Juzgado de Primera Instancia del Distrito Nacional.</p>",
      "<h2>Hechos</h2>",
      "<ol><li><p>La parte demandada suscribió un pagaré por la suma de <strong>RD$ 1,250,000.00</strong>.</p></li><li><p>Vencido el plazo, no ha realizado pago alguno pese a la intimación notificada.</p></li></ol>",
      "<h2>Pedimentos</h2>",
      '<p style="text-align:justify">Condenar a la parte demandada al pago de la suma adeudada, más los intereses legales desde la fecha de la demanda, y las costas del procedimiento con distracción en provecho del abogado concluyente.</p>',
      SIGNATURE("Lic. María Fernández", "Abogada apoderada"),
    ].join(""),
  },
  {
    caseIndex: 1,
    documentNumber: "DOC-0002",
    title: "Contrato de transacción",
    documentType: "contract",
    status: "signed",
    documentDate: "2026-02-10",
    filedDate: null,
    requiresSignature: true,
    signatureStatus: "signed",
    isConfidential: false,
    authorName: "Lic. Carlos Rodríguez",
    content: [
      '<h1 style="text-align:center">CONTRATO DE TRANSACCIÓN</h1>',
      "<p>Las partes, con el interés de poner fin al litigio, acuerdan:</p>",
      "<table><tbody><tr><th><p>Cuota</p></th><th><p>Fecha</p></th><th><p>Monto (RD$)</p></th></tr><tr><td><p>1</p></td><td><p>15/03/2026</p></td><td><p>200,000.00</p></td></tr><tr><td><p>2</p></td><td><p>15/04/2026</p></td><td><p>200,000.00</p></td></tr></tbody></table>",
      "<p>El incumplimiento de cualquier cuota hará exigible la totalidad del saldo.</p>",
      SIGNATURE("Parte demandante"),
      SIGNATURE("Parte demandada"),
    ].join(""),
  },
  {
    caseIndex: 2,
    documentNumber: "DOC-0003",
    title: "Informe pericial contable",
    documentType: "evidence",
    status: "approved",
    documentDate: "2026-03-05",
    filedDate: null,
    requiresSignature: false,
    signatureStatus: "not_required",
    isConfidential: true,
    authorName: "Lic. Ana Martínez",
    content: [
      "<h1>Informe pericial contable</h1>",
      "<p><mark>Confidencial: uso exclusivo de la firma y del cliente.</mark></p>",
      "<p>Del análisis de los estados financieros de los ejercicios 2024 y 2025 resulta una diferencia no justificada de <strong>RD$ 3,480,000.00</strong>.</p>",
      "<ul><li><p>Facturas sin soporte: 27.</p></li><li><p>Pagos a terceros no vinculados: 12.</p></li></ul>",
    ].join(""),
  },
];

/** Seeds the sample documents (on the first cases given; the third one is confidential) and the two templates. */
export async function seedLegalDocuments(tx: Tx, tenantId: string, caseIds: string[], authorId: string | null) {
  for (const sample of SAMPLE_DOCUMENTS) {
    const caseId = caseIds[sample.caseIndex % Math.max(1, caseIds.length)];
    if (!caseId) break;
    const id = newId();
    const { caseIndex: _, ...fields } = sample;
    await tx.insert(legalCaseDocuments).values({ tenantId, id, caseId, ...fields, version: 1, authorId });
    await tx.insert(legalDocumentVersions).values({ tenantId, id: newId(), documentId: id, version: 1, title: sample.title, content: sample.content, createdBy: authorId });
  }
  await tx.insert(legalDocumentTemplates).values([
    {
      tenantId,
      id: newId(),
      name: "Poder de representación",
      description: "Poder del cliente al abogado para representarlo en el expediente.",
      documentType: "power_of_attorney",
      content: POWER_OF_ATTORNEY_TEMPLATE,
      createdBy: authorId,
    },
    {
      tenantId,
      id: newId(),
      name: "Contrato de servicios legales",
      description: "Contrato de honorarios con tabla de montos y bloques de firma.",
      documentType: "contract",
      content: SERVICES_CONTRACT_TEMPLATE,
      createdBy: authorId,
    },
  ]);
}
