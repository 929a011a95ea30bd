import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { chartLayout, dentitionOf, toothBadges, toothLabel } from "../../../../shared/dental/chart";
import type { ChartNotation, Dentition } from "../../../../shared/dental/constants";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { cn } from "../../../lib/utils";

export interface ToothChartSelectorProps {
  value: number[];
  onChange(value: number[]): void;
  /** the grid the picker opens on (the patient's dentition); both grids can be picked from */
  dentition?: Dentition;
  /** labels in the practice's notation (FDI unless said) */
  notation?: ChartNotation;
  id?: string;
  disabled?: boolean;
  /** the accessible name of the trigger when no visible label points at it */
  "aria-label"?: string;
}

/**
 * The tooth-chart selector (spec 01 'Tooth chart'): a multi-select of FDI tooth numbers picked on
 * the adult and child grids, the selection shown as badges, at most 5 then '+N'. Used by the x-ray
 * and lab-order forms.
 */
export function ToothChartSelector({ value, onChange, dentition = "adult", notation = "fdi", id, disabled, "aria-label": ariaLabel }: ToothChartSelectorProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [grid, setGrid] = useState<Dentition>(dentition);
  const sorted = [...value].sort((a, b) => a - b);
  const { shown, more } = toothBadges(sorted);
  const titleId = useId();

  const toggle = (tooth: number) => {
    const next = value.includes(tooth) ? value.filter((v) => v !== tooth) : [...value, tooth];
    onChange(next.sort((a, b) => a - b));
  };

  const openPicker = () => {
    // Opens on the grid of what is picked (a child's teeth), else the patient's dentition.
    setGrid(sorted.length > 0 ? dentitionOf(sorted[0]!) : dentition);
    setOpen(true);
  };

  return (
    <>
      <Button
        id={id}
        variant="outline"
        disabled={disabled}
        onClick={openPicker}
        aria-label={ariaLabel}
        aria-haspopup="dialog"
        className="h-auto min-h-10 w-full justify-between gap-2 px-3 py-1.5 font-normal"
        data-testid="tooth-chart-selector"
      >
        <span className="flex min-w-0 flex-wrap items-center gap-1">
          {sorted.length === 0 ? (
            <span className="text-muted-foreground">{t("dental:selector.placeholder")}</span>
          ) : (
            <>
              {shown.map((tooth) => (
                <Badge key={tooth} variant="secondary" data-testid="tooth-badge">
                  {toothLabel(tooth, notation)}
                </Badge>
              ))}
              {more > 0 && (
                <Badge variant="outline" title={t("dental:selector.moreLabel", { count: more })} data-testid="tooth-badge-more">
                  {t("dental:selector.more", { count: more })}
                </Badge>
              )}
            </>
          )}
        </span>
        <ChevronDown aria-hidden className="opacity-60" />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t("common:actions.close")} className="max-w-2xl" aria-labelledby={titleId} data-testid="tooth-chart-picker">
          <DialogHeader>
            <DialogTitle id={titleId}>{t("dental:selector.dialogTitle")}</DialogTitle>
            <DialogDescription>{t("dental:selector.selectedCount", { count: value.length })}</DialogDescription>
          </DialogHeader>
          <fieldset className="flex gap-1">
            <legend className="sr-only">{t("dental:selector.label")}</legend>
            {(["adult", "child"] as const).map((d) => (
              <Button key={d} size="sm" variant={grid === d ? "default" : "outline"} aria-pressed={grid === d} onClick={() => setGrid(d)}>
                {t(`dental:selector.${d}`)}
              </Button>
            ))}
          </fieldset>
          <ToothGrid dentition={grid} notation={notation} selected={value} onToggle={toggle} />
          <DialogFooter className="flex-row justify-between gap-2 sm:justify-between">
            <Button variant="ghost" onClick={() => onChange([])} disabled={value.length === 0}>
              {t("dental:selector.clear")}
            </Button>
            <Button onClick={() => setOpen(false)}>{t("dental:selector.done")}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** Both arches of one dentition: on a phone each quadrant is a row, on wider screens each arch is. */
function ToothGrid({ dentition, notation, selected, onToggle }: { dentition: Dentition; notation: ChartNotation; selected: number[]; onToggle(tooth: number): void }) {
  const { t } = useTranslation();
  const { upper, lower } = chartLayout(dentition);
  const cols = dentition === "adult" ? "grid-cols-8 sm:grid-cols-16" : "grid-cols-5 sm:grid-cols-10";
  const arch = (teeth: number[], label: string) => (
    <fieldset className="grid gap-1">
      <legend className="mb-1 text-xs font-medium text-muted-foreground">{label}</legend>
      <div className={cn("grid gap-1", cols)}>
        {teeth.map((tooth) => {
          const on = selected.includes(tooth);
          return (
            <button
              key={tooth}
              type="button"
              aria-pressed={on}
              aria-label={t("dental:selector.tooth", { tooth: toothLabel(tooth, notation) })}
              onClick={() => onToggle(tooth)}
              className={cn(
                "h-9 min-w-0 rounded-md border text-xs font-medium tabular-nums focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring",
                on ? "border-primary bg-primary text-primary-foreground" : "bg-background hover:bg-accent",
              )}
              data-tooth={tooth}
            >
              {toothLabel(tooth, notation)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
  return (
    <div className="grid gap-3">
      {arch(upper, t("dental:selector.upper"))}
      {arch(lower, t("dental:selector.lower"))}
    </div>
  );
}
