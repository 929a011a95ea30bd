import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useTRPC } from "../../app/trpc";
import { todayInSantoDomingo } from "../../lib/dates";
import { cn } from "../../lib/utils";
import { addDays, dayLabel, formatTime, longDate } from "../appointments/booking/dates";

/** The portal's dates: from today to the policy's maximum advance (at most 30 shown). */
export function portalDates(maxAdvanceDays: number, today = todayInSantoDomingo()): string[] {
  const count = Math.max(1, Math.min(30, maxAdvanceDays || 30));
  return Array.from({ length: count }, (_, i) => addDays(today, i));
}

const chip =
  "grid place-items-center rounded-[var(--radius-button)] border bg-background px-1 py-1.5 text-center transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring";
const chosenChip = "border-primary bg-primary text-primary-foreground hover:bg-primary/90";

/** Date chips, then the day's times: busy ones disabled and labelled 'Ocupado'. */
export function SlotPicker({
  serviceId,
  employeeId,
  dates,
  date,
  time,
  onDate,
  onTime,
  testPrefix = "portal",
  show = "both",
  current,
}: {
  serviceId: string;
  employeeId: string | null;
  dates: string[];
  date: string;
  time: string;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
  testPrefix?: string;
  /** the date chips, the times, or both (the booking flow shows them as two steps) */
  show?: "both" | "date" | "time";
  /** the appointment being moved: its own time is shown as such, not as busy */
  current?: { date: string; time: string };
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const slots = useQuery({
    ...trpc.portal.getAvailableSlots.queryOptions({ service_id: serviceId, employee_id: employeeId, date }),
    enabled: !!date && !!serviceId && show !== "date",
  });
  const list = slots.data ?? [];
  return (
    <div className="grid gap-5">
      <fieldset className={cn("grid gap-2", show === "time" && "hidden")}>
        <legend className="mb-2 text-sm font-medium">{t("bookingPortal:fields.date")}</legend>
        <div className={cn("gap-2 pb-2", show === "date" ? "grid grid-cols-4 sm:grid-cols-7" : "flex snap-x overflow-x-auto")} data-testid={`${testPrefix}-dates`}>
          {dates.map((d) => {
            const label = dayLabel(d, lang);
            return (
              <button
                key={d}
                type="button"
                aria-pressed={date === d}
                aria-label={longDate(d, lang)}
                onClick={() => onDate(d)}
                className={cn(chip, "min-h-16 min-w-16 shrink-0 snap-start text-xs", date === d && chosenChip)}
                data-testid={`${testPrefix}-date`}
                data-date={d}
              >
                <span className="capitalize">{label.weekday}</span>
                <span className="text-sm font-semibold">{label.day}</span>
              </button>
            );
          })}
        </div>
      </fieldset>
      <fieldset className={cn("grid gap-2", show === "date" && "hidden")}>
        <legend className="mb-2 text-sm font-medium">{show === "time" && date ? longDate(date, lang) : t("bookingPortal:fields.time")}</legend>
        {!date ? <p className="text-sm text-muted-foreground">{t("bookingPortal:flow.pickDateFirst")}</p> : null}
        {date && slots.isLoading ? <p className="text-sm text-muted-foreground">{t("bookingPortal:flow.loadingSlots")}</p> : null}
        {date && slots.isError ? <p className="text-sm text-destructive">{slots.error.message}</p> : null}
        {date && slots.data && !list.some((s) => s.available) ? (
          <p className="text-sm text-muted-foreground" data-testid={`${testPrefix}-no-slots`}>
            {t("bookingPortal:flow.noSlots")}
          </p>
        ) : null}
        {list.length > 0 ? (
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-5" data-testid={`${testPrefix}-slots`}>
            {list.map((s) => (
              <button
                key={s.time}
                type="button"
                disabled={!s.available}
                aria-pressed={time === s.time}
                onClick={() => onTime(s.time)}
                className={cn(
                  chip,
                  "min-h-11 text-sm tabular-nums disabled:cursor-not-allowed disabled:bg-muted disabled:text-muted-foreground disabled:hover:bg-muted",
                  time === s.time && chosenChip,
                )}
                data-testid={`${testPrefix}-slot`}
                data-time={s.time}
                data-available={s.available}
              >
                <span>{formatTime(s.time, lang)}</span>
                {!s.available ? (
                  <span className="text-[0.7rem] leading-none">{current?.date === date && current.time === s.time ? t("bookingPortal:flow.current") : t("bookingPortal:flow.busy")}</span>
                ) : null}
              </button>
            ))}
          </div>
        ) : null}
      </fieldset>
    </div>
  );
}
