/** The 'Negocio' tab (being built). */
export function BusinessPage() {
  return null;
}
