import { TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";

/** The patient's allergies, shown wherever a prescription or a treatment is made (issue 18 §3). Nothing when none. */
export function AllergyWarning({ allergies }: { allergies: readonly string[] }) {
  const { t } = useTranslation();
  if (allergies.length === 0) return null;
  return (
    <div role="alert" className="flex items-start gap-2 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-testid="allergy-warning">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        <strong>{t("dental:allergies.warning")}</strong> {allergies.join(", ")}
      </p>
    </div>
  );
}
