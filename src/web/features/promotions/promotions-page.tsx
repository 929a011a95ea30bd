import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, TicketPercent } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { PROMOTION_LIST_PAGE_SIZE, PROMOTION_PERIODS, PROMOTION_TYPES, type PromotionPeriod, type PromotionType, periodOf } from "../../../shared/promotions/schemas";
import { useTRPC } from "../../app/trpc";
import { EmptyTableRow, ListHeader, ListSearch, NewLink } from "../../components/list-page";
import { PaginationBar } from "../../components/pagination";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { NativeSelect } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { SkeletonRows } from "../../components/ui/skeleton";
import { Switch } from "../../components/ui/switch";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { formatDate, todayInSantoDomingo } from "../../lib/dates";
import { usePermissions } from "../../lib/permissions";
import { useListParams } from "../../lib/use-list-params";
import { RequirePermission } from "../shell/guards";
import { type PromotionRow, promotionSummary } from "./promotion-format";

const LIST = { pageSize: PROMOTION_LIST_PAGE_SIZE, debounceMs: 300 } as const;
const STATUSES = ["all", "active", "inactive"] as const;
type Status = (typeof STATUSES)[number];

export function PromotionsPage() {
  return (
    <RequirePermission permission="promotions.view">
      <PromotionsScreen />
    </RequirePermission>
  );
}

const periodVariant = { current: "success", upcoming: "secondary", expired: "outline" } as const;

