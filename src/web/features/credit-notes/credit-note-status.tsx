import { useTranslation } from "react-i18next";
import type { CreditNoteStatus } from "../../../shared/credit-notes/rules";
import { Badge } from "../../components/ui/badge";

const VARIANT: Record<CreditNoteStatus, "success" | "warning" | "destructive" | "outline" | "secondary"> = {
  pending: "secondary",
  approved: "success",
  rejected: "destructive",
  used: "outline",
  partially_used: "warning",
};

export function CreditNoteStatusBadge({ status }: { status: CreditNoteStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={VARIANT[status] ?? "outline"} data-testid="credit-note-status" data-status={status}>
      {t(`creditNotes:status.${status}`)}
    </Badge>
  );
}
