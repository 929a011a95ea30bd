import { useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { type CasePriority, EVENT_TYPES } from "../../../../shared/legal/constants";
import { useTRPC } from "../../../app/trpc";
import { ListFilter, ListHeader } from "../../../components/list-page";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatDate, todayInSantoDomingo } from "../../../lib/dates";
import { cn } from "../../../lib/utils";
import { RequirePermission } from "../../shell/guards";
import type { LegalEvent } from "../cases/events-tab";
import { LegalNav } from "../legal-nav";

/** yyyy-MM-dd of a UTC date. */
const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** The month shown (?month=yyyy-MM, else this month) and the weeks of its grid, Monday first. */
function monthGrid(month: string): { first: string; days: string[] } {
  const first = utc(`${month}-01`);
  const offset = (first.getUTCDay() + 6) % 7;
  const start = new Date(first.getTime() - offset * 86_400_000);
  const next = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1));
  const weeks = Math.ceil((offset + (next.getTime() - first.getTime()) / 86_400_000) / 7);
  return { first: iso(first), days: Array.from({ length: weeks * 7 }, (_, i) => iso(new Date(start.getTime() + i * 86_400_000))) };
}
function shiftMonth(month: string, by: number): string {
  const d = utc(`${month}-01`);
  return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + by, 1))).slice(0, 7);
}

const TYPE_DOT: Record<string, string> = { hearing: "bg-destructive", meeting: "bg-primary", deadline: "bg-warning", filing: "bg-success", other: "bg-muted-foreground" };

/**
 * /home/legal/calendar: the events of every case on a month grid (a list by day on a phone),
 * with previous / next / today and a type filter; each event links to its case's Eventos tab.
 */
export function LegalCalendarPage() {
  return (
    <RequirePermission permission="legal.view">
      <div className="grid gap-4">
        <LegalNav />
        <Calendar />
      </div>
    </RequirePermission>
  );
}