function PromotionsScreen() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { can } = usePermissions();
  // Filters in the address (?q=&type=&status=&period=&page=&size=): back from the form finds them again.
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams(LIST);
  const type = (PROMOTION_TYPES as readonly string[]).includes(params.get("type") ?? "") ? (params.get("type") as PromotionType) : undefined;
  const status = (STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as Status) : "all";
  const period = (PROMOTION_PERIODS as readonly string[]).includes(params.get("period") ?? "") ? (params.get("period") as PromotionPeriod) : undefined;
  const isActive = status === "all" ? undefined : status === "active";

  const list = useQuery({ ...trpc.promotion.getAll.queryOptions({ page, pageSize, search, type, isActive, period }), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  const filtered = search !== "" || !!type || status !== "all" || !!period;
  const canCreate = can("promotions.create");
  const canUpdate = can("promotions.update");
  const today = todayInSantoDomingo();

  const toggle = useMutation(
    trpc.promotion.setActive.mutationOptions({
      onSuccess: async (p) => {
        await qc.invalidateQueries(trpc.promotion.pathFilter());
        toast({ title: p.isActive ? t("promotions:toast.activated") : t("promotions:toast.deactivated"), description: p.name, variant: "success" });
      },
    }),
  );

  const appliesTo = (p: PromotionRow) =>
    t("promotions:appliesTo", { products: t("promotions:productCount", { count: p.productCount }), categories: t("promotions:categoryCount", { count: p.categoryCount }) });

  return (
    <div className="grid gap-4">
      <ListHeader title={t("promotions:title")} subtitle={t("promotions:subtitle")}>
        {canCreate ? <NewLink to="/home/promotions/new" label={t("promotions:new")} testId="new-promotion" /> : null}
      </ListHeader>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex flex-wrap items-end gap-3">
            <ListSearch type="search" label={t("promotions:search")} value={text} onValueChange={setText} data-testid="promotion-search" />
            <div className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="promotion-type-filter">{t("promotions:filter.type")}</Label>
              <NativeSelect id="promotion-type-filter" value={type ?? ""} onChange={(e) => update({ type: e.target.value || null, page: null })} data-testid="promotion-type-filter">
                <option value="">{t("promotions:filter.allTypes")}</option>
                {PROMOTION_TYPES.map((v) => (
                  <option key={v} value={v}>
                    {t(`promotions:types.${v}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="promotion-status-filter">{t("promotions:filter.status")}</Label>
              <NativeSelect id="promotion-status-filter" value={status} onChange={(e) => update({ status: e.target.value === "all" ? null : e.target.value, page: null })} data-testid="promotion-status-filter">
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`promotions:filter.${s}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="promotion-period-filter">{t("promotions:filter.period")}</Label>
              <NativeSelect id="promotion-period-filter" value={period ?? ""} onChange={(e) => update({ period: e.target.value || null, page: null })} data-testid="promotion-period-filter">
                <option value="">{t("promotions:filter.allPeriods")}</option>
                {PROMOTION_PERIODS.map((v) => (
                  <option key={v} value={v}>
                    {t(`promotions:periods.${v}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            </div>
          </div>
          <Table stack aria-label={t("promotions:title")}>
            <THead>
              <TR>
                <TH>{t("promotions:columns.name")}</TH>
                <TH className="hidden lg:table-cell">{t("promotions:columns.code")}</TH>
                <TH>{t("promotions:columns.discount")}</TH>
                <TH>{t("promotions:columns.period")}</TH>
                <TH className="hidden xl:table-cell">{t("promotions:columns.appliesTo")}</TH>
                <TH>{t("promotions:columns.active")}</TH>
                <TH>
                  <span className="sr-only">{t("promotions:actions.edit")}</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {list.isLoading ? <SkeletonRows cols={7} /> : null}
              {rows.map((p) => {
                const state = periodOf(p, today);
                return (
                  <TR key={p.id} data-testid="promotion-row" className={canUpdate ? "cursor-pointer" : undefined} onClick={canUpdate ? () => void navigate(`/home/promotions/${p.id}`) : undefined}>
                    <TD stack="primary">
                      {canUpdate ? (
                        <Link to={`/home/promotions/${p.id}`} className="font-medium hover:underline" onClick={(e) => e.stopPropagation()} data-testid="promotion-name">
                          {p.name}
                        </Link>
                      ) : (
                        <span className="font-medium" data-testid="promotion-name">
                          {p.name}
                        </span>
                      )}
                      <div className="text-xs text-muted-foreground">
                        <span className="font-mono lg:hidden" data-testid="promotion-code-inline">
                          {p.code} ·{" "}
                        </span>
                        {t(`promotions:types.${p.type}`)}
                      </div>
                    </TD>
                    <TD className="hidden whitespace-nowrap font-mono text-xs lg:table-cell" data-testid="promotion-code">
                      {p.code}
                    </TD>
                    <TD label={t("promotions:columns.discount")}>{promotionSummary(t, p, i18n.language)}</TD>
                    <TD label={t("promotions:columns.period")}>
                      <div className="whitespace-nowrap tabular-nums">{t("promotions:dateRange", { start: formatDate(p.startDate, i18n.language), end: formatDate(p.endDate, i18n.language) })}</div>
                      <Badge variant={periodVariant[state]} className="mt-1">
                        {t(`promotions:periods.${state}`)}
                      </Badge>
                    </TD>
                    <TD className="hidden text-muted-foreground xl:table-cell">{appliesTo(p)}</TD>
                    <TD label={t("promotions:columns.active")} onClick={(e) => e.stopPropagation()}>
                      <Switch
                        checked={p.isActive}
                        disabled={!canUpdate || (toggle.isPending && toggle.variables?.id === p.id)}
                        onCheckedChange={(v) => toggle.mutate({ id: p.id, isActive: v })}
                        aria-label={t("promotions:toggleLabel", { name: p.name })}
                        data-testid="promotion-active"
                      />
                    </TD>
                    <TD className="text-right whitespace-nowrap" stack="actions" onClick={(e) => e.stopPropagation()}>
                      {canUpdate ? (
                        <Button variant="ghost" size="icon" asChild>
                          <Link to={`/home/promotions/${p.id}`} aria-label={`${t("promotions:actions.edit")}: ${p.name}`} title={t("promotions:actions.edit")}>
                            <Pencil />
                          </Link>
                        </Button>
                      ) : null}
                    </TD>
                  </TR>
                );
              })}
              {!list.isLoading && rows.length === 0 ? (
                <EmptyTableRow
                  cols={7}
                  icon={TicketPercent}
                  title={t("promotions:empty")}
                  hint={filtered ? t("promotions:emptySearchHint") : t("promotions:emptyHint")}
                  testId="promotions-empty"
                >
                  {!filtered && canCreate ? <NewLink to="/home/promotions/new" label={t("promotions:new")} variant="outline" className="mt-2" /> : null}
                </EmptyTableRow>
              ) : null}
            </TBody>
          </Table>
          <PaginationBar pagination={list.data?.pagination} onPage={setPage} onPageSize={setPageSize} />
        </CardContent>
      </Card>
    </div>
  );
}
