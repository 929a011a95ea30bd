import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Loader2, Search, UserPlus, Users } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Big, toBig } from "../../../shared/catalog/decimal";
import { CUSTOMER_LIMITS, customerQuickCreateInput } from "../../../shared/customers/customer";
import { formatMoney } from "../../../shared/money/format";
import { handleApiError } from "../../app/providers";
import { errorCode, fieldErrors, useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Dialog, DialogDescription, DialogTitle, SheetContent } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { tMessage } from "../../lib/i18n";
import { usePermissions } from "../../lib/permissions";
import { cn } from "../../lib/utils";
import { type CustomerBrief, displayTaxId, type SelectedCustomer, selectedOf } from "./customer-format";

export type { SelectedCustomer } from "./customer-format";

/**
 * The customer search side panel (spec 02 'Customer search side panel'; spec 01 §9): a search
 * box focused 100 ms after opening, 'Recent Customers' while it is empty (customer.getRecent,
 * 10), otherwise customer.search (debounced 300 ms, 50 results) showing name, tax id, phone and
 * address. Keys: Enter picks the only result or moves to the list when there are several;
 * ArrowDown/ArrowUp move the highlight; Enter selects; Escape closes. 'Create new customer'
 * opens an inline form (Escape cancels it); the created customer is selected.
 * The caller closes the panel in onSelect (or keeps it open).
 */
export function CustomerSearchPanel({ open, onOpenChange, onSelect }: { open: boolean; onOpenChange: (open: boolean) => void; onSelect: (customer: SelectedCustomer) => void }) {
  const { t } = useTranslation();
  const [creating, setCreating] = React.useState(false);
  React.useEffect(() => {
    if (!open) setCreating(false);
  }, [open]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <SheetContent
          closeLabel={t("common:actions.close")}
          className="max-w-lg gap-3"
          data-testid="customer-search-panel"
          onOpenAutoFocus={(e) => e.preventDefault()}
          onEscapeKeyDown={(e) => {
            // Escape cancels the inline form first; a second Escape closes the panel.
            if (creating) {
              e.preventDefault();
              setCreating(false);
            }
          }}
        >
          <div className="pr-8">
            <DialogTitle>{creating ? t("customers:panel.newTitle") : t("customers:panel.title")}</DialogTitle>
            <DialogDescription>{creating ? t("customers:panel.newHint") : t("customers:panel.hint")}</DialogDescription>
          </div>
          {creating ? (
            <QuickCreateForm onCancel={() => setCreating(false)} onCreated={onSelect} />
          ) : (
            <SearchView onSelect={onSelect} onCreate={() => setCreating(true)} />
          )}
        </SheetContent>
      ) : null}
    </Dialog>
  );
}

/** The typed text, its debounced value (300 ms) and a way to use the text at once (Enter). */
function useSearchText() {
  const [text, setText] = React.useState("");
  const [debounced, setDebounced] = React.useState("");
  React.useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), CUSTOMER_LIMITS.debounceMs);
    return () => clearTimeout(timer);
  }, [text]);
  return { text, setText, debounced, flush: () => setDebounced(text.trim()), settled: debounced === text.trim() };
}

