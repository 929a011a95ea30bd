import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, MoreHorizontal, Pencil } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import type { PatientStatus } from "../../../../shared/dental/constants";
import { activeConditions, ageOn, displayIdentification, fileNumber } from "../../../../shared/dental/patient";
import type { DentalRight } from "../../../../shared/dental/permissions";
import { errorCode, useTRPC } from "../../../app/trpc";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../../components/ui/dropdown-menu";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { formatDate, todayInSantoDomingo } from "../../../lib/dates";
import { cn } from "../../../lib/utils";
import { AccessDenied } from "../../shell/guards";
import { HistoryTab } from "../clinical/history-tab";
import { TreatmentsTab } from "../clinical/treatments-tab";
import { AllergyWarning } from "../components/allergy-warning";
import type { DentalPatientSummary } from "../components/types";
import { DENTAL_AREA_RIGHTS, useDentalRights } from "../dental-layout";
import { DocumentsTab } from "../files/documents-tab";
import { LabOrdersTab } from "../files/lab-orders-tab";
import { PrescriptionsTab } from "../files/prescriptions-tab";
import { XraysTab } from "../files/xrays-tab";
import { OdontogramView } from "../odontogram/odontogram-view";
import { type DentalPatient, PatientNotFound, PatientStatusBadge } from "./patient-common";

type TabKey = "overview" | "odontogram" | "history" | "treatments" | "prescriptions" | "xrays" | "labOrders" | "documents";

/** The profile's tabs and the right each needs (the overview only the module's access). */
const TABS: { key: TabKey; visible: (has: (r: DentalRight) => boolean) => boolean }[] = [
  { key: "overview", visible: DENTAL_AREA_RIGHTS.patients },
  { key: "odontogram", visible: DENTAL_AREA_RIGHTS.clinical },
  { key: "history", visible: DENTAL_AREA_RIGHTS.clinical },
  { key: "treatments", visible: DENTAL_AREA_RIGHTS.plans },
  { key: "prescriptions", visible: DENTAL_AREA_RIGHTS.prescriptions },
  { key: "xrays", visible: DENTAL_AREA_RIGHTS.xrays },
  { key: "labOrders", visible: DENTAL_AREA_RIGHTS.files },
  { key: "documents", visible: DENTAL_AREA_RIGHTS.files },
];

/** /home/dental/patients/:id: the patient's header and tabs (`?tab=`), each tab shown only with its right. */
export function PatientProfilePage() {
  const { id = "" } = useParams();
  const trpc = useTRPC();
  const patient = useQuery({ ...trpc.dental.getPatient.queryOptions({ id }), meta: { silent: true }, retry: false });
  if (patient.isLoading) return <ProfileSkeleton />;
  if (patient.error && errorCode(patient.error) === "FORBIDDEN") return <AccessDenied />;
  if (!patient.data) return <PatientNotFound />;
  return <Profile patient={patient.data} />;
}

function ProfileSkeleton() {
  return (
    <div className="grid gap-4" data-testid="profile-skeleton">
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-72 w-full" />
    </div>
  );
}

