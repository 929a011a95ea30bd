/** The 'Pagos' tab: deposits and the refund queue (being built). */
export function PaymentsPage() {
  return null;
}
