import { useTranslation } from "react-i18next";
import { Badge } from "../../components/ui/badge";

const VARIANTS: Record<string, "success" | "destructive" | "default" | "warning" | "secondary" | "outline"> = {
  draft: "secondary",
  pending_approval: "warning",
  approved: "default",
  sent: "default",
  partially_received: "warning",
  received: "success",
  cancelled: "outline",
};

export function PurchaseStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant={VARIANTS[status] ?? "secondary"} data-testid="po-status">
      {t(`purchasing:statuses.${status}`)}
    </Badge>
  );
}
