import { useTranslation } from "react-i18next";
import { Badge } from "../../components/ui/badge";

const VARIANTS: Record<string, "success" | "warning" | "default" | "outline"> = {
  open: "default",
  partially_paid: "warning",
  paid: "success",
  cancelled: "outline",
};

export function BillStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant={VARIANTS[status] ?? "default"} data-testid="bill-status">
      {t(`payables:statuses.${status}`)}
    </Badge>
  );
}
