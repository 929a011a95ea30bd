import { CalendarClock, Paperclip, PenLine } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { VitalSigns } from "../../../../shared/dental/clinical";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { formatDate, formatDateTime } from "../../../lib/dates";
import { cn } from "../../../lib/utils";
import { VitalsLine } from "./common";

export interface RecordRow {
  id: string;
  patientId: string;
  patientName: string;
  visitDate: string;
  chiefComplaint: string | null;
  findings: string | null;
  diagnosis: string | null;
  treatment: string | null;
  vitalSigns: VitalSigns;
  attachments: { url: string; name: string; size: number; type: string }[];
  followUp: boolean;
  followUpDate: string | null;
  correctsId: string | null;
  correctedById: string | null;
  correctedAt: string | null;
  dentistId: string | null;
  dentistName: string | null;
  createdByName: string | null;
  createdAt: string;
}

/** One clinical record: its visit, what was found and done, vitals in one line, files, follow-up, and whether it was corrected. */
export function RecordCard({ record, onCorrect, showPatient }: { record: RecordRow; onCorrect?: () => void; showPatient?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const corrected = !!record.correctedById;
  const field = (key: "chiefComplaint" | "findings" | "diagnosis" | "treatment") =>
    record[key] ? (
      <div>
        <dt className="text-xs font-medium text-muted-foreground">{t(`dentalClinical:record.${key}`)}</dt>
        <dd className="whitespace-pre-wrap break-words text-sm">{record[key]}</dd>
      </div>
    ) : null;
  return (
    <Card className={cn(corrected && "border-dashed")} data-testid="record-card" data-corrected={corrected || undefined}>
      <CardContent className="grid gap-2 pt-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-semibold">
              {formatDate(record.visitDate, lang)}
              {showPatient ? <span className="font-normal text-muted-foreground"> · {record.patientName}</span> : null}
            </p>
            <p className="text-xs text-muted-foreground">
              {record.dentistName ? t("dentalClinical:record.byDentist", { name: record.dentistName }) : t("dentalClinical:record.writtenBy", { name: record.createdByName ?? "—" })}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {record.correctsId ? <Badge variant="secondary">{t("dentalClinical:record.correction")}</Badge> : null}
            {record.followUp && record.followUpDate ? (
              <Badge variant="warning">
                <CalendarClock className="mr-1 size-3" aria-hidden />
                {t("dentalClinical:record.followUpOn", { date: formatDate(record.followUpDate, lang) })}
              </Badge>
            ) : null}
            {onCorrect && !corrected ? (
              <Button type="button" variant="outline" size="sm" onClick={onCorrect} data-testid="record-correct">
                <PenLine className="size-4" />
                {t("dentalClinical:record.correct")}
              </Button>
            ) : null}
          </div>
        </div>
        {corrected ? (
          <p className="text-xs font-semibold text-foreground" data-testid="record-corrected-by">
            {t("dentalClinical:record.correctedBy", { date: formatDateTime(record.correctedAt, lang) })}
          </p>
        ) : null}
        <VitalsLine vitals={record.vitalSigns} />
        <dl className="grid gap-2 sm:grid-cols-2">
          {field("chiefComplaint")}
          {field("findings")}
          {field("diagnosis")}
          {field("treatment")}
        </dl>
        {record.attachments.length > 0 ? (
          <ul className="flex flex-wrap gap-2">
            {record.attachments.map((a) => (
              <li key={a.url}>
                <a href={a.url} target="_blank" rel="noreferrer" className="inline-flex max-w-60 items-center gap-1 rounded border px-2 py-1 text-xs hover:bg-accent">
                  <Paperclip className="size-3 shrink-0" aria-hidden />
                  <span className="truncate">{a.name}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
