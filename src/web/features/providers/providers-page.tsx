import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Eye, Pencil, Plus, Search, Truck } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { PROVIDER_LIST } from "../../../shared/catalog/provider";
import { PAGE_SIZES } from "../../../shared/platform/pagination";
import { useTRPC } from "../../app/trpc";
import { PaginationBar } from "../../components/pagination";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { SkeletonRows } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { usePermissions } from "../../lib/permissions";
import { useDebounce } from "../../lib/use-debounce";
import { cn } from "../../lib/utils";
import { RequirePermission } from "../shell/guards";
import { displayTaxId, isActiveFilter, PROVIDER_STATUSES, type ProviderStatus } from "./provider-format";

export function ProvidersPage() {
  return (
    <RequirePermission permission="providers.view">
      <ProvidersScreen />
    </RequirePermission>
  );
}

/** The filters live in the address (?q=&status=&page=&size=), so 'back' from a form finds them again. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const status = (PROVIDER_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as ProviderStatus) : "all";
  const page = Math.max(1, Number(params.get("page")) || PROVIDER_LIST.page);
  const size = Number(params.get("size"));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : PROVIDER_LIST.pageSize;
  // Several changes in one event (page size, then page 1) build on each other, not on a stale address.
  const pending = React.useRef<URLSearchParams | null>(null);
  const update = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(pending.current ?? params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, String(value));
    }
    pending.current = next;
    queueMicrotask(() => {
      pending.current = null;
    });
    setParams(next, { replace: true });
  };
  return { search: params.get("q") ?? "", status, page, pageSize, update };
}

function ProvidersScreen() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const { search, status, page, pageSize, update } = useListParams();
  const [text, setText] = React.useState(search);
  const debounced = useDebounce(text.trim(), PROVIDER_LIST.debounceMs);
  React.useEffect(() => {
    if (debounced !== search) update({ q: debounced, page: null });
  }, [debounced]);

  const list = useQuery({
    ...trpc.provider.getAll.queryOptions({ page, pageSize, search, isActive: isActiveFilter(status) }),
    staleTime: PROVIDER_LIST.staleTimeMs,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const filtered = search !== "" || status !== "all";
  const canCreate = can("providers.create");
  const canUpdate = can("providers.update");

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t("providers:title")}</h1>
          <p className="text-sm text-muted-foreground">{t("providers:subtitle")}</p>
        </div>
        {canCreate ? (
          <Button asChild data-testid="new-provider">
            <Link to="/home/providers/new">
              <Plus />
              {t("providers:new")}
            </Link>
          </Button>
        ) : null}
      </div>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex flex-wrap items-center gap-3">
            <div className="relative min-w-60 flex-1">
              <Search className="absolute left-3 top-3 size-4 text-muted-foreground" />
              <Input
                className="pl-9"
                type="search"
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder={t("providers:search")}
                aria-label={t("providers:search")}
                data-testid="provider-search"
              />
            </div>
            <fieldset className="flex items-center gap-1 rounded-[var(--radius-button)] border p-1" data-testid="provider-status-filter">
              <legend className="sr-only">{t("providers:filter.label")}</legend>
              {PROVIDER_STATUSES.map((s) => (
                <button
                  key={s}
                  type="button"
                  aria-pressed={status === s}
                  onClick={() => update({ status: s === "all" ? null : s, page: null })}
                  className={cn(
                    "h-9 rounded-[var(--radius-button)] px-3 text-sm font-medium hover:bg-accent",
                    status === s && "bg-primary text-primary-foreground hover:bg-primary",
                  )}
                >
                  {s === "all" ? t("providers:filter.all") : s === "active" ? t("providers:filter.active") : t("providers:filter.inactive")}
                </button>
              ))}
            </fieldset>
          </div>
          <Table>
            <THead>
              <TR>
                <TH>{t("providers:fields.name")}</TH>
                <TH className="hidden lg:table-cell">{t("providers:fields.code")}</TH>
                <TH className="whitespace-nowrap">{t("providers:fields.taxId")}</TH>
                <TH className="hidden lg:table-cell">{t("providers:fields.contact")}</TH>
                <TH>{t("providers:fields.status")}</TH>
                <TH>
                  <span className="sr-only">{t("providers:actions.more")}</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {list.isLoading ? <SkeletonRows cols={6} /> : null}
              {rows.map((p) => (
                <TR key={p.id} data-testid="provider-row" className="cursor-pointer" onClick={() => void navigate(`/home/providers/${p.id}`)}>
                  <TD>
                    <Link to={`/home/providers/${p.id}`} className="font-medium hover:underline" onClick={(e) => e.stopPropagation()}>
                      {p.name}
                    </Link>
                    <div className="text-xs text-muted-foreground">
                      <span className="lg:hidden">
                        <span className="font-mono">{p.code}</span>
                        {p.companyName ? " · " : null}
                      </span>
                      {p.companyName}
                    </div>
                  </TD>
                  <TD className="hidden whitespace-nowrap font-mono text-xs lg:table-cell">{p.code}</TD>
                  <TD className="whitespace-nowrap tabular-nums">{displayTaxId(p.taxId) || "—"}</TD>
                  <TD className="hidden lg:table-cell">
                    <div className="whitespace-nowrap">{p.phone ?? p.mobile ?? "—"}</div>
                    {p.contactPerson || p.email ? <div className="text-xs text-muted-foreground">{p.contactPerson ?? p.email}</div> : null}
                  </TD>
                  <TD>{p.isActive ? <Badge variant="success">{t("common:status.active")}</Badge> : <Badge variant="outline">{t("common:status.inactive")}</Badge>}</TD>
                  <TD className="text-right whitespace-nowrap" onClick={(e) => e.stopPropagation()}>
                    <Button variant="ghost" size="icon" asChild>
                      <Link to={`/home/providers/${p.id}`} aria-label={`${t("providers:actions.view")}: ${p.name}`} title={t("providers:actions.view")}>
                        <Eye />
                      </Link>
                    </Button>
                    {canUpdate ? (
                      <Button variant="ghost" size="icon" asChild>
                        <Link to={`/home/providers/${p.id}/edit`} aria-label={`${t("providers:actions.edit")}: ${p.name}`} title={t("providers:actions.edit")}>
                          <Pencil />
                        </Link>
                      </Button>
                    ) : null}
                  </TD>
                </TR>
              ))}
              {!list.isLoading && rows.length === 0 ? (
                <TR className="hover:bg-transparent">
                  <TD colSpan={6} className="py-12">
                    <div className="grid justify-items-center gap-2 text-center" data-testid="providers-empty">
                      <Truck className="size-10 text-muted-foreground" />
                      <p className="font-medium">{t("providers:empty")}</p>
                      <p className="text-sm text-muted-foreground">{filtered ? t("providers:emptySearchHint") : t("providers:emptyHint")}</p>
                      {!filtered && canCreate ? (
                        <Button asChild variant="outline" className="mt-2">
                          <Link to="/home/providers/new">
                            <Plus />
                            {t("providers:new")}
                          </Link>
                        </Button>
                      ) : null}
                    </div>
                  </TD>
                </TR>
              ) : null}
            </TBody>
          </Table>
          <PaginationBar pagination={list.data?.pagination} onPage={(p) => update({ page: p === 1 ? null : p })} onPageSize={(s) => update({ size: s, page: null })} />
        </CardContent>
      </Card>
    </div>
  );
}
