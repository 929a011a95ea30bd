import type { ReceiptData } from "./receipt";

/** A complete receipt for tests (two lines, a discount, a payment in dollars, change and points). */
export const sampleReceipt = (): ReceiptData => ({
  order: {
    id: "0190d6a8-0000-7000-8000-000000000001",
    number: "FAC-000042",
    created_at: "2025-03-05T18:30:00.000Z",
    subtotal: "284.75",
    discount_total: "10.00",
    tax_total: "49.45",
    total: "324.20",
    change_amount: "175.80",
    government_invoice_number: "B0100000005",
    status: "completed",
  },
  items: [
    { product_name: "Café Santo Domingo molido 1 lb, paquete familiar con válvula", quantity: "2", unit_price: "118.00", total: "224.20", discount_value: "10.00", itbis: "34.20" },
    { product_name: "Pan", quantity: "1.5", unit_price: "66.67", total: "100.00", discount_value: "0.00", itbis: "15.25" },
  ],
  payments: [
    { payment_method_name: "Efectivo", amount: "500.00", currency: "DOP" },
    { payment_method_name: "Efectivo", amount: "10.00", currency: "USD" },
  ],
  customer: { name: "Distribuidora Pérez SRL", taxId: "101850043" },
  warehouse: { name: "Sucursal Centro", address: "Av. Winston Churchill 1099, Piantini, Santo Domingo", phone: "809-555-0100", taxId: "131246796", businessName: "Colmado Enzzo" },
  cashier: "Ana Cajera",
  printServer: "http://localhost:8080/",
  rewards: { pointsEarned: 3, currentBalance: 120 },
});
