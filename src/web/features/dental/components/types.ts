/** What the patient profile hands each of its tabs (the tabs load their own data by `id`). */
export interface DentalPatientSummary {
  id: string;
  /** the customer the patient is (invoices, payments and appointments are theirs) */
  customerId: string;
  name: string;
  allergies: string[];
}
