import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { fileNumber } from "../../../../shared/dental/patient";
import { useTRPC } from "../../../app/trpc";
import { ListHeader, ListSearch } from "../../../components/list-page";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { useDebounce } from "../../../lib/use-debounce";
import { AllergyWarning } from "../components/allergy-warning";
import { RequireDentalRight } from "../dental-layout";
import { OdontogramView } from "./odontogram-view";

/** /home/dental/odontogram: pick a patient (?patient=), then their odontogram. */
export function OdontogramPage() {
  return (
    <RequireDentalRight right="clinical">
      <OdontogramScreen />
    </RequireDentalRight>
  );
}

function OdontogramScreen() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const patientId = params.get("patient");
  const patient = useQuery({ ...trpc.dental.getPatient.queryOptions({ id: patientId ?? "" }), enabled: !!patientId, meta: { silent: true }, retry: false });
  const choose = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set("patient", id);
    else next.delete("patient");
    setParams(next, { replace: true });
  };

  return (
    <div className="grid gap-4">
      <ListHeader title={t("dental:area.odontogram")} subtitle={t("dental:odontogram.subtitle")} />
      {patientId && patient.data ? (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <div className="min-w-0 flex-1">
              <Link to={`/home/dental/patients/${patient.data.id}`} className="text-lg font-semibold hover:underline" data-testid="odontogram-patient">
                {patient.data.name}
              </Link>
              <p className="text-sm text-muted-foreground">{fileNumber(patient.data.number)}</p>
            </div>
            <Button variant="outline" onClick={() => choose(null)} data-testid="change-patient">
              <X />
              {t("dental:odontogram.changePatient")}
            </Button>
          </div>
          <AllergyWarning allergies={patient.data.allergies} />
          <OdontogramView key={patient.data.id} patientId={patient.data.id} dentition={patient.data.dentition} />
        </>
      ) : patientId && patient.isLoading ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <PatientPicker onPick={choose} />
      )}
    </div>
  );
}

/** Search a patient by name, identification, phone or file number; a result opens their chart. */
function PatientPicker({ onPick }: { onPick(id: string): void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [text, setText] = React.useState("");
  const search = useDebounce(text.trim(), 250);
  const list = useQuery({ ...trpc.dental.getPatients.queryOptions({ search, status: "active", page: 1, pageSize: 10 }), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  return (
    <Card>
      <CardContent className="grid gap-3 pt-5">
        <p className="text-sm font-medium">{t("dental:odontogram.pickPatient")}</p>
        <ListSearch type="search" label={t("dental:list.search")} value={text} onValueChange={setText} autoFocus data-testid="odontogram-patient-search" />
        <ul className="grid gap-1" aria-label={t("dental:list.title")}>
          {rows.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                onClick={() => onPick(p.id)}
                className="flex w-full flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                data-testid="odontogram-patient-option"
              >
                <span className="min-w-0 break-words font-medium">{p.name}</span>
                <span className="text-xs text-muted-foreground">
                  {fileNumber(p.number)}
                  {p.identification ? ` · ${p.identification}` : ""}
                </span>
              </button>
            </li>
          ))}
          {!list.isLoading && rows.length === 0 ? <li className="py-4 text-center text-sm text-muted-foreground">{t("dental:list.empty")}</li> : null}
        </ul>
      </CardContent>
    </Card>
  );
}
