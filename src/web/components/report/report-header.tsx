import { ArrowLeft, Download, FileSpreadsheet, FileText, Printer } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { formatMoney } from "../../../shared/money/format";
import { Button } from "../ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../ui/dropdown-menu";
import { toast } from "../ui/use-toast";
import { downloadBlob, type ReportData, reportToPdf, reportToXlsx } from "./report-data";

/**
 * The spec's report header (Volver, Imprimir, Exportar) shared by every report: the reports
 * area, the accounting balances and statements and the DGII previews. Volver goes to `backTo`
 * (or back in history); Imprimir prints the page (the app shell hides itself in print);
 * Exportar downloads the same rows as Excel or PDF. `children` are the report's filters.
 */
export function ReportHeader({
  title,
  subtitle,
  backTo,
  report,
  actions,
  children,
  level = 1,
  showBack = true,
}: {
  title: string;
  subtitle?: string;
  backTo?: string;
  /** h1 on a page of its own; h2 inside an area whose layout holds the h1 (the appointments area) */
  level?: 1 | 2;
  /** a report that is a tab of its area has no 'Volver' */
  showBack?: boolean;
  /** What Exportar writes; undefined while loading (Exportar is disabled). */
  report: ReportData | undefined;
  /** Extra buttons beside Exportar (e.g. 'Descargar TXT'). */
  actions?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function exportAs(kind: "xlsx" | "pdf") {
    if (!report) return;
    setBusy(true);
    try {
      const blob = kind === "xlsx" ? await reportToXlsx(report) : await reportToPdf(report, (v) => formatMoney(v, i18n.language));
      downloadBlob(blob, `${report.fileName}.${kind}`);
    } catch {
      toast({ variant: "destructive", title: t("common:report.exportFailed") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-3" data-testid="report-header">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          {level === 1 ? <h1 className="text-2xl font-bold">{title}</h1> : <h2 className="text-xl font-bold">{title}</h2>}
          {subtitle ? (
            <p className="text-sm text-muted-foreground" data-testid="report-period">
              {subtitle}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          {showBack ? (
            <Button variant="outline" onClick={() => (backTo ? navigate(backTo) : navigate(-1))}>
              <ArrowLeft className="size-4" aria-hidden />
              {t("common:report.back")}
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => window.print()}>
            <Printer className="size-4" aria-hidden />
            {t("common:report.print")}
          </Button>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" disabled={!report || busy}>
                <Download className="size-4" aria-hidden />
                {t("common:report.export")}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => void exportAs("xlsx")}>
                <FileSpreadsheet className="size-4" aria-hidden />
                {t("common:report.excel")}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void exportAs("pdf")}>
                <FileText className="size-4" aria-hidden />
                {t("common:report.pdf")}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
          {actions}
        </div>
      </div>
      {children ? <div className="flex flex-wrap items-end gap-3 print:hidden">{children}</div> : null}
    </div>
  );
}
