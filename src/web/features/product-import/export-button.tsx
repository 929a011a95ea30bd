import { FileDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button, type ButtonProps } from "../../components/ui/button";
import { type ProductListFilters, useProductExport } from "./export";
import { ProgressBar } from "./progress-bar";

/**
 * 'Exportar Excel' with its progress: the button shows 'Exportando…' and, for lists longer than
 * one page, a bar underneath (n of N products).
 */
export function ProductExportButton({ filters, ...props }: { filters: ProductListFilters } & Omit<ButtonProps, "onClick">) {
  const { t } = useTranslation();
  const { exportNow, isExporting, progress, done, total } = useProductExport();
  return (
    <div className="inline-grid gap-1">
      <Button variant="outline" {...props} onClick={() => void exportNow(filters)} disabled={isExporting || props.disabled} data-testid="product-export">
        <FileDown />
        {isExporting ? t("productImport:export.exporting") : t("productImport:export.button")}
      </Button>
      {isExporting && total > 0 ? (
        <div className="grid gap-0.5" title={t("productImport:export.progress", { done, total })}>
          <ProgressBar value={progress / 100} label={t("productImport:export.progress", { done, total })} className="h-1.5" />
        </div>
      ) : null}
    </div>
  );
}
