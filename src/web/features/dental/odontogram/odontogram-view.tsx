import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarClock, History } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { applyEvent, type Chart, chartLayout, surfaceLabel, surfacesOf, toothLabel } from "../../../../shared/dental/chart";
import { ALL_TEETH, type ChartNotation, type Dentition, type Surface, TOOTH_STATUSES, type ToothStatus } from "../../../../shared/dental/constants";
import { useTRPC } from "../../../app/trpc";
import { PaginationBar } from "../../../components/pagination";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Skeleton, SkeletonRows } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { formatDate, formatDateTime, todayInSantoDomingo } from "../../../lib/dates";
import { cn } from "../../../lib/utils";
import { ChartLegend, StatusPatterns, StatusSwatch, Tooth, ToothRow, toothName } from "./odontogram-chart";

type ChartData = { patientId: string; at: string | null; dentition: Dentition; eventCount: number; teeth: { tooth: number; whole: ToothStatus | null; surfaces: Partial<Record<string, ToothStatus>> }[] };

type ChartRow = ChartData["teeth"][number];

/** The rows keyed by tooth; each row is its tooth's state as is, so an unchanged tooth keeps its object (and is not drawn again). */
function toChart(data: ChartData | undefined): Chart {
  return new Map((data?.teeth ?? []).map((r) => [r.tooth, r]));
}

/** The rows with the changes applied; the rows of other teeth are the same objects. */
function withChanges(rows: ChartRow[], changes: { tooth: number; surface: string; status: ToothStatus }[]): ChartRow[] {
  const byTooth = new Map(rows.map((r) => [r.tooth, r]));
  for (const c of changes) {
    const one: Chart = new Map();
    const current = byTooth.get(c.tooth);
    if (current) one.set(c.tooth, current);
    applyEvent(one, { tooth: c.tooth, surface: c.surface as Surface, status: c.status });
    const next = one.get(c.tooth);
    if (next) byTooth.set(c.tooth, { tooth: c.tooth, whole: next.whole, surfaces: next.surfaces });
    else byTooth.delete(c.tooth);
  }
  return [...byTooth.values()].sort((a, b) => a.tooth - b.tooth);
}

/**
 * Whether the chart's box is too narrow for an arch on one row (16 teeth under ~36 px each are hard
 * to hit): then each quadrant is a row of its own. Measured on the box, not the window, so a tablet
 * with the side menu open gets the roomy layout too.
 */
function useNarrow(ref: React.RefObject<HTMLElement | null>) {
  const [narrow, setNarrow] = React.useState(() => typeof window !== "undefined" && window.innerWidth < 1024);
  React.useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setNarrow(el.clientWidth < 600);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return narrow;
}

/**
 * The odontogram of a patient (profile tab and /home/dental/odontogram): the chart now (editable,
 * right 'clinical') or at a past date (read-only), the legend and the history of changes.
 */
