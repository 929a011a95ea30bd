/** The customer's name, or the cash customer's label ('Contado' / 'Cash') when there is none. */
export function customerLabel(name: string | null | undefined, cashLabel: string): string {
  return name?.trim() ? name : cashLabel;
}