function Calendar() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const today = todayInSantoDomingo();
  const asked = params.get("month") ?? "";
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : today.slice(0, 7);
  const type = (EVENT_TYPES as readonly string[]).includes(params.get("type") ?? "") ? params.get("type") : null;
  const { days } = monthGrid(month);
  const events = useQuery(trpc.legalCase.getEvents.queryOptions({ from: days[0]!, to: days[days.length - 1]! }));
  const shown = (events.data ?? []).filter((e) => !type || e.eventType === type);
  const byDay = new Map<string, LegalEvent[]>();
  for (const e of shown) byDay.set(e.eventDate, [...(byDay.get(e.eventDate) ?? []), e]);
  for (const list of byDay.values()) list.sort((a, b) => (a.allDay ? -1 : b.allDay ? 1 : (a.startTime ?? "").localeCompare(b.startTime ?? "")));
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const lang = i18n.language === "en" ? "en-US" : "es-DO";
  const monthTitle = new Intl.DateTimeFormat(lang, { month: "long", year: "numeric", timeZone: "UTC" }).format(utc(`${month}-01`));
  const weekdays = days.slice(0, 7).map((d) => ({
    short: new Intl.DateTimeFormat(lang, { weekday: "short", timeZone: "UTC" }).format(utc(d)),
    long: new Intl.DateTimeFormat(lang, { weekday: "long", timeZone: "UTC" }).format(utc(d)),
  }));
  const longDate = (d: string) => new Intl.DateTimeFormat(lang, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(utc(d));
  const label = (e: LegalEvent) =>
    t("legal:calendar.eventLabel", { time: e.allDay || !e.startTime ? t("legal:events.allDay") : e.startTime.slice(0, 5), title: e.title, caseNumber: e.caseNumber });
  const inMonth = (d: string) => d.startsWith(month);
  const listDays = days.filter((d) => inMonth(d) && byDay.has(d));

  return (
    <>
      <ListHeader title={t("legal:calendar.title")} subtitle={t("legal:calendar.subtitle")} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" size="icon" onClick={() => set({ month: shiftMonth(month, -1) })} aria-label={t("legal:calendar.previous")} title={t("legal:calendar.previous")} data-testid="calendar-previous">
            <ChevronLeft />
          </Button>
          <Button variant="outline" onClick={() => set({ month: null })} data-testid="calendar-today">
            {t("legal:calendar.today")}
          </Button>
          <Button variant="outline" size="icon" onClick={() => set({ month: shiftMonth(month, 1) })} aria-label={t("legal:calendar.next")} title={t("legal:calendar.next")} data-testid="calendar-next">
            <ChevronRight />
          </Button>
          <h2 className="text-lg font-semibold first-letter:uppercase" aria-live="polite" data-testid="calendar-month">
            {monthTitle}
          </h2>
        </div>
        <ListFilter
          id="calendar-type"
          label={t("legal:calendar.type")}
          allLabel={t("legal:calendar.allTypes")}
          value={type}
          options={EVENT_TYPES.map((x) => ({ value: x, label: t(`legal:eventType.${x}`) }))}
          onValueChange={(v) => set({ type: v })}
          testId="calendar-type-filter"
        />
      </div>
      {events.isLoading ? <Skeleton className="h-96 w-full" /> : null}

      {/* Month grid (tablet and desktop). */}
      <div className={cn("hidden lg:block", events.isLoading && "lg:hidden")} data-testid="calendar-grid">
        <table className="w-full table-fixed border-collapse text-sm" aria-label={monthTitle}>
          <thead>
            <tr>
              {weekdays.map((w) => (
                <th key={w.long} scope="col" className="border-b p-2 text-left font-medium text-muted-foreground">
                  <abbr title={w.long} className="no-underline">
                    {w.short}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: days.length / 7 }, (_, week) => (
              <tr key={days[week * 7]}>
                {days.slice(week * 7, week * 7 + 7).map((d) => {
                  const list = byDay.get(d) ?? [];
                  return (
                    <td key={d} className={cn("h-28 overflow-hidden border p-1 align-top", !inMonth(d) && "bg-muted/40 text-muted-foreground")} data-date={d}>
                      <div className={cn("mb-1 flex size-7 items-center justify-center rounded-full text-xs font-semibold", d === today && "bg-primary text-primary-foreground")}>
                        <span aria-hidden>{Number(d.slice(8))}</span>
                        <span className="sr-only">{formatDate(d, i18n.language)}</span>
                      </div>
                      <ul className="grid min-w-0 gap-1">
                        {list.map((e) => (
                          <li key={e.id} className="min-w-0">
                            <EventLink event={e} label={label(e)} compact />
                          </li>
                        ))}
                      </ul>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {/* List by day (phone). */}
      <div className={cn("grid gap-3 lg:hidden", events.isLoading && "hidden")} data-testid="calendar-list">
        {listDays.length === 0 && !events.isLoading ? <p className="py-8 text-center text-sm text-muted-foreground">{t("legal:calendar.empty")}</p> : null}
        {listDays.map((d) => (
          <section key={d} aria-label={t("legal:calendar.dayEvents", { date: longDate(d) })} className="grid gap-2 rounded-[var(--radius-card)] border bg-card p-3">
            <h3 className={cn("text-sm font-semibold first-letter:uppercase", d === today && "text-primary")}>{longDate(d)}</h3>
            <ul className="grid gap-2">
              {(byDay.get(d) ?? []).map((e) => (
                <li key={e.id}>
                  <EventLink event={e} label={label(e)} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      {!events.isLoading && shown.length === 0 ? (
        <p className="hidden text-center text-sm text-muted-foreground md:block" data-testid="calendar-empty">
          {t("legal:calendar.empty")}
        </p>
      ) : null}
    </>
  );
}

function EventLink({ event: e, label, compact }: { event: LegalEvent; label: string; compact?: boolean }) {
  const { t } = useTranslation();
  const time = e.allDay || !e.startTime ? null : e.startTime.slice(0, 5);
  return (
    <Link
      to={`/home/legal/cases/${e.caseId}?tab=events`}
      aria-label={label}
      title={label}
      className={cn(
        "flex min-w-0 items-start gap-1.5 rounded px-1 py-0.5 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
        e.status === "cancelled" && "line-through opacity-70",
        !compact && "py-1",
      )}
      data-testid="calendar-event"
      data-event-id={e.id}
    >
      <span className={cn("mt-1.5 size-2 shrink-0 rounded-full", TYPE_DOT[e.eventType] ?? "bg-muted-foreground", (e.priority as CasePriority) === "critical" && "ring-2 ring-destructive")} aria-hidden />
      <span className={cn("min-w-0", compact ? "line-clamp-3 break-words text-xs" : "text-sm")}>
        {time ? <span className="font-semibold tabular-nums">{time} </span> : null}
        {e.title}
        {compact ? null : (
          <span className="block text-xs text-muted-foreground">
            {t(`legal:eventType.${e.eventType}`)} · {e.caseNumber} · {e.caseTitle}
          </span>
        )}
      </span>
    </Link>
  );
}