export function OdontogramView({ patientId, dentition: initialDentition }: { patientId: string; dentition: Dentition }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  // The practice's chart notation (FDI, universal or Palmer) labels the teeth; FDI until it is read.
  const settings = useQuery({ ...trpc.dental.getSettings.queryOptions(), staleTime: 60_000, meta: { silent: true } });
  const notation: ChartNotation = settings.data?.chartNotation ?? "fdi";
  const qc = useQueryClient();
  const prefix = `odo-${React.useId().replace(/:/g, "")}`;
  const [dentition, setDentition] = React.useState<Dentition>(initialDentition);
  const [at, setAt] = React.useState("");
  const today = todayInSantoDomingo();
  const readOnly = at !== "" && at < today;
  const chartInput = { patientId, at: readOnly ? at : null };
  const chartQuery = useQuery({ ...trpc.dental.getChart.queryOptions(chartInput), placeholderData: keepPreviousData });
  const chart = React.useMemo(() => toChart(chartQuery.data as ChartData | undefined), [chartQuery.data]);
  const [picking, setPicking] = React.useState<{ tooth: number; surface: Surface } | null>(null);
  // The chart is drawn first; the history panel follows in the next, interruptible render.
  const [showHistory, setShowHistory] = React.useState(false);
  React.useEffect(() => React.startTransition(() => setShowHistory(true)), []);
  const liveKey = trpc.dental.getChart.queryKey({ patientId, at: null });

  const record = useMutation(
    trpc.dental.recordToothChanges.mutationOptions({
      onError: (error) => {
        toast({ variant: "destructive", title: t("dental:odontogram.saveError"), description: error.message });
      },
      onSuccess: (data) => {
        qc.setQueryData(liveKey, data);
        void qc.invalidateQueries(trpc.dental.getToothHistory.pathFilter());
      },
    }),
  );

  const apply = (status: ToothStatus, note: string) => {
    if (!picking) return;
    const changes = [{ tooth: picking.tooth, surface: picking.surface, status, note: note || null }];
    // The change shows at once (before the request leaves); the server's chart replaces it when it answers.
    const before = qc.getQueryData(liveKey);
    if (before) qc.setQueryData(liveKey, { ...before, eventCount: before.eventCount + 1, teeth: withChanges(before.teeth as ChartRow[], changes) });
    setPicking(null);
    record.mutate({ patientId, changes }, { onError: () => before && qc.setQueryData(liveKey, before) });
  };

  return (
    <div className="grid gap-4" data-testid="odontogram">
      <svg width="0" height="0" className="absolute" aria-hidden>
        <StatusPatterns prefix={prefix} />
      </svg>
      <Card>
        <CardHeader className="gap-3">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <CardTitle>{t("dental:area.odontogram")}</CardTitle>
            <div className="flex flex-wrap items-end gap-3">
              <fieldset className="flex gap-1">
                <legend className="sr-only">{t("dental:fields.dentition")}</legend>
                {(["adult", "child"] as const).map((d) => (
                  <Button key={d} size="sm" variant={dentition === d ? "default" : "outline"} aria-pressed={dentition === d} onClick={() => setDentition(d)} data-testid={`dentition-${d}`}>
                    {t(`dental:dentition.${d}`)}
                  </Button>
                ))}
              </fieldset>
              <div className="grid gap-1">
                <Label htmlFor={`${prefix}-at`}>{t("dental:odontogram.viewAt")}</Label>
                <div className="flex gap-1">
                  <Input id={`${prefix}-at`} type="date" max={today} value={at} onChange={(e) => setAt(e.target.value)} className="w-40" data-testid="odontogram-at" />
                  {at ? (
                    <Button variant="ghost" size="sm" className="h-10" onClick={() => setAt("")} data-testid="odontogram-today">
                      {t("dental:odontogram.today")}
                    </Button>
                  ) : null}
                </div>
              </div>
            </div>
          </div>
          {readOnly ? (
            <p className="flex items-center gap-2 rounded-md border border-dashed bg-muted/40 p-2 text-sm" role="status" data-testid="odontogram-readonly">
              <CalendarClock className="size-4 shrink-0" aria-hidden />
              {t("dental:odontogram.readOnly", { date: formatDate(at) })}
            </p>
          ) : (
            <p className="text-xs text-muted-foreground">{t("dental:odontogram.keyboardHint")}</p>
          )}
        </CardHeader>
        <CardContent className="grid gap-4">
          {chartQuery.isLoading ? (
            <Skeleton className="h-48 w-full" />
          ) : (
            <ChartRows dentition={dentition} chart={chart} notation={notation} readOnly={readOnly} prefix={prefix} onPick={(tooth, surface) => !readOnly && setPicking({ tooth, surface })} />
          )}
          <ChartLegend prefix={`${prefix}-legend`} />
        </CardContent>
      </Card>
      {showHistory ? <ToothHistory patientId={patientId} notation={notation} /> : <Skeleton className="h-40 w-full" />}
      <StatusMenu picking={picking} chart={chart} notation={notation} prefix={prefix} onClose={() => setPicking(null)} onApply={apply} />
    </div>
  );
}

