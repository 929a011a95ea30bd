import type { DentalPatientSummary } from "../components/types";

/** Placeholder until its tab lands (issue 18). */
export function DocumentsTab(_props: { patient: DentalPatientSummary }) {
  return null;
}
