import { Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge";

type Variant = "default" | "secondary" | "destructive" | "success" | "warning" | "outline";
const STATUS_VARIANT: Record<string, Variant> = { draft: "outline", review: "warning", approved: "secondary", signed: "success", filed: "default" };
const SIGNATURE_VARIANT: Record<string, Variant> = { pending: "warning", signed: "success", not_required: "outline" };

/** A document's status, signature and confidentiality badges. */
export function DocumentBadges({ doc }: { doc: { status: string; requiresSignature: boolean; signatureStatus: string; isConfidential: boolean } }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-1">
      <Badge variant={STATUS_VARIANT[doc.status] ?? "outline"}>{t(`legalDocs:statuses.${doc.status}`)}</Badge>
      {doc.requiresSignature ? <Badge variant={SIGNATURE_VARIANT[doc.signatureStatus] ?? "outline"}>{t(`legalDocs:signatureStatuses.${doc.signatureStatus}`)}</Badge> : null}
      {doc.isConfidential ? (
        <Badge variant="destructive" className="gap-1">
          <Lock className="size-3" aria-hidden="true" />
          {t("legalDocs:documents.confidential")}
        </Badge>
      ) : null}
    </span>
  );
}
