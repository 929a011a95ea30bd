import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useTRPC } from "../../../app/trpc";
import { useListParams } from "../../../lib/use-list-params";
import { cn } from "../../../lib/utils";
import type { ListState } from "./common";
import { DepositsView } from "./deposits-view";
import { RefundsView } from "./refunds-view";

const TABS = ["deposits", "refunds"] as const;
type Tab = (typeof TABS)[number];

/**
 * The 'Pagos' tab of the appointments area (spec 03 'deposit management; refund processing
 * queue'): 'Depósitos' and 'Reembolsos' (with the count waiting for review), each with its status
 * chips and counts, a search box and paging. The tab, filter, search and page live in the address.
 */
export function PaymentsPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams({ pageSize: 20, debounceMs: 300 });
  const tab: Tab = params.get("tab") === "refunds" ? "refunds" : "deposits";
  // The queue's badge: requests waiting for review (the counts do not depend on the page shown).
  const queue = useQuery(trpc.appointment.getRefunds.queryOptions({ page: 1, pageSize: 1, search: "" }));
  const waiting = queue.data?.counts.pending_review ?? 0;
  const refs = React.useRef(new Map<Tab, HTMLButtonElement>());

  const select = (next: Tab, focus = false) => {
    if (next !== tab) {
      setText("");
      update({ tab: next === "deposits" ? null : next, status: null, q: null, page: null });
    }
    if (focus) refs.current.get(next)?.focus();
  };
  const list: ListState = {
    search,
    text,
    setText,
    page,
    pageSize,
    status: params.get("status"),
    setStatus: (s) => update({ status: s ?? null, page: null }),
    setPage,
    setPageSize,
  };

  return (
    <div className="grid gap-4" data-testid="appointment-payments-page">
      {/* The area's layout holds the one h1 ('Citas'); a section titles itself with an h2. */}
      <div className="min-w-0">
        <h2 className="text-xl font-bold">{t("appointmentPayments:title")}</h2>
        <p className="text-sm text-muted-foreground">{t("appointmentPayments:subtitle")}</p>
      </div>
      <div role="tablist" aria-label={t("appointmentPayments:title")} className="flex w-full gap-1 overflow-x-auto rounded-[var(--radius-button)] bg-muted p-1 sm:w-fit">
        {TABS.map((key, index) => {
          const selected = key === tab;
          return (
            <button
              key={key}
              ref={(el) => {
                if (el) refs.current.set(key, el);
                else refs.current.delete(key);
              }}
              type="button"
              role="tab"
              id={`payments-tab-${key}`}
              aria-selected={selected}
              aria-controls={`payments-panel-${key}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(key)}
              onKeyDown={(e) => {
                if (e.key === "ArrowRight" || e.key === "ArrowLeft") select(TABS[(index + (e.key === "ArrowRight" ? 1 : TABS.length - 1)) % TABS.length]!, true);
                else if (e.key === "Home") select(TABS[0], true);
                else if (e.key === "End") select(TABS[TABS.length - 1]!, true);
                else return;
                e.preventDefault();
              }}
              className={cn(
                "inline-flex min-h-10 min-w-max flex-1 items-center justify-center gap-2 rounded-[var(--radius-button)] px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring",
                selected ? "bg-card text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
              )}
              data-testid={`payments-tab-${key}`}
            >
              {t(`appointmentPayments:tabs.${key}`)}
              {key === "refunds" && waiting > 0 ? (
                <>
                  <span className="rounded-full bg-warning px-2 text-xs font-semibold tabular-nums text-warning-foreground" aria-hidden="true" data-testid="payments-waiting">
                    {waiting}
                  </span>
                  <span className="sr-only">{t("appointmentPayments:tabs.waiting", { count: waiting })}</span>
                </>
              ) : null}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`payments-panel-${tab}`} aria-labelledby={`payments-tab-${tab}`} className="min-w-0 rounded-[var(--radius-card)] border bg-card p-3 sm:p-5">
        {tab === "deposits" ? <DepositsView list={list} /> : <RefundsView list={list} />}
      </div>
    </div>
  );
}