/** The arches with a roving focus: arrows move between teeth, Enter opens the status menu. */
function ChartRows({
  dentition,
  chart,
  notation,
  readOnly,
  prefix,
  onPick,
}: {
  dentition: Dentition;
  chart: Chart;
  notation: ChartNotation;
  readOnly: boolean;
  prefix: string;
  onPick(tooth: number, surface: Surface): void;
}) {
  const { t } = useTranslation();
  const box = React.useRef<HTMLDivElement>(null);
  const narrow = useNarrow(box);
  const { upper, lower } = chartLayout(dentition);
  const half = upper.length / 2;
  const rows = narrow ? [upper.slice(0, half), upper.slice(half), lower.slice(0, half), lower.slice(half)] : [upper, lower];
  const upperRows = narrow ? 2 : 1;
  const [focusTooth, setFocusTooth] = React.useState<number>(upper[0]!);
  const current = rows.flat().includes(focusTooth) ? focusTooth : upper[0]!;
  const refs = React.useRef(new Map<number, SVGGElement>());
  const registerRef = React.useCallback((tooth: number, el: SVGGElement | null) => {
    if (el) refs.current.set(tooth, el);
    else refs.current.delete(tooth);
  }, []);
  const pickRef = React.useRef(onPick);
  pickRef.current = onPick;
  const stablePick = React.useCallback((tooth: number, surface: Surface) => pickRef.current(tooth, surface), []);
  const rowsRef = React.useRef(rows);
  rowsRef.current = rows;

  const onKeyDown = React.useCallback((e: React.KeyboardEvent, tooth: number) => {
    const all = rowsRef.current;
    const r = all.findIndex((row) => row.includes(tooth));
    const i = all[r]!.indexOf(tooth);
    let next: number | undefined;
    if (e.key === "ArrowRight") next = all[r]![i + 1] ?? all[r + 1]?.[0];
    else if (e.key === "ArrowLeft") next = all[r]![i - 1] ?? all[r - 1]?.at(-1);
    else if (e.key === "ArrowDown") next = all[r + 1]?.[Math.min(i, all[r + 1]!.length - 1)];
    else if (e.key === "ArrowUp") next = all[r - 1]?.[Math.min(i, all[r - 1]!.length - 1)];
    else if (e.key === "Home") next = all[0]![0];
    else if (e.key === "End") next = all.at(-1)!.at(-1);
    else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      pickRef.current(tooth, "general");
      return;
    } else return;
    e.preventDefault();
    if (next !== undefined) {
      setFocusTooth(next);
      refs.current.get(next)?.focus();
    }
  }, []);

  return (
    <div ref={box} className={cn("grid justify-items-center gap-2", readOnly && "opacity-90")} data-testid="odontogram-chart" data-readonly={readOnly || undefined}>
      {rows.map((row, r) => (
        <React.Fragment key={row[0]}>
          {r === upperRows ? <div className="h-px w-full max-w-[760px] bg-border" aria-hidden /> : null}
          <ToothRow teeth={row} label={r < upperRows ? t("dental:selector.upper") : t("dental:selector.lower")}>
            {(tooth) => (
              <Tooth
                tooth={tooth}
                state={chart.get(tooth)}
                name={toothName(t, tooth, chart.get(tooth), notation)}
                notation={notation}
                labelBelow={r >= upperRows}
                focused={tooth === current}
                readOnly={readOnly}
                prefix={prefix}
                onPick={stablePick}
                onFocusTooth={setFocusTooth}
                onKeyDown={onKeyDown}
                registerRef={registerRef}
              />
            )}
          </ToothRow>
        </React.Fragment>
      ))}
    </div>
  );
}

/** Pick the surface (the clicked one is chosen) and the status; a status button saves at once. */
function StatusMenu({
  picking,
  chart,
  notation,
  prefix,
  onClose,
  onApply,
}: {
  picking: { tooth: number; surface: Surface } | null;
  chart: Chart;
  notation: ChartNotation;
  prefix: string;
  onClose(): void;
  onApply(status: ToothStatus, note: string): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={picking !== null} onOpenChange={(open) => !open && onClose()}>
      {picking ? <StatusMenuBody key={`${picking.tooth}-${picking.surface}`} picking={picking} chart={chart} notation={notation} prefix={prefix} onApply={onApply} closeLabel={t("common:actions.close")} /> : null}
    </Dialog>
  );
}

