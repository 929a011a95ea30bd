import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, Plus, Trash2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { toBig } from "../../../../shared/catalog/decimal";
import { surfaceLabel } from "../../../../shared/dental/chart";
import { ADULT_TEETH, CHILD_TEETH, DURATION_UNITS, type DurationUnit, type ProcedureScope, SURFACES, type Surface } from "../../../../shared/dental/constants";
import { type DiscountType, PLAN_CURRENCIES, type PlanCurrency, phaseEndDates, placementProblem, planTotals, planTotalsProblem } from "../../../../shared/dental/plan";
import { useTRPC } from "../../../app/trpc";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { todayInSantoDomingo } from "../../../lib/dates";
import { cn } from "../../../lib/utils";
import { AllergyWarning } from "../components/allergy-warning";
import { RequireDentalRight } from "../dental-layout";
import { usePlanMoney } from "./common";

/** /home/dental/patients/:id/plans/new: the new-plan wizard by phases (spec 03), four steps. */
export function PlanWizardPage() {
  return (
    <RequireDentalRight right="plans">
      <Wizard />
    </RequireDentalRight>
  );
}

interface ProcDraft {
  key: number;
  procedureTypeId: string;
  tooth: string;
  surfaces: Surface[];
  price: string;
}
interface PhaseDraft {
  key: number;
  name: string;
  durationValue: string;
  durationUnit: DurationUnit;
  /** the end date the user typed ('' = computed from the duration) */
  endDate: string;
  /** the cost the user typed ('' = Σ of the procedures) */
  cost: string;
  notes: string;
  procedures: ProcDraft[];
}

let seq = 0;
const nextKey = () => ++seq;
const newPhase = (): PhaseDraft => ({ key: nextKey(), name: "", durationValue: "", durationUnit: "weeks", endDate: "", cost: "", notes: "", procedures: [] });
const area = "flex min-h-16 w-full rounded-[var(--radius-button)] border border-input bg-card px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring";
const STEPS = ["basics", "phases", "costs", "review"] as const;

