/**
 * i18n keys of the POS buttons that open these panels. The POS page uses the same keys so the
 * buttons' accessible names match what the e2e specs look for.
 */
export const POS_PANEL_BUTTON_KEYS = {
  /** opens HoldInvoiceDialog: 'Guardar' / 'Save' */
  hold: "posPanels:buttons.hold",
  /** opens HeldInvoicesSheet: 'Facturas guardadas' / 'Held invoices' */
  heldInvoices: "posPanels:buttons.heldInvoices",
  /** opens RecentInvoicesSheet: 'Recientes' / 'Recent' */
  recentInvoices: "posPanels:buttons.recentInvoices",
  /** opens DiscountSheet: 'Descuentos' / 'Discounts' */
  discounts: "posPanels:buttons.discounts",
  /** opens QuickCommandDialog: 'Comandos' / 'Commands' */
  quickCommands: "posPanels:buttons.quickCommands",
} as const;

export type PosPanelButton = keyof typeof POS_PANEL_BUTTON_KEYS;