function StatusMenuBody({
  picking,
  chart,
  notation,
  prefix,
  onApply,
  closeLabel,
}: {
  picking: { tooth: number; surface: Surface };
  chart: Chart;
  notation: ChartNotation;
  prefix: string;
  onApply(status: ToothStatus, note: string): void;
  closeLabel: string;
}) {
  const { t } = useTranslation();
  const [surface, setSurface] = React.useState<Surface>(picking.surface);
  const [note, setNote] = React.useState("");
  const state = chart.get(picking.tooth);
  const current = surface === "general" ? (state?.whole ?? null) : (state?.surfaces[surface] ?? null);
  const tooth = toothLabel(picking.tooth, notation);
  return (
    <DialogContent closeLabel={closeLabel} className="max-w-lg" data-testid="tooth-status-menu">
      <DialogHeader>
        <DialogTitle>{t("dental:selector.tooth", { tooth })}</DialogTitle>
        <DialogDescription>{t("dental:odontogram.menuHint")}</DialogDescription>
      </DialogHeader>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1 text-sm font-medium">{t("dental:odontogram.surface")}</legend>
        <div className="flex flex-wrap gap-1">
          {surfacesOf(picking.tooth).map((s) => (
            <Button
              key={s.surface}
              size="sm"
              variant={surface === s.surface ? "default" : "outline"}
              aria-pressed={surface === s.surface}
              onClick={() => setSurface(s.surface)}
              data-testid={`surface-${s.surface}`}
            >
              {t(`dental:surfaces.${s.label}`)}
            </Button>
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1 text-sm font-medium">{t("dental:odontogram.status")}</legend>
        <div className="grid grid-cols-2 gap-1 sm:grid-cols-3">
          {TOOTH_STATUSES.map((s, i) => (
            <Button
              key={s}
              variant="outline"
              autoFocus={i === 0}
              className={cn("justify-start", current === s && "border-primary ring-2 ring-primary/40")}
              aria-current={current === s || undefined}
              onClick={() => onApply(s, note)}
              data-testid={`status-${s}`}
            >
              <StatusSwatch status={s} prefix={prefix} className="text-foreground" />
              {t(`dental:toothStatus.${s}`)}
            </Button>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor="tooth-note">{t("dental:odontogram.note")}</Label>
        <Input id="tooth-note" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} placeholder={t("dental:odontogram.notePlaceholder")} />
      </div>
      <p className="text-xs text-muted-foreground">{t("dental:odontogram.surfaceNow", { surface: t(`dental:surfaces.${surfaceLabel(picking.tooth, surface)}`), status: t(`dental:toothStatus.${current ?? "healthy"}`) })}</p>
    </DialogContent>
  );
}

/** Every change of the chart, newest first, filterable by tooth. */
const ToothHistory = React.memo(function ToothHistory({ patientId, notation }: { patientId: string; notation: ChartNotation }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const [tooth, setTooth] = React.useState<number | null>(null);
  const [page, setPage] = React.useState(1);
  const [pageSize, setPageSize] = React.useState(10);
  const history = useQuery({ ...trpc.dental.getToothHistory.queryOptions({ patientId, tooth, page, pageSize }), placeholderData: keepPreviousData });
  const rows = history.data?.data ?? [];
  return (
    <Card data-testid="tooth-history">
      <CardHeader>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <CardTitle className="flex items-center gap-2">
            <History className="size-5" aria-hidden />
            {t("dental:odontogram.history")}
          </CardTitle>
          <div className="grid gap-1">
            <Label htmlFor={`history-tooth-${patientId}`}>{t("dental:odontogram.filterTooth")}</Label>
            <NativeSelect
              id={`history-tooth-${patientId}`}
              value={tooth ?? ""}
              onChange={(e) => {
                setTooth(e.target.value ? Number(e.target.value) : null);
                setPage(1);
              }}
              data-testid="history-tooth-filter"
            >
              <option value="">{t("dental:odontogram.allTeeth")}</option>
              {ALL_TEETH.map((n) => (
                <option key={n} value={n}>
                  {toothLabel(n, notation)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Table stack aria-label={t("dental:odontogram.history")}>
          <THead>
            <TR>
              <TH>{t("dental:odontogram.when")}</TH>
              <TH>{t("dental:odontogram.tooth")}</TH>
              <TH>{t("dental:odontogram.surface")}</TH>
              <TH>{t("dental:odontogram.status")}</TH>
              <TH className="hidden md:table-cell">{t("dental:odontogram.who")}</TH>
              <TH className="hidden lg:table-cell">{t("dental:odontogram.link")}</TH>
            </TR>
          </THead>
          <TBody>
            {history.isLoading ? <SkeletonRows cols={6} /> : null}
            {rows.map((r) => (
              <TR key={r.id} data-testid="history-row" data-tooth={r.tooth} data-status={r.status}>
                <TD stack="primary" className="whitespace-nowrap text-sm">
                  {formatDateTime(r.recordedAt, i18n.language)}
                </TD>
                <TD label={t("dental:odontogram.tooth")} className="font-semibold tabular-nums">
                  {toothLabel(r.tooth, notation)}
                </TD>
                <TD label={t("dental:odontogram.surface")}>{t(`dental:surfaces.${surfaceLabel(r.tooth, r.surface)}`)}</TD>
                <TD label={t("dental:odontogram.status")}>
                  {t(`dental:toothStatus.${r.status}`)}
                  {r.note ? <div className="text-xs text-muted-foreground">{r.note}</div> : null}
                </TD>
                <TD className="hidden md:table-cell" label={t("dental:odontogram.who")}>
                  {r.recordedBy ?? "—"}
                </TD>
                <TD className="hidden lg:table-cell" label={t("dental:odontogram.link")}>
                  {r.clinicalRecordId ? (
                    <Link className="text-primary hover:underline" to={`/home/dental/patients/${patientId}?tab=history`}>
                      {t("dental:odontogram.record", { date: formatDate(r.clinicalRecordDate, i18n.language) })}
                    </Link>
                  ) : r.planId ? (
                    <Link className="text-primary hover:underline" to={`/home/dental/plans/${r.planId}`}>
                      {t("dental:odontogram.procedure", { name: r.planProcedureName })}
                    </Link>
                  ) : (
                    "—"
                  )}
                </TD>
              </TR>
            ))}
            {!history.isLoading && rows.length === 0 ? (
              <TR>
                <TD colSpan={6} className="py-8 text-center text-muted-foreground" data-testid="history-empty">
                  {t("dental:odontogram.noChanges")}
                </TD>
              </TR>
            ) : null}
          </TBody>
        </Table>
        <PaginationBar
          pagination={history.data?.pagination}
          onPage={setPage}
          onPageSize={(s) => {
            setPageSize(s);
            setPage(1);
          }}
        />
      </CardContent>
    </Card>
  );
});
