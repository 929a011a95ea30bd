import { useTranslation } from "react-i18next";
import { Button } from "./ui/button";

/** A form's Cancel and Save buttons: Save submits, is off while saving (or when `disabled`) and says 'Guardando…' meanwhile. */
export function FormActions({ pending, disabled = false, onCancel, testId }: { pending: boolean; disabled?: boolean; onCancel: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="outline" onClick={onCancel}>
        {t("common:actions.cancel")}
      </Button>
      <Button type="submit" disabled={pending || disabled} data-testid={testId}>
        {pending ? t("common:saving") : t("common:actions.save")}
      </Button>
    </>
  );
}
