export { ConfirmDialog } from "./confirm-dialog";
export { type AppliedDiscounts, CUSTOM_DISCOUNT_OTP, DiscountSheet } from "./discount-sheet";
export { HeldInvoicesSheet } from "./held-invoices-sheet";
export { HoldInvoiceDialog } from "./hold-invoice-dialog";
export { InvoiceDetailDialog } from "./invoice-detail-dialog";
export { POS_PANEL_BUTTON_KEYS, type PosPanelButton } from "./labels";
export { CANCEL_INVOICE_PERMISSIONS, POS_PATH, RecentInvoicesSheet } from "./recent-invoices-sheet";