function Profile({ patient }: { patient: DentalPatient }) {
  const { t } = useTranslation();
  const { has } = useDentalRights();
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((tab) => tab.visible(has));
  // The tab shows at once from local state; the address follows (?tab=), and a change of the address (back, a link) wins.
  const asked = params.get("tab") as TabKey | null;
  const [shown, setShown] = React.useState<{ tab: TabKey | null; before: TabKey | null; after: TabKey | null }>({ tab: asked, before: asked, after: asked });
  const wanted = asked === shown.before || asked === shown.after ? shown.tab : asked;
  const current = tabs.find((tab) => tab.key === wanted)?.key ?? "overview";
  // Once the address has caught up, only it counts (so 'back' to the previous tab works).
  React.useEffect(() => {
    if (asked === shown.after && shown.before !== shown.after) setShown({ tab: asked, before: asked, after: asked });
  }, [asked, shown]);
  const summary: DentalPatientSummary = { id: patient.id, customerId: patient.customerId, name: patient.name, allergies: patient.allergies };
  const select = (key: TabKey) => {
    setShown({ tab: key, before: asked, after: key === "overview" ? null : key });
    const next = new URLSearchParams(params);
    if (key === "overview") next.delete("tab");
    else next.set("tab", key);
    setParams(next, { replace: true });
  };
  const onTabKey = (e: React.KeyboardEvent, index: number) => {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length]!;
    select(next.key);
    document.getElementById(`patient-tab-${next.key}`)?.focus();
  };

  return (
    <div className="grid gap-4">
      <ProfileHeader patient={patient} />
      <div role="tablist" aria-label={t("dental:profile.tabs")} className="flex gap-1 overflow-x-auto border-b" data-testid="patient-tabs">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            id={`patient-tab-${tab.key}`}
            type="button"
            role="tab"
            aria-selected={current === tab.key}
            aria-controls="patient-tabpanel"
            tabIndex={current === tab.key ? 0 : -1}
            onClick={() => select(tab.key)}
            onKeyDown={(e) => onTabKey(e, index)}
            className={cn(
              "-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground",
              current === tab.key ? "border-primary text-foreground" : "border-transparent",
            )}
            data-testid={`tab-${tab.key}`}
          >
            {t(`dental:profile.tab.${tab.key}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="patient-tabpanel" aria-labelledby={`patient-tab-${current}`} className="min-w-0">
        {current === "overview" ? <Overview patient={patient} /> : null}
        {current === "odontogram" ? <OdontogramView patientId={patient.id} dentition={patient.dentition} /> : null}
        {current === "history" ? <HistoryTab patient={summary} /> : null}
        {current === "treatments" ? <TreatmentsTab patient={summary} /> : null}
        {current === "prescriptions" ? <PrescriptionsTab patient={summary} /> : null}
        {current === "xrays" ? <XraysTab patient={summary} /> : null}
        {current === "labOrders" ? <LabOrdersTab patient={summary} /> : null}
        {current === "documents" ? <DocumentsTab patient={summary} /> : null}
      </div>
    </div>
  );
}

function ProfileHeader({ patient }: { patient: DentalPatient }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { has } = useDentalRights();
  const age = ageOn(patient.birthDate, todayInSantoDomingo());
  const setStatus = useMutation(
    trpc.dental.setPatientStatus.mutationOptions({
      onSuccess: async (p) => {
        await qc.invalidateQueries(trpc.dental.pathFilter());
        toast({ variant: "success", title: t("dental:profile.statusChanged"), description: t(`dental:status.${p.status}`) });
      },
    }),
  );
  const others = (["active", "inactive", "archived"] as const).filter((s) => s !== patient.status);
  const facts = [
    fileNumber(patient.number),
    age !== null ? t("dental:profile.age", { count: age }) : null,
    patient.phone,
    patient.insurance?.provider ? `${t("dental:fields.insuranceProvider")}: ${patient.insurance.provider}` : t("dental:profile.noInsurance"),
  ].filter(Boolean);

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-start gap-3">
        <Button asChild variant="ghost" size="icon" aria-label={t("dental:list.backToList")} title={t("dental:list.backToList")}>
          <Link to="/home/dental/patients">
            <ArrowLeft />
          </Link>
        </Button>
        <div className="min-w-0 flex-1 basis-56">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="break-words text-2xl font-bold" data-testid="patient-title">
              {patient.name}
            </h1>
            <PatientStatusBadge status={patient.status} />
          </div>
          <p className="text-sm text-muted-foreground" data-testid="patient-facts">
            {facts.join(" · ")}
          </p>
        </div>
        {has("patients") ? (
          <div className="flex gap-2">
            <Button asChild variant="outline" data-testid="edit-patient">
              <Link to={`/home/dental/patients/${patient.id}/edit`}>
                <Pencil />
                {t("common:actions.edit")}
              </Link>
            </Button>
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline" size="icon" aria-label={t("dental:profile.statusMenu")} data-testid="patient-status-menu">
                  <MoreHorizontal />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                {others.map((s: PatientStatus) => (
                  <DropdownMenuItem key={s} disabled={setStatus.isPending} onSelect={() => setStatus.mutate({ id: patient.id, status: s })} data-testid={`set-status-${s}`}>
                    {t(`dental:profile.setStatus.${s}`)}
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          </div>
        ) : null}
      </div>
      <AllergyWarning allergies={patient.allergies} />
    </div>
  );
}

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="break-words text-sm" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

const dash = (v: string | null | undefined) => (v ? v : "—");

function Overview({ patient }: { patient: DentalPatient }) {
  const { t, i18n } = useTranslation();
  const { has } = useDentalRights();
  const conditions = activeConditions(patient.conditions);
  const conditionText = [...conditions.map((c) => t(`dental:conditions.${c}`)), patient.conditions.other].filter(Boolean).join(", ");
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="patient-overview">
      <Card>
        <CardHeader>
          <CardTitle>{t("dental:profile.clinicalSummary")}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact label={t("dental:fields.conditions")} testId="overview-conditions">
              {conditionText || t("dental:profile.none")}
            </Fact>
            <Fact label={t("dental:fields.medications")}>{patient.medications.length > 0 ? patient.medications.join(", ") : t("dental:profile.none")}</Fact>
            <Fact label={t("dental:fields.allergies")} testId="overview-allergies">
              {patient.allergies.length > 0 ? patient.allergies.join(", ") : t("dental:profile.none")}
            </Fact>
            <Fact label={t("dental:fields.bloodType")}>{dash(patient.bloodType)}</Fact>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("dental:form.personal")}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact label={t("dental:fields.identification")} testId="overview-identification">
              {patient.identification ? displayIdentification(patient.identification) : "—"}
            </Fact>
            <Fact label={t("dental:fields.birthDate")}>{patient.birthDate ? formatDate(patient.birthDate, i18n.language) : "—"}</Fact>
            <Fact label={t("dental:fields.gender")}>{patient.gender ? t(`dental:gender.${patient.gender}`) : "—"}</Fact>
            <Fact label={t("dental:fields.phone")}>{dash(patient.phone)}</Fact>
            <Fact label={t("dental:fields.email")}>{dash(patient.email)}</Fact>
            <Fact label={t("dental:fields.address")}>{dash(patient.address)}</Fact>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("dental:form.emergency")}</CardTitle>
        </CardHeader>
        <CardContent>
          {patient.emergencyContact ? (
            <dl className="grid gap-3 sm:grid-cols-2">
              <Fact label={t("dental:fields.emergencyName")}>{dash(patient.emergencyContact.name)}</Fact>
              <Fact label={t("dental:fields.emergencyRelationship")}>{dash(patient.emergencyContact.relationship)}</Fact>
              <Fact label={t("dental:fields.emergencyPhone")}>{dash(patient.emergencyContact.phone)}</Fact>
              <Fact label={t("dental:fields.emergencyNotes")}>{dash(patient.emergencyContact.notes)}</Fact>
            </dl>
          ) : (
            <p className="text-sm text-muted-foreground">{t("dental:profile.noEmergency")}</p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("dental:form.insurance")}</CardTitle>
        </CardHeader>
        <CardContent>
          {patient.insurance ? (
            <dl className="grid gap-3 sm:grid-cols-2">
              <Fact label={t("dental:fields.insuranceProvider")}>{dash(patient.insurance.provider)}</Fact>
              <Fact label={t("dental:fields.policyNumber")}>{dash(patient.insurance.policyNumber)}</Fact>
              <Fact label={t("dental:fields.groupNumber")}>{dash(patient.insurance.groupNumber)}</Fact>
              <Fact label={t("dental:fields.expiryDate")}>{patient.insurance.expiryDate ? formatDate(patient.insurance.expiryDate, i18n.language) : "—"}</Fact>
            </dl>
          ) : (
            <p className="text-sm text-muted-foreground">{t("dental:profile.noInsurance")}</p>
          )}
        </CardContent>
      </Card>
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>{t("dental:fields.notes")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <p className="whitespace-pre-wrap break-words text-sm">{patient.notes ?? <span className="text-muted-foreground">{t("dental:profile.noNotes")}</span>}</p>
          {has("patients") ? (
            <Link to={`/home/dental/patients/${patient.id}/edit`} className="text-sm font-medium text-primary hover:underline">
              {t("dental:profile.editDetails")}
            </Link>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
