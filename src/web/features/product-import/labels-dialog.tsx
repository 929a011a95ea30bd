import { Download, ExternalLink, FileText, Printer } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { formatLabelPrice, LABEL_LAYOUT_IDS, LABEL_LAYOUTS, type LabelLayoutId, labelSymbology, sheetsFor } from "../../../shared/catalog/barcode";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input, NativeSelect } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { saveFile, todayStamp } from "./download";
import { buildLabelsPdf, type LabelProduct, MAX_LABELS } from "./labels-pdf";

export type { LabelProduct };

export interface ProductLabelsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The products to label (e.g. the list's current page or its selection). */
  products: LabelProduct[];
}

const MAX_COPIES = 999;
const toCopies = (value: string) => Math.min(MAX_COPIES, Math.max(0, Math.floor(Number(value) || 0)));

/**
 * Print labels: copies per product and the label size (Letter 3 × 10 or 2 × 7), then a PDF
 * (pdfmake) with each label's name, price and barcode (bwip-js) to open or download.
 */
export function ProductLabelsDialog({ open, onOpenChange, products }: ProductLabelsDialogProps) {
  const { t } = useTranslation();
  const [layoutId, setLayoutId] = React.useState<LabelLayoutId>("letter3x10");
  const [copies, setCopies] = React.useState<Record<string, number>>({});
  const [forAll, setForAll] = React.useState("1");
  const [pdf, setPdf] = React.useState<{ url: string; blob: Blob } | null>(null);
  const [busy, setBusy] = React.useState(false);

  const dropPdf = React.useCallback(() => {
    setPdf((current) => {
      if (current) URL.revokeObjectURL(current.url);
      return null;
    });
  }, []);

  // Each opening starts with one label per product.
  React.useEffect(() => {
    if (!open) return;
    setCopies(Object.fromEntries(products.map((p) => [p.id, 1])));
    setForAll("1");
    dropPdf();
  }, [open]);
  React.useEffect(() => dropPdf, []);

  const copiesOf = (id: string) => copies[id] ?? 1;
  const total = products.reduce((sum, p) => sum + copiesOf(p.id), 0);
  const sheets = sheetsFor(LABEL_LAYOUTS[layoutId], total);
  const tooMany = total > MAX_LABELS;

  const change = (next: Record<string, number>) => {
    setCopies(next);
    dropPdf();
  };

  const generate = async () => {
    setBusy(true);
    try {
      const blob = await buildLabelsPdf(
        products.map((product) => ({ product, copies: copiesOf(product.id) })).filter((i) => i.copies > 0),
        layoutId,
        { noCode: t("productImport:labels.noCode"), title: t("productImport:labels.title") },
      );
      dropPdf();
      setPdf({ blob, url: URL.createObjectURL(blob) });
      toast({ variant: "success", title: t("productImport:labels.ready") });
    } catch {
      toast({ variant: "destructive", title: t("productImport:labels.error") });
    } finally {
      setBusy(false);
    }
  };
  const fileName = t("productImport:labels.fileName", { date: todayStamp() });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common:actions.close")} className="max-h-[92vh] max-w-3xl overflow-y-auto" data-testid="product-labels-dialog">
        <DialogHeader>
          <DialogTitle>{t("productImport:labels.title")}</DialogTitle>
          <DialogDescription>{t("productImport:labels.description")}</DialogDescription>
        </DialogHeader>
        {products.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("productImport:labels.noProducts")}</p>
        ) : (
          <div className="grid gap-4">
            <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
              <div className="grid gap-1.5">
                <Label htmlFor="labels-layout">{t("productImport:labels.layout")}</Label>
                <NativeSelect
                  id="labels-layout"
                  value={layoutId}
                  onChange={(e) => {
                    setLayoutId(e.target.value as LabelLayoutId);
                    dropPdf();
                  }}
                  data-testid="labels-layout"
                >
                  {LABEL_LAYOUT_IDS.map((id) => (
                    <option key={id} value={id}>
                      {t(`productImport:labels.layouts.${id}`)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="labels-for-all">{t("productImport:labels.copiesForAll")}</Label>
                <div className="flex gap-2">
                  <Input id="labels-for-all" type="number" min={0} max={MAX_COPIES} inputMode="numeric" className="w-24" value={forAll} onChange={(e) => setForAll(e.target.value)} />
                  <Button variant="outline" onClick={() => change(Object.fromEntries(products.map((p) => [p.id, toCopies(forAll)])))}>
                    {t("productImport:labels.apply")}
                  </Button>
                </div>
              </div>
            </div>
            <div className="max-h-80 overflow-auto rounded-md border">
              <Table data-testid="labels-table">
                <THead>
                  <TR>
                    <TH className="sticky top-0 bg-muted">{t("productImport:labels.product")}</TH>
                    <TH className="sticky top-0 bg-muted">{t("productImport:labels.code")}</TH>
                    <TH className="sticky top-0 bg-muted text-right">{t("productImport:labels.price")}</TH>
                    <TH className="sticky top-0 w-28 bg-muted text-right">{t("productImport:labels.copies")}</TH>
                  </TR>
                </THead>
                <TBody>
                  {products.map((p) => {
                    const symbol = labelSymbology(p.barcode, p.sku);
                    return (
                      <TR key={p.id} data-testid="labels-row">
                        <TD>
                          <div className="font-medium">{p.name}</div>
                          <div className="font-mono text-xs text-muted-foreground">{p.sku}</div>
                        </TD>
                        <TD className="text-xs">
                          {symbol ? (
                            <>
                              <span className="font-mono">{symbol.text}</span>
                              <span className="ml-2 text-muted-foreground">{symbol.symbology === "ean13" ? "EAN-13" : "Code 128"}</span>
                            </>
                          ) : (
                            <span className="text-muted-foreground">{t("productImport:labels.noCode")}</span>
                          )}
                        </TD>
                        <TD className="whitespace-nowrap text-right tabular-nums">{formatLabelPrice(p.price)}</TD>
                        <TD className="text-right">
                          <Input
                            type="number"
                            min={0}
                            max={MAX_COPIES}
                            inputMode="numeric"
                            className="ml-auto h-9 w-20 text-right"
                            aria-label={t("productImport:labels.copiesOf", { name: p.name })}
                            value={copiesOf(p.id)}
                            onChange={(e) => change({ ...copies, [p.id]: toCopies(e.target.value) })}
                          />
                        </TD>
                      </TR>
                    );
                  })}
                </TBody>
              </Table>
            </div>
            <p className="text-sm text-muted-foreground" data-testid="labels-total">
              {t("productImport:labels.total", { labels: t("productImport:labels.labelCount", { count: total }), sheets: t("productImport:labels.sheetCount", { count: sheets }) })}
            </p>
            {total === 0 ? <p className="text-sm text-destructive">{t("productImport:labels.noCopies")}</p> : null}
            {tooMany ? <p className="text-sm text-destructive">{t("productImport:labels.tooMany", { max: MAX_LABELS })}</p> : null}
          </div>
        )}
        <DialogFooter className="flex-wrap">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("common:actions.cancel")}
          </Button>
          {pdf ? (
            <>
              <Button variant="outline" onClick={() => window.open(pdf.url, "_blank", "noopener")} data-testid="labels-open">
                <ExternalLink />
                {t("productImport:labels.open")}
              </Button>
              <Button onClick={() => saveFile(pdf.blob, fileName, "application/pdf")} data-testid="labels-download">
                <Download />
                {t("productImport:labels.download")}
              </Button>
            </>
          ) : (
            <Button onClick={() => void generate()} disabled={busy || products.length === 0 || total === 0 || tooMany} data-testid="labels-generate">
              {busy ? <FileText /> : <Printer />}
              {busy ? t("productImport:labels.generating") : t("productImport:labels.generate")}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