function Wizard() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  // ?plan=<id>: the same wizard edits a draft or proposed plan (dental.updatePlan replaces its content).
  const [search] = useSearchParams();
  const editId = search.get("plan");
  const editing = useQuery({ ...trpc.dental.getPlan.queryOptions({ id: editId ?? "" }), enabled: !!editId });
  const patient = useQuery(trpc.dental.getPatient.queryOptions({ id }));
  const catalogue = useQuery(trpc.dental.getProcedureTypes.queryOptions({}));
  const [step, setStep] = React.useState(0);
  const [name, setName] = React.useState("");
  const [diagnosis, setDiagnosis] = React.useState("");
  const [currency, setCurrency] = React.useState<PlanCurrency>("DOP");
  const [startDate, setStartDate] = React.useState(todayInSantoDomingo());
  const [phases, setPhases] = React.useState<PhaseDraft[]>([newPhase()]);
  const [discountType, setDiscountType] = React.useState<DiscountType>("amount");
  const [discountValue, setDiscountValue] = React.useState("");
  const [coverage, setCoverage] = React.useState("");
  const [notes, setNotes] = React.useState("");
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const money = usePlanMoney(currency);
  const [loadedId, setLoadedId] = React.useState<string | null>(null);
  React.useEffect(() => {
    const plan = editing.data;
    if (!plan || loadedId === plan.id) return;
    setLoadedId(plan.id);
    setName(plan.name);
    setDiagnosis(plan.diagnosis);
    setCurrency(plan.currency);
    setDiscountType(plan.discountType);
    setDiscountValue(plan.discountValue);
    setCoverage(plan.insuranceCoverage);
    setNotes(plan.notes ?? "");
    setPhases(
      plan.phases.map((f) => {
        const procedures = f.procedures.map((x) => ({ key: nextKey(), procedureTypeId: x.procedureTypeId, tooth: x.tooth === null ? "" : String(x.tooth), surfaces: x.surfaces.filter((v): v is Surface => v !== "general") as Surface[], price: x.price }));
        const sum = procedures.reduce((acc, x) => acc.plus(toBig(x.price)), toBig(0)).toFixed(2);
        return { key: nextKey(), name: f.name, durationValue: f.durationValue ? String(f.durationValue) : "", durationUnit: f.durationUnit, endDate: f.estimatedEndDate ?? "", cost: toBig(f.estimatedCost).eq(sum) ? "" : f.estimatedCost, notes: f.notes ?? "", procedures };
      }),
    );
  }, [editing.data, loadedId]);
  const types = catalogue.data ?? [];
  const typeOf = (tid: string) => types.find((x) => x.id === tid);

  const computedEnds = phaseEndDates(
    startDate || todayInSantoDomingo(),
    phases.map((p) => ({ durationValue: Number(p.durationValue) || null, durationUnit: p.durationUnit, estimatedEndDate: p.endDate || null })),
  );
  const procSum = (p: PhaseDraft) => p.procedures.reduce((s, x) => s.plus(toBig(x.price)), toBig(0)).toFixed(2);
  const phaseCost = (p: PhaseDraft) => (p.cost.trim() === "" ? procSum(p) : p.cost);
  const totalsInput = { phaseCosts: phases.map(phaseCost), discountType, discountValue: discountValue || "0", insuranceCoverage: coverage || "0" };
  const totals = planTotals(totalsInput);

  const create = useMutation(
    trpc.dental.createPlan.mutationOptions({
      onSuccess: async (plan) => {
        await qc.invalidateQueries(trpc.dental.getPlans.pathFilter());
        toast({ variant: "success", title: t("dentalClinical:wizard.created", { number: plan.number }) });
        void navigate(`/home/dental/plans/${plan.id}`);
      },
      onError: (e) => toast({ variant: "destructive", title: t("dentalClinical:wizard.createError"), description: e.message }),
    }),
  );

  const update = useMutation(
    trpc.dental.updatePlan.mutationOptions({
      onSuccess: async (plan) => {
        await qc.invalidateQueries(trpc.dental.pathFilter());
        toast({ variant: "success", title: t("dentalClinical:wizard.updated", { number: plan.number }) });
        void navigate(`/home/dental/plans/${plan.id}`);
      },
      onError: (e) => toast({ variant: "destructive", title: t("dentalClinical:wizard.updateError"), description: e.message }),
    }),
  );

  const updatePhase = (key: number, change: Partial<PhaseDraft>) => setPhases((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));
  const updateProc = (phaseKey: number, procKey: number, change: Partial<ProcDraft>) =>
    setPhases((list) => list.map((p) => (p.key === phaseKey ? { ...p, procedures: p.procedures.map((x) => (x.key === procKey ? { ...x, ...change } : x)) } : p)));

  const validate = (s: number): boolean => {
    const e: Record<string, string> = {};
    if (s === 0) {
      if (!name.trim()) e.name = t("dentalClinical:errors.planNameRequired");
      if (!diagnosis.trim()) e.diagnosis = t("dentalClinical:errors.planDiagnosisRequired");
    }
    if (s === 1) {
      if (phases.length === 0) e.phases = t("dentalClinical:errors.phasesRequired");
      for (const p of phases) {
        if (!p.name.trim()) e[`phase-${p.key}-name`] = t("dentalClinical:errors.phaseNameRequired");
        for (const x of p.procedures) {
          const type = typeOf(x.procedureTypeId);
          if (!type) {
            e[`proc-${x.key}`] = t("dentalClinical:errors.procedureRequired");
            continue;
          }
          const problem = placementProblem(type.scope as ProcedureScope, x.tooth ? Number(x.tooth) : null, x.surfaces);
          if (problem) e[`proc-${x.key}`] = t(problem.key, problem.vars);
        }
      }
    }
    if (s === 2) {
      const problem = planTotalsProblem(totalsInput);
      if (problem) e.totals = t(problem);
    }
    setErrors(e);
    return Object.keys(e).length === 0;
  };
  const next = () => {
    if (validate(step)) setStep((s) => Math.min(s + 1, STEPS.length - 1));
  };
  const save = (status: "draft" | "proposed") => {
    if (!validate(0) || !validate(1) || !validate(2)) return;
    const content = {
      name,
      diagnosis,
      currency,
      startDate,
      discountType,
      discountValue: discountValue || "0",
      insuranceCoverage: coverage || "0",
      notes,
      phases: phases.map((p) => ({
        name: p.name,
        durationValue: p.durationValue ? Number(p.durationValue) : null,
        durationUnit: p.durationUnit,
        estimatedEndDate: p.endDate || null,
        estimatedCost: p.cost.trim() === "" ? null : p.cost,
        notes: p.notes,
        procedures: p.procedures.map((x) => ({ procedureTypeId: x.procedureTypeId, tooth: x.tooth ? Number(x.tooth) : null, surfaces: x.surfaces, price: x.price })),
      })),
    };
    if (editId) update.mutate({ id: editId, ...content });
    else create.mutate({ patientId: id, status, ...content });
  };

  if (patient.isLoading || (editId && editing.isLoading)) return <Skeleton className="h-60 w-full" />;
  if (!patient.data) return <p className="text-sm text-destructive">{patient.error?.message}</p>;
  const err = (k: string) => (errors[k] ? <p className="text-xs text-destructive">{errors[k]}</p> : null);

  return (
    <div className="grid gap-4" data-testid="plan-wizard">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">{editId ? t("dentalClinical:wizard.editTitle", { number: editing.data?.number ?? "" }) : t("dentalClinical:wizard.title")}</h1>
          <p className="text-sm text-muted-foreground">{t("dentalClinical:wizard.subtitle", { name: patient.data.name })}</p>
        </div>
        <Button asChild variant="outline">
          <Link to={`/home/dental/patients/${id}`}>
            <ArrowLeft className="size-4" />
            {t("dentalClinical:wizard.backToPatient")}
          </Link>
        </Button>
      </div>
      <AllergyWarning allergies={patient.data.allergies} />
      {/* Enter in a field goes to the next step (the last step saves with its own buttons). */}
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (step < STEPS.length - 1) next();
        }}
      >
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={t("dentalClinical:wizard.steps")}>
        {STEPS.map((s, i) => (
          <li key={s} aria-current={i === step ? "step" : undefined} className={cn("rounded border px-3 py-2 text-sm", i === step ? "border-primary bg-primary/10 font-semibold" : "text-muted-foreground")}>
            {i + 1}. {t(`dentalClinical:wizard.step.${s}`)}
          </li>
        ))}
      </ol>

      {step === 0 ? (
        <Card>
          <CardContent className="grid gap-4 pt-5">
            <div className="grid gap-1.5">
              <Label htmlFor="plan-name">{t("dentalClinical:wizard.name")} *</Label>
              <Input id="plan-name" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={!!errors.name} autoFocus data-testid="plan-name" />
              {err("name")}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="plan-diagnosis">{t("dentalClinical:wizard.diagnosis")} *</Label>
              <textarea id="plan-diagnosis" className={area} rows={3} value={diagnosis} onChange={(e) => setDiagnosis(e.target.value)} aria-invalid={!!errors.diagnosis} data-testid="plan-diagnosis" />
              {err("diagnosis")}
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor="plan-currency">{t("dentalClinical:wizard.currency")}</Label>
                <NativeSelect id="plan-currency" value={currency} onChange={(e) => setCurrency(e.target.value as PlanCurrency)}>
                  {PLAN_CURRENCIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="plan-start">{t("dentalClinical:wizard.startDate")}</Label>
                <Input id="plan-start" type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} />
              </div>
            </div>
          </CardContent>
        </Card>
      ) : null}

      {step === 1 ? (
        <div className="grid gap-3">
          {err("phases")}
          {phases.map((p, i) => (
            <Card key={p.key} data-testid="wizard-phase">
              <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
                <CardTitle className="text-base">{t("dentalClinical:wizard.phaseN", { n: i + 1 })}</CardTitle>
                {phases.length > 1 ? (
                  <Button type="button" variant="ghost" size="icon" aria-label={t("dentalClinical:wizard.removePhase", { n: i + 1 })} onClick={() => setPhases((l) => l.filter((x) => x.key !== p.key))}>
                    <Trash2 className="size-4" />
                  </Button>
                ) : null}
              </CardHeader>
              <CardContent className="grid gap-3">
                <div className="grid gap-3 sm:grid-cols-2">
                  <div className="grid gap-1.5">
                    <Label htmlFor={`ph-${p.key}-name`}>{t("dentalClinical:wizard.phaseName")} *</Label>
                    <Input id={`ph-${p.key}-name`} value={p.name} onChange={(e) => updatePhase(p.key, { name: e.target.value })} aria-invalid={!!errors[`phase-${p.key}-name`]} data-testid="phase-name" />
                    {err(`phase-${p.key}-name`)}
                  </div>
                  <div className="grid grid-cols-2 gap-2">
                    <div className="grid gap-1.5">
                      <Label htmlFor={`ph-${p.key}-dur`}>{t("dentalClinical:wizard.duration")}</Label>
                      <Input id={`ph-${p.key}-dur`} inputMode="numeric" value={p.durationValue} onChange={(e) => updatePhase(p.key, { durationValue: e.target.value.replace(/\D/g, ""), endDate: "" })} data-testid="phase-duration" />
                    </div>
                    <div className="grid gap-1.5">
                      <Label htmlFor={`ph-${p.key}-unit`}>{t("dentalClinical:wizard.unit")}</Label>
                      <NativeSelect id={`ph-${p.key}-unit`} value={p.durationUnit} onChange={(e) => updatePhase(p.key, { durationUnit: e.target.value as DurationUnit, endDate: "" })} data-testid="phase-unit">
                        {DURATION_UNITS.map((u) => (
                          <option key={u} value={u}>
                            {t(`dentalClinical:units.${u}`)}
                          </option>
                        ))}
                      </NativeSelect>
                    </div>
                  </div>
                  <div className="grid gap-1.5">
                    <Label htmlFor={`ph-${p.key}-end`}>{t("dentalClinical:wizard.endDate")}</Label>
                    <Input id={`ph-${p.key}-end`} type="date" value={p.endDate || computedEnds[i] || ""} onChange={(e) => updatePhase(p.key, { endDate: e.target.value })} data-testid="phase-end" />
                    <p className="text-xs text-muted-foreground">{t("dentalClinical:wizard.endDateHint")}</p>
                  </div>
                  <div className="grid gap-1.5">
                    <Label htmlFor={`ph-${p.key}-cost`}>
                      {t("dentalClinical:wizard.estimatedCost")} ({currency})
                    </Label>
                    <Input id={`ph-${p.key}-cost`} inputMode="decimal" value={p.cost === "" ? procSum(p) : p.cost} onChange={(e) => updatePhase(p.key, { cost: e.target.value })} data-testid="phase-cost" />
                    <p className="text-xs text-muted-foreground">{t("dentalClinical:wizard.costHint")}</p>
                  </div>
                </div>
                <div className="grid gap-2">
                  <span className="text-sm font-medium">{t("dentalClinical:wizard.procedures")}</span>
                  {p.procedures.map((x) => {
                    const type = typeOf(x.procedureTypeId);
                    const scope = (type?.scope ?? "mouth") as ProcedureScope;
                    return (
                      <div key={x.key} className="grid gap-2 rounded border p-2" data-testid="wizard-procedure">
                        <div className="grid gap-2 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
                          <div className="grid gap-1">
                            <Label htmlFor={`pr-${x.key}-type`}>{t("dentalClinical:wizard.procedure")}</Label>
                            <NativeSelect
                              id={`pr-${x.key}-type`}
                              value={x.procedureTypeId}
                              onChange={(e) => {
                                const picked = typeOf(e.target.value);
                                updateProc(p.key, x.key, { procedureTypeId: e.target.value, price: picked ? toBig(picked.price).toFixed(2) : x.price, surfaces: [] });
                              }}
                              data-testid="procedure-type"
                            >
                              <option value="">{t("dentalClinical:wizard.pickProcedure")}</option>
                              {types.map((ty) => (
                                <option key={ty.id} value={ty.id}>
                                  {ty.code} · {ty.name}
                                </option>
                              ))}
                            </NativeSelect>
                          </div>
                          <div className="grid gap-1">
                            <Label htmlFor={`pr-${x.key}-tooth`}>{t("dentalClinical:wizard.tooth")}</Label>
                            <NativeSelect id={`pr-${x.key}-tooth`} value={scope === "mouth" ? "" : x.tooth} disabled={scope === "mouth"} onChange={(e) => updateProc(p.key, x.key, { tooth: e.target.value, surfaces: [] })} data-testid="procedure-tooth">
                              <option value="">{scope === "mouth" ? t("dentalClinical:wizard.wholeMouth") : t("dentalClinical:wizard.pickTooth")}</option>
                              <optgroup label={t("dentalClinical:wizard.adult")}>
                                {ADULT_TEETH.map((n) => (
                                  <option key={n} value={n}>
                                    {n}
                                  </option>
                                ))}
                              </optgroup>
                              <optgroup label={t("dentalClinical:wizard.child")}>
                                {CHILD_TEETH.map((n) => (
                                  <option key={n} value={n}>
                                    {n}
                                  </option>
                                ))}
                              </optgroup>
                            </NativeSelect>
                          </div>
                          <div className="grid gap-1">
                            <Label htmlFor={`pr-${x.key}-price`}>{t("dentalClinical:wizard.price")}</Label>
                            <Input id={`pr-${x.key}-price`} inputMode="decimal" value={x.price} onChange={(e) => updateProc(p.key, x.key, { price: e.target.value })} />
                          </div>
                          <Button type="button" variant="ghost" size="icon" aria-label={t("dentalClinical:wizard.removeProcedure")} onClick={() => updatePhase(p.key, { procedures: p.procedures.filter((y) => y.key !== x.key) })}>
                            <Trash2 className="size-4" />
                          </Button>
                        </div>
                        {scope === "surface" && x.tooth ? (
                          <fieldset className="flex flex-wrap gap-3">
                            <legend className="sr-only">{t("dentalClinical:wizard.surfaces")}</legend>
                            {SURFACES.filter((s) => s !== "general").map((s) => (
                              <label key={s} className="flex items-center gap-1 text-sm">
                                <input
                                  type="checkbox"
                                  checked={x.surfaces.includes(s)}
                                  onChange={(e) => updateProc(p.key, x.key, { surfaces: e.target.checked ? [...x.surfaces, s] : x.surfaces.filter((y) => y !== s) })}
                                  data-testid={`surface-${s}`}
                                />
                                {t(`dental:surfaces.${surfaceLabel(Number(x.tooth), s)}`)}
                              </label>
                            ))}
                          </fieldset>
                        ) : null}
                        {err(`proc-${x.key}`)}
                      </div>
                    );
                  })}
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="justify-self-start"
                    onClick={() => updatePhase(p.key, { procedures: [...p.procedures, { key: nextKey(), procedureTypeId: "", tooth: "", surfaces: [], price: "" }] })}
                    data-testid="procedure-add"
                  >
                    <Plus className="size-4" />
                    {t("dentalClinical:wizard.addProcedure")}
                  </Button>
                  {types.length === 0 && !catalogue.isLoading ? <p className="text-xs text-muted-foreground">{t("dentalClinical:wizard.emptyCatalogue")}</p> : null}
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor={`ph-${p.key}-notes`}>{t("dentalClinical:wizard.notes")}</Label>
                  <textarea id={`ph-${p.key}-notes`} className={area} rows={2} value={p.notes} onChange={(e) => updatePhase(p.key, { notes: e.target.value })} />
                </div>
              </CardContent>
            </Card>
          ))}
          <Button type="button" variant="outline" className="justify-self-start" onClick={() => setPhases((l) => [...l, newPhase()])} data-testid="phase-add">
            <Plus className="size-4" />
            {t("dentalClinical:wizard.addPhase")}
          </Button>
        </div>
      ) : null}

      {step === 2 ? (
        <Card>
          <CardContent className="grid gap-4 pt-5">
            <div className="grid gap-3 sm:grid-cols-3">
              <div className="grid gap-1.5">
                <Label htmlFor="plan-discount-type">{t("dentalClinical:wizard.discountType")}</Label>
                <NativeSelect id="plan-discount-type" value={discountType} onChange={(e) => setDiscountType(e.target.value as DiscountType)}>
                  <option value="amount">{t("dentalClinical:wizard.discountAmount")}</option>
                  <option value="percent">{t("dentalClinical:wizard.discountPercent")}</option>
                </NativeSelect>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="plan-discount">{t("dentalClinical:wizard.discount")}</Label>
                <Input id="plan-discount" inputMode="decimal" value={discountValue} onChange={(e) => setDiscountValue(e.target.value)} placeholder="0" data-testid="plan-discount" />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="plan-coverage">{t("dentalClinical:wizard.coverage")}</Label>
                <Input id="plan-coverage" inputMode="decimal" value={coverage} onChange={(e) => setCoverage(e.target.value)} placeholder="0" data-testid="plan-coverage" />
              </div>
            </div>
            {err("totals")}
            <Totals totals={totals} money={money} />
            <div className="grid gap-1.5">
              <Label htmlFor="plan-notes">{t("dentalClinical:wizard.planNotes")}</Label>
              <textarea id="plan-notes" className={area} rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
            </div>
          </CardContent>
        </Card>
      ) : null}

      {step === 3 ? (
        <Card data-testid="wizard-review">
          <CardContent className="grid gap-3 pt-5">
            <p>
              <strong>{name}</strong>
            </p>
            <p className="whitespace-pre-wrap text-sm">{diagnosis}</p>
            {phases.map((p, i) => (
              <div key={p.key} className="grid gap-1 rounded border p-2 text-sm">
                <p className="font-medium">
                  {t("dentalClinical:wizard.phaseN", { n: i + 1 })}: {p.name} · {money(phaseCost(p))}
                  {computedEnds[i] ? ` · ${t("dentalClinical:wizard.until", { date: computedEnds[i] })}` : ""}
                </p>
                <ul className="list-inside list-disc text-muted-foreground">
                  {p.procedures.map((x) => (
                    <li key={x.key}>
                      {typeOf(x.procedureTypeId)?.name} {x.tooth ? `· ${x.tooth}` : ""} {x.surfaces.length ? `(${x.surfaces.map((s) => t(`dental:surfaces.${surfaceLabel(Number(x.tooth), s)}`)).join(", ")})` : ""} · {money(x.price)}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            <Totals totals={totals} money={money} />
          </CardContent>
        </Card>
      ) : null}

      <div className="flex flex-wrap justify-between gap-2">
        <Button type="button" variant="outline" disabled={step === 0} onClick={() => setStep((s) => Math.max(0, s - 1))}>
          <ArrowLeft className="size-4" />
          {t("dentalClinical:wizard.back")}
        </Button>
        {step < STEPS.length - 1 ? (
          <Button type="submit" data-testid="wizard-next">
            {t("dentalClinical:wizard.next")}
            <ArrowRight className="size-4" />
          </Button>
        ) : (
          editId ? (
            <Button type="button" disabled={update.isPending} onClick={() => save("draft")} data-testid="wizard-save-changes">
              {t("dentalClinical:wizard.saveChanges")}
            </Button>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" disabled={create.isPending} onClick={() => save("draft")} data-testid="wizard-save-draft">
                {t("dentalClinical:wizard.saveDraft")}
              </Button>
              <Button type="button" disabled={create.isPending} onClick={() => save("proposed")} data-testid="wizard-propose">
                {t("dentalClinical:wizard.propose")}
              </Button>
            </div>
          )
        )}
      </div>
      </form>
    </div>
  );
}

export function Totals({ totals, money }: { totals: { subtotal: string; discount: string; coverage: string; patientShare: string }; money: (v: string) => string }) {
  const { t } = useTranslation();
  return (
    <dl className="ml-auto grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="plan-totals">
      <dt>{t("dentalClinical:totals.subtotal")}</dt>
      <dd className="text-right tabular-nums">{money(totals.subtotal)}</dd>
      <dt>{t("dentalClinical:totals.discount")}</dt>
      <dd className="text-right tabular-nums">− {money(totals.discount)}</dd>
      <dt>{t("dentalClinical:totals.coverage")}</dt>
      <dd className="text-right tabular-nums">− {money(totals.coverage)}</dd>
      <dt className="font-semibold">{t("dentalClinical:totals.patientShare")}</dt>
      <dd className="text-right font-semibold tabular-nums" data-testid="plan-patient-share">
        {money(totals.patientShare)}
      </dd>
    </dl>
  );
}
