/**
 * The standard Dominican chart of accounts (NIIF for SMEs structure, after the groups of Odoo's
 * 'Catálogo de Cuentas Dominicano', dr-fiscal.md §7) that accounting.initialize creates, and the
 * accounts each kind of document posts to by default (editable afterwards).
 */
export const ACCOUNT_TYPES = ["asset", "liability", "equity", "income", "expense"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const NATURES = ["debit", "credit"] as const;
export type Nature = (typeof NATURES)[number];

export interface ChartAccount {
  code: string;
  name: string;
  type: AccountType;
  /** Defaults to the type's: debit for assets and expenses, credit for the rest. */
  nature?: Nature;
  /** A group only sums the accounts under it. */
  group?: boolean;
}

export function defaultNature(type: AccountType): Nature {
  return type === "asset" || type === "expense" ? "debit" : "credit";
}

/** The parent of a code: the longest other code of the chart it starts with. */
export function parentCodeOf(code: string, codes: readonly string[]): string | null {
  let best: string | null = null;
  for (const c of codes) if (c !== code && code.startsWith(c) && (!best || c.length > best.length)) best = c;
  return best;
}

export const DO_CHART: readonly ChartAccount[] = [
  { code: "1", name: "Activos", type: "asset", group: true },
  { code: "11", name: "Activos corrientes", type: "asset", group: true },
  { code: "1101", name: "Efectivo y equivalentes de efectivo", type: "asset", group: true },
  { code: "110101", name: "Caja general", type: "asset" },
  { code: "110102", name: "Caja chica", type: "asset" },
  { code: "110103", name: "Bancos", type: "asset" },
  { code: "110104", name: "Tarjetas por liquidar", type: "asset" },
  { code: "1103", name: "Cuentas por cobrar", type: "asset", group: true },
  { code: "110301", name: "Cuentas por cobrar clientes", type: "asset" },
  { code: "110302", name: "Otras cuentas por cobrar", type: "asset" },
  { code: "1105", name: "Inventarios", type: "asset", group: true },
  { code: "110501", name: "Inventario de mercancías", type: "asset" },
  { code: "1108", name: "Impuestos pagados por adelantado", type: "asset", group: true },
  { code: "110801", name: "ITBIS adelantado", type: "asset" },
  { code: "110802", name: "Anticipos de ISR", type: "asset" },
  { code: "12", name: "Activos no corrientes", type: "asset", group: true },
  { code: "1201", name: "Propiedad, planta y equipo", type: "asset" },
  { code: "1202", name: "Depreciación acumulada", type: "asset", nature: "credit" },
  { code: "2", name: "Pasivos", type: "liability", group: true },
  { code: "21", name: "Pasivos corrientes", type: "liability", group: true },
  { code: "2101", name: "Cuentas por pagar", type: "liability", group: true },
  { code: "210101", name: "Cuentas por pagar proveedores", type: "liability" },
  { code: "210102", name: "Mercancía recibida no facturada", type: "liability" },
  { code: "2102", name: "Saldos a favor de clientes", type: "liability", group: true },
  { code: "210201", name: "Notas de crédito por aplicar", type: "liability" },
  { code: "2103", name: "Impuestos por pagar", type: "liability", group: true },
  { code: "210301", name: "ITBIS por pagar", type: "liability" },
  { code: "210302", name: "ITBIS retenido", type: "liability" },
  { code: "210303", name: "ISR retenido", type: "liability" },
  { code: "210304", name: "Propina legal por pagar", type: "liability" },
  { code: "2104", name: "Nóminas por pagar", type: "liability" },
  { code: "22", name: "Pasivos no corrientes", type: "liability", group: true },
  { code: "2201", name: "Préstamos a largo plazo", type: "liability" },
  { code: "3", name: "Patrimonio", type: "equity", group: true },
  { code: "31", name: "Capital", type: "equity", group: true },
  { code: "3101", name: "Capital suscrito y pagado", type: "equity" },
  { code: "32", name: "Reserva legal", type: "equity", group: true },
  { code: "3201", name: "Reserva legal", type: "equity" },
  { code: "33", name: "Resultados", type: "equity", group: true },
  { code: "3301", name: "Resultados acumulados", type: "equity" },
  { code: "3302", name: "Resultado del ejercicio", type: "equity" },
  { code: "4", name: "Ingresos", type: "income", group: true },
  { code: "41", name: "Ingresos operacionales", type: "income", group: true },
  { code: "4101", name: "Ventas de mercancías", type: "income" },
  { code: "4102", name: "Ventas de servicios", type: "income" },
  { code: "4103", name: "Devoluciones en ventas", type: "income", nature: "debit" },
  { code: "4104", name: "Descuentos en ventas", type: "income", nature: "debit" },
  { code: "42", name: "Ingresos no operacionales", type: "income", group: true },
  { code: "4201", name: "Sobrantes de caja", type: "income" },
  { code: "4202", name: "Otros ingresos", type: "income" },
  { code: "5", name: "Costos", type: "expense", group: true },
  { code: "51", name: "Costo de ventas", type: "expense", group: true },
  { code: "5101", name: "Costo de mercancías vendidas", type: "expense" },
  { code: "5102", name: "Ajustes de inventario", type: "expense" },
  { code: "6", name: "Gastos", type: "expense", group: true },
  { code: "61", name: "Gastos operacionales", type: "expense", group: true },
  { code: "6101", name: "Gastos de personal", type: "expense" },
  { code: "6102", name: "Gastos generales y administrativos", type: "expense" },
  { code: "6103", name: "Compras de bienes y servicios", type: "expense" },
  { code: "6104", name: "Alquileres", type: "expense" },
  { code: "6105", name: "Gastos de activos fijos", type: "expense" },
  { code: "6106", name: "Gastos de representación", type: "expense" },
  { code: "6107", name: "Gastos financieros", type: "expense" },
  { code: "6108", name: "Gastos extraordinarios", type: "expense" },
  { code: "6109", name: "Faltantes de caja", type: "expense" },
  { code: "6110", name: "Seguros", type: "expense" },
];

/**
 * The accounts documents post to, by key, with the chart code each starts on. A payment method
 * posts to `payment_method:{id}` and a warehouse's stock to `warehouse:{id}`; without those, to
 * the key of the method's kind (`cash`, `bank`, `card`) and to `inventory`.
 */
export const MAPPING_DEFAULTS = {
  cash: "110101",
  bank: "110103",
  card: "110104",
  receivables: "110301",
  inventory: "110501",
  itbis_receivable: "110801",
  payables: "210101",
  goods_received: "210102",
  customer_credit: "210201",
  itbis_payable: "210301",
  itbis_withheld: "210302",
  isr_withheld: "210303",
  legal_tip: "210304",
  retained_earnings: "3301",
  sales: "4101",
  sales_services: "4102",
  sales_returns: "4103",
  cash_over: "4201",
  cogs: "5101",
  inventory_adjustments: "5102",
  cash_short: "6109",
  "expense_type:01": "6102",
  "expense_type:02": "6103",
  "expense_type:03": "6104",
  "expense_type:04": "6105",
  "expense_type:05": "6106",
  "expense_type:06": "6102",
  "expense_type:07": "6107",
  "expense_type:08": "6108",
  "expense_type:09": "110501",
  "expense_type:10": "1201",
  "expense_type:11": "6110",
} as const;
export type MappingKey = keyof typeof MAPPING_DEFAULTS;
export const MAPPING_KEYS = Object.keys(MAPPING_DEFAULTS) as MappingKey[];

/** The default account key of a payment method, by its code (CASH, CARD, TRANSFER, CHECK, CREDIT, CREDIT_NOTE, GIFT_VOUCHER, POINTS). */
export function methodDefaultKey(code: string): MappingKey {
  switch (code) {
    case "CASH":
      return "cash";
    case "CARD":
      return "card";
    case "CREDIT":
      return "receivables";
    case "CREDIT_NOTE":
    // Gift vouchers and rewards points are stored value owed to the holder, like store credit: the
    // redemption settles that liability ('Saldos a favor de clientes'); a tenant may map them elsewhere.
    case "GIFT_VOUCHER":
    case "POINTS":
      return "customer_credit";
    default:
      return "bank";
  }
}

/** The default taxes (dr-fiscal.md §3): ITBIS on sales and purchases, and the usual withholdings. */
export const DEFAULT_TAXES = [
  { code: "ITBIS", name: "ITBIS 18%", rate: "18.00", appliesTo: "both", kind: "itbis", account: "210301", isDefault: true },
  { code: "ITBIS16", name: "ITBIS 16%", rate: "16.00", appliesTo: "both", kind: "itbis", account: "210301", isDefault: false },
  { code: "EXENTO", name: "Exento (0%)", rate: "0.00", appliesTo: "both", kind: "itbis", account: null, isDefault: false },
  { code: "RET-ITBIS-30", name: "Retención ITBIS 30%", rate: "30.00", appliesTo: "purchases", kind: "itbis_withholding", account: "210302", isDefault: false },
  { code: "RET-ITBIS-100", name: "Retención ITBIS 100%", rate: "100.00", appliesTo: "purchases", kind: "itbis_withholding", account: "210302", isDefault: false },
  { code: "RET-ISR-10", name: "Retención ISR 10%", rate: "10.00", appliesTo: "purchases", kind: "isr_withholding", account: "210303", isDefault: false },
  { code: "RET-ISR-5", name: "Retención ISR 5%", rate: "5.00", appliesTo: "purchases", kind: "isr_withholding", account: "210303", isDefault: false },
  { code: "RET-ISR-27", name: "Retención ISR 27%", rate: "27.00", appliesTo: "purchases", kind: "isr_withholding", account: "210303", isDefault: false },
] as const;
