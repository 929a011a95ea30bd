import type { inferRouterOutputs } from "@trpc/server";
import { UserX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PatientStatus } from "../../../../shared/dental/constants";
import type { AppRouter } from "../../../app/trpc";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";

/** Active (green), inactive (grey), archived (outline). */
export function PatientStatusBadge({ status }: { status: PatientStatus }) {
  const { t } = useTranslation();
  const variant = status === "active" ? "success" : status === "inactive" ? "secondary" : "outline";
  return (
    <Badge variant={variant} data-testid="patient-status">
      {t(`dental:status.${status}`)}
    </Badge>
  );
}

/** dental.getPatient's answer. */
export type DentalPatient = inferRouterOutputs<AppRouter>["dental"]["getPatient"];

/** An unknown id, or another practice's patient. */
export function PatientNotFound() {
  const { t } = useTranslation();
  return (
    <div className="grid justify-items-center gap-3 py-16 text-center" data-testid="patient-not-found">
      <UserX className="size-10 text-muted-foreground" aria-hidden />
      <p className="font-medium">{t("dental:errors.patientNotFound")}</p>
      <Button asChild variant="outline">
        <Link to="/home/dental/patients">{t("dental:list.backToList")}</Link>
      </Button>
    </div>
  );
}
