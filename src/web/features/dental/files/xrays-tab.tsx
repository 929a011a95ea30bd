import type { DentalPatientSummary } from "../components/types";

/** Placeholder until its tab lands (issue 18). */
export function XraysTab(_props: { patient: DentalPatientSummary }) {
  return null;
}