function SearchView({ onSelect, onCreate }: { onSelect: (c: SelectedCustomer) => void; onCreate: () => void }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const { can } = usePermissions();
  const inputRef = React.useRef<HTMLInputElement>(null);
  const listRef = React.useRef<HTMLDivElement>(null);
  const { text, setText, debounced, flush, settled } = useSearchText();
  const [highlight, setHighlight] = React.useState(-1);
  /** Enter pressed before the debounced search answered: act once the results are in. */
  const [pendingEnter, setPendingEnter] = React.useState(false);

  React.useEffect(() => {
    const timer = setTimeout(() => inputRef.current?.focus(), CUSTOMER_LIMITS.focusDelayMs);
    return () => clearTimeout(timer);
  }, []);

  const recent = useQuery({ ...trpc.customer.getRecent.queryOptions({ limit: CUSTOMER_LIMITS.recentLimit }), enabled: debounced === "" });
  const search = useQuery({ ...trpc.customer.search.queryOptions({ query: debounced, limit: CUSTOMER_LIMITS.panelSearchLimit }), enabled: debounced !== "" });
  const showingRecent = debounced === "";
  const active = showingRecent ? recent : search;
  const results: CustomerBrief[] = active.data ?? [];
  const loading = active.isLoading;

  React.useEffect(() => setHighlight(-1), [debounced]);

  const pick = (c: CustomerBrief) => onSelect(selectedOf(c));
  // Rewards points on each customer, with what they pay at checkout when redemption is on (issue 16 §4).
  const config = useQuery(trpc.tenant.getCurrentConfig.queryOptions());
  const pointValue = toBig(config.data?.config.rewards_point_value ?? "0");
  const pointsText = (points: number) =>
    pointValue.gt(0)
      ? t("customers:points.badgeValue", { count: points, points: points.toLocaleString(i18n.language === "en" ? "en-US" : "es-DO"), value: formatMoney(pointValue.times(points).round(2, Big.roundDown).toFixed(2), i18n.language) })
      : t("customers:points.badge", { count: points, points: points.toLocaleString(i18n.language === "en" ? "en-US" : "es-DO") });
  const focusList = (index: number) => {
    setHighlight(index);
    listRef.current?.focus();
  };
  const enter = () => {
    if (results.length === 1) pick(results[0]!);
    else if (results.length > 1) focusList(highlight >= 0 ? highlight : 0);
  };
  React.useEffect(() => {
    if (pendingEnter && settled && !active.isFetching) {
      setPendingEnter(false);
      enter();
    }
  });

  const move = (delta: number) => {
    if (results.length === 0) return;
    setHighlight((h) => (h < 0 ? (delta > 0 ? 0 : results.length - 1) : Math.min(results.length - 1, Math.max(0, h + delta))));
  };
  React.useEffect(() => {
    if (highlight >= 0) document.getElementById(`customer-option-${highlight}`)?.scrollIntoView({ block: "nearest" });
  }, [highlight]);

  const onInputKey = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (results.length > 0) focusList(highlight < 0 ? (e.key === "ArrowDown" ? 0 : results.length - 1) : highlight);
    } else if (e.key === "Enter") {
      e.preventDefault();
      if (!settled || active.isFetching) {
        flush();
        setPendingEnter(true);
      } else enter();
    }
  };
  const onListKey = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "ArrowDown") move(1);
    else if (e.key === "ArrowUp") {
      if (highlight <= 0) {
        setHighlight(-1);
        inputRef.current?.focus();
      } else move(-1);
    } else if (e.key === "Enter") {
      const c = results[highlight];
      if (c) pick(c);
    } else if (e.key === "Home") setHighlight(0);
    else if (e.key === "End") setHighlight(results.length - 1);
    else return;
    e.preventDefault();
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div className="relative">
        <Search className="absolute left-3 top-3 size-4 text-muted-foreground" />
        <Input
          ref={inputRef}
          type="search"
          className="pl-9"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onInputKey}
          placeholder={t("customers:panel.search")}
          aria-label={t("customers:panel.search")}
          aria-controls={!loading && results.length > 0 ? "customer-results" : undefined}
          aria-activedescendant={highlight >= 0 ? `customer-option-${highlight}` : undefined}
          data-testid="customer-panel-search"
          autoComplete="off"
        />
      </div>
      {can("customers.create") ? (
        <Button variant="outline" className="h-11 justify-start" onClick={onCreate} data-testid="customer-panel-create">
          <UserPlus />
          {t("customers:panel.create")}
        </Button>
      ) : null}
      <div className="flex items-center justify-between text-sm font-medium text-muted-foreground">
        <span data-testid="customer-panel-heading">{showingRecent ? t("customers:panel.recent") : loading ? t("common:loading") : t("customers:panel.results", { count: results.length })}</span>
        {active.isFetching && !loading ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
      </div>
      {loading ? (
        <div key="loading" className="grid gap-2" aria-hidden>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : results.length === 0 ? (
        <div key="empty" className="grid justify-items-center gap-2 py-10 text-center text-muted-foreground" data-testid="customer-panel-empty">
          <Users className="size-8" />
          <p>{showingRecent ? t("customers:panel.noRecent") : t("customers:panel.noResults")}</p>
        </div>
      ) : (
        // Focusable (ARIA listbox with an active descendant): Tab reaches it, and a list that scrolls can be scrolled by keyboard.
        <div
          key="results"
          ref={listRef}
          id="customer-results"
          role="listbox"
          tabIndex={0}
          onFocus={() => setHighlight((h) => (h < 0 ? 0 : h))}
          aria-label={showingRecent ? t("customers:panel.recent") : t("customers:panel.resultsLabel")}
          aria-activedescendant={highlight >= 0 ? `customer-option-${highlight}` : undefined}
          onKeyDown={onListKey}
          className="-mx-1 grid min-h-0 flex-1 content-start gap-1 overflow-y-auto px-1 py-1 outline-none"
          data-testid="customer-results"
        >
          {results.map((c, i) => (
            <div
              key={c.id}
              id={`customer-option-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === highlight}
              onMouseEnter={() => setHighlight(i)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(c)}
              className={cn("min-h-11 cursor-pointer rounded-md border px-3 py-2 text-sm", i === highlight ? "border-primary bg-accent" : "hover:bg-accent/60")}
              data-testid="customer-option"
            >
              <div className="flex items-baseline justify-between gap-2">
                <span className="font-medium">{c.name}</span>
                {c.taxId ? <span className="shrink-0 font-mono text-xs tabular-nums">{displayTaxId(c.taxId)}</span> : null}
              </div>
              <div className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                {c.phone ? <span className="tabular-nums">{c.phone}</span> : null}
                {c.address ? <span className="truncate">{c.address}</span> : null}
                {!c.phone && !c.address ? <span>{c.code}</span> : null}
                {!c.isDefault && c.points > 0 ? (
                  <span className="font-medium text-amber-700 tabular-nums dark:text-amber-400" data-testid="customer-points">
                    {pointsText(c.points)}
                  </span>
                ) : null}
              </div>
            </div>
          ))}
        </div>
      )}
      <p className="text-xs text-muted-foreground">{t("customers:panel.keys")}</p>
    </div>
  );
}

type QuickValues = z.input<typeof customerQuickCreateInput>;
type QuickOutput = z.output<typeof customerQuickCreateInput>;

function QuickCreateForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (c: SelectedCustomer) => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const form = useForm<QuickValues, unknown, QuickOutput>({
    resolver: zodResolver(customerQuickCreateInput),
    defaultValues: { name: "", tax_id: "", phone: "", email: "", address: "" },
  });
  const create = useMutation(
    trpc.customer.create.mutationOptions({
      meta: { silent: true },
      onSuccess: async (c) => {
        await qc.invalidateQueries(trpc.customer.pathFilter());
        toast({ variant: "success", title: t("customers:toast.createdPanel"), description: c.name });
        onCreated(selectedOf(c));
      },
      onError: (error) => {
        for (const [field, message] of Object.entries(fieldErrors(error))) form.setError(field as keyof QuickValues, { message });
        if (errorCode(error) === "UNAUTHORIZED") return handleApiError(error, { silent: true });
        toast({ variant: "destructive", title: t("common:error"), description: error.message });
      },
    }),
  );
  const field = (name: keyof QuickValues, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => {
    const error = form.formState.errors[name]?.message;
    const id = `customer-quick-${name}`;
    return (
      <Field label={label} htmlFor={id} error={tMessage(error)} required={name === "name"}>
        <Input id={id} aria-invalid={!!error} autoComplete="off" {...props} {...form.register(name)} />
      </Field>
    );
  };
  return (
    <form className="grid gap-3" noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))} data-testid="customer-quick-form">
      {field("name", t("customers:fields.name"), { autoFocus: true })}
      {field("tax_id", t("customers:fields.taxId"), { inputMode: "numeric" })}
      {field("phone", t("customers:fields.phone"), { type: "tel" })}
      {field("email", t("customers:fields.email"), { type: "email" })}
      {field("address", t("customers:fields.address"))}
      <div className="flex justify-between gap-2 pt-2">
        <Button variant="outline" onClick={onCancel} data-testid="customer-quick-cancel">
          <ArrowLeft />
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={create.isPending} data-testid="customer-quick-save">
          {create.isPending ? t("common:saving") : t("customers:panel.save")}
        </Button>
      </div>
    </form>
  );
}
