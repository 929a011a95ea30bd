import { useTranslation } from "react-i18next";
import { Badge } from "../../components/ui/badge";

export function TypeBadge({ type }: { type: string }) {
  const { t } = useTranslation();
  const variant = type === "entry" ? "success" : type === "exit" ? "destructive" : type === "transfer" ? "default" : "warning";
  return <Badge variant={variant}>{t(`inventory:types.${type}`)}</Badge>;
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const variant = status === "completed" ? "success" : status === "cancelled" ? "outline" : "secondary";
  return (
    <Badge variant={variant} data-testid="movement-status">
      {t(`inventory:statuses.${status}`)}
    </Badge>
  );
}
