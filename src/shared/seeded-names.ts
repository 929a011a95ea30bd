/**
 * The names the suite writes for every new business (payment methods, currencies, NCF types,
 * payment terms, invoice types, the main warehouse, the cash boxes, the tax, the 'Contado'
 * customer, the standard units) and the demo's categories, stored in Spanish, with the English a
 * reader in English sees while the business has not renamed them. A record renamed by its owner
 * shows its own name in every language.
 */
export const SEEDED_NAMES_EN: Readonly<Record<string, string>> = {
  // Payment methods
  Efectivo: "Cash",
  Tarjeta: "Card",
  Transferencia: "Bank transfer",
  Cheque: "Check",
  Crédito: "Credit",
  "Nota de crédito": "Credit note",
  "Bono de regalo": "Gift voucher",
  "Puntos": "Points",
  // Currencies
  "Peso dominicano": "Dominican peso",
  "Dólar estadounidense": "US dollar",
  // NCF types (DGII's names)
  "Factura de Crédito Fiscal": "Tax credit invoice",
  "Factura de Consumo": "Final consumer invoice",
  "Nota de Débito": "Debit note",
  "Nota de Crédito": "Credit note",
  "Comprobante de Compras": "Purchase receipt",
  "Registro Único de Ingresos": "Single income record",
  "Comprobante para Gastos Menores": "Minor expenses receipt",
  "Comprobante para Regímenes Especiales": "Special regimes receipt",
  "Comprobante Gubernamental": "Government receipt",
  "Comprobante para Exportaciones": "Exports receipt",
  "Comprobante para Pagos al Exterior": "Payments abroad receipt",
  // Payment terms
  Contado: "Cash customer",
  "Crédito 15 días": "Credit 15 days",
  "Crédito 30 días": "Credit 30 days",
  "Crédito 45 días": "Credit 45 days",
  // Invoice types
  "Consumidor final": "Final consumer",
  "Crédito fiscal": "Tax credit invoice",
  Gubernamental: "Government",
  "Régimen especial": "Special regime",
  Exportación: "Export",
  // The main warehouse and the cash boxes
  Principal: "Main",
  "Caja 1": "Cash box 1",
  "Caja 2": "Cash box 2",
  "Caja 3": "Cash box 3",
  // Standard units
  Miligramo: "Milligram",
  Gramo: "Gram",
  Onza: "Ounce",
  Libra: "Pound",
  Kilogramo: "Kilogram",
  Mililitro: "Milliliter",
  Cucharadita: "Teaspoon",
  Cucharada: "Tablespoon",
  "Onza líquida": "Fluid ounce",
  Taza: "Cup",
  Litro: "Liter",
  Galón: "Gallon",
  Unidad: "Unit",
  Docena: "Dozen",
  Porción: "Portion",
  Centímetro: "Centimeter",
  Pulgada: "Inch",
  Metro: "Meter",
  // The demo's categories
  Bebidas: "Drinks",
  Abarrotes: "Groceries",
  Lácteos: "Dairy",
  Cocina: "Kitchen",
};

/** Where one Spanish word names two things: the payment term 'Contado' (code CONTADO) is "Cash". */
const BY_CODE_EN: Readonly<Record<string, Readonly<Record<string, string>>>> = { CONTADO: { Contado: "Cash" } };

/** The fields that hold a record's name: name, description and any …Name, …Description, …_name or …_description (customerName, ncfTypeDescription, method_name …). */
const NAME_FIELD = /^(name|description)$|(Name|Description|_name|_description)$/;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * A copy of an API result with the seeded Spanish names in English, for a reader in English
 * (unchanged in Spanish). Only name fields whose whole text is a seeded name change; product
 * names, notes and everything else are left as stored.
 */
export function withSeededNames<T>(value: T, language: string): T {
  if (language === "es") return value;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!isPlainObject(v)) return v;
    const own = typeof v.code === "string" ? BY_CODE_EN[v.code] : undefined;
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(v)) {
      if (typeof field !== "string") out[key] = walk(field);
      else out[key] = NAME_FIELD.test(key) ? (own?.[field] ?? SEEDED_NAMES_EN[field] ?? field) : field;
    }
    return out;
  };
  return walk(value) as T;
}
