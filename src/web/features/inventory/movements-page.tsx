import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Eye, Plus } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { MOVEMENT_STATUSES, MOVEMENT_TYPES } from "../../../shared/catalog/movement";
import { useTRPC } from "../../app/trpc";
import { ListSearch, TableFallbackRows } from "../../components/list-page";
import { PaginationBar } from "../../components/pagination";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { NativeSelect } from "../../components/ui/input";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { formatDate } from "../../lib/dates";
import { usePermissions } from "../../lib/permissions";
import { useDebounce } from "../../lib/use-debounce";
import { StatusBadge, TypeBadge } from "./badges";

type TypeFilter = "all" | (typeof MOVEMENT_TYPES)[number];

export function MovementsPage() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const [type, setType] = React.useState<TypeFilter>("all");
  const [status, setStatus] = React.useState("");
  const [warehouseId, setWarehouseId] = React.useState("");
  const [search, setSearch] = React.useState("");
  const [page, setPage] = React.useState(1);
  const [pageSize, setPageSize] = React.useState(20);
  const debounced = useDebounce(search, 300);
  React.useEffect(() => setPage(1), [type, status, warehouseId, debounced]);
  const warehouses = useQuery(trpc.warehouse.getAll.queryOptions());
  const list = useQuery({
    ...trpc.warehouseMovement.getAll.queryOptions({
      type: type === "all" ? undefined : type,
      status: (status || undefined) as (typeof MOVEMENT_STATUSES)[number] | undefined,
      warehouseId: warehouseId || undefined,
      search: debounced,
      page,
      pageSize,
    }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="flex-1 text-2xl font-bold">{t("inventory:list.title")}</h1>
        {can("warehouse_movements.create") ? (
          <Button onClick={() => void navigate("/home/warehouse-movements/new")} data-testid="new-movement">
            <Plus />
            {t("inventory:list.new")}
          </Button>
        ) : null}
      </div>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex flex-wrap items-center gap-3">
            <ListSearch className="min-w-56" label={t("inventory:list.search")} value={search} onValueChange={setSearch} />
            <fieldset className="flex flex-wrap gap-1" aria-label={t("inventory:fields.type")}>
              {(["all", ...MOVEMENT_TYPES] as TypeFilter[]).map((v) => (
                <Button key={v} size="sm" variant={type === v ? "default" : "outline"} aria-pressed={type === v} onClick={() => setType(v)}>
                  {t(`inventory:types.${v}`)}
                </Button>
              ))}
            </fieldset>
            <NativeSelect className="w-48" aria-label={t("inventory:fields.warehouse")} value={warehouseId} onChange={(e) => setWarehouseId(e.target.value)}>
              <option value="">{t("inventory:list.allWarehouses")}</option>
              {warehouses.data?.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect className="w-44" aria-label={t("inventory:fields.status")} value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">{t("inventory:list.allStatuses")}</option>
              {MOVEMENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`inventory:statuses.${s}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Table stack aria-label={t("inventory:list.title")}>
            <THead>
              <TR>
                <TH>{t("inventory:fields.number")}</TH>
                <TH>{t("inventory:fields.date")}</TH>
                <TH>{t("inventory:fields.type")}</TH>
                <TH>{t("inventory:fields.warehouse")}</TH>
                <TH>{t("inventory:fields.reference")}</TH>
                <TH className="text-right">{t("inventory:fields.lines")}</TH>
                <TH>{t("inventory:fields.status")}</TH>
                <TH />
              </TR>
            </THead>
            <TBody>
              {rows.map((m) => (
                <TR key={m.id} data-testid="movement-row">
                  <TD className="font-mono text-xs" stack="primary">
                    {m.number}
                  </TD>
                  <TD>{formatDate(m.date, i18n.language)}</TD>
                  <TD>
                    <TypeBadge type={m.type} />
                  </TD>
                  <TD>{m.destinationWarehouseName ? `${m.warehouseName} → ${m.destinationWarehouseName}` : m.warehouseName}</TD>
                  <TD label={t("inventory:fields.reference")}>{m.reference ?? "—"}</TD>
                  <TD className="text-right tabular-nums" label={t("inventory:fields.lines")}>
                    {m.lineCount}
                  </TD>
                  <TD>
                    <StatusBadge status={m.status} />
                  </TD>
                  <TD className="text-right" stack="actions">
                    <Button variant="ghost" size="sm" asChild aria-label={t("inventory:list.view")}>
                      <Link to={`/home/warehouse-movements/${m.id}`}>
                        <Eye />
                      </Link>
                    </Button>
                  </TD>
                </TR>
              ))}
              <TableFallbackRows loading={list.isLoading} empty={rows.length === 0} cols={8} className="py-10">
                {t("inventory:list.empty")}
              </TableFallbackRows>
            </TBody>
          </Table>
          <PaginationBar pagination={list.data?.pagination} onPage={setPage} onPageSize={setPageSize} />
        </CardContent>
      </Card>
    </div>
  );
}
