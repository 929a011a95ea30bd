import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { CalendarX2, Plus } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { APPOINTMENT_STATUSES, type AppointmentStatus } from "../../../../shared/appointments/schemas";
import { formatMoney } from "../../../../shared/money/format";
import type { Pagination } from "../../../../shared/platform/pagination";
import { useTRPC } from "../../../app/trpc";
import { EmptyTableRow, ListSearch } from "../../../components/list-page";
import { PaginationBar } from "../../../components/pagination";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Input, NativeSelect } from "../../../components/ui/input";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { formatDate, todayInSantoDomingo } from "../../../lib/dates";
import { usePermissions } from "../../../lib/permissions";
import { useListParams } from "../../../lib/use-list-params";
import { AppointmentSheet } from "./appointment-sheet";
import { formatTime, weekOf } from "./dates";
import { NewAppointmentWizard } from "./new-appointment-wizard";
import { AppointmentStatusBadge } from "./status-badge";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const COLS = 9;

/**
 * The appointments list (/home/appointments/list): a date range (this week by default), filters
 * by professional, service and status, a search box (number, customer, phone, e-mail), the table
 * with paging 'a-b de N elementos'; a row opens the appointment's sheet; 'Nueva cita' the wizard.
 * The filters live in the address, so going back finds them again.
 */
export function AppointmentListPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const { can } = usePermissions();
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams({ pageSize: 20, debounceMs: 300 });
  const week = React.useMemo(() => weekOf(todayInSantoDomingo()), []);
  const from = DATE.test(params.get("from") ?? "") ? params.get("from")! : week.from;
  const to = DATE.test(params.get("to") ?? "") ? params.get("to")! : week.to;
  const employeeId = params.get("employee") || "";
  const serviceId = params.get("service") || "";
  const status = (APPOINTMENT_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as AppointmentStatus) : undefined;
  const [openId, setOpenId] = React.useState<string | null>(null);
  const [creating, setCreating] = React.useState(false);

  const services = useQuery({ ...trpc.product.getAll.queryOptions({ search: "", isScheduleable: true, page: 1, pageSize: 100, showDeleted: false }), enabled: can("products.view") });
  const employees = useQuery({ ...trpc.employee.getAll.queryOptions({ search: "", page: 1, pageSize: 200, showInactive: false }), enabled: can("employees.view") });
  const rangeOk = from <= to;
  const list = useQuery({
    ...trpc.appointment.getAll.queryOptions({
      from,
      to: rangeOk ? to : from,
      employee_ids: employeeId ? [employeeId] : undefined,
      service_ids: serviceId ? [serviceId] : undefined,
      statuses: status ? [status] : undefined,
      search,
      page,
      pageSize,
    }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pagination: Pagination | undefined = list.data ? { page, pageSize, total, pageCount: Math.max(1, Math.ceil(total / pageSize)) } : undefined;

  return (
    <div className="grid gap-4">
      {/* The area's layout holds the one h1 ('Citas'); a section titles itself with an h2. */}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-xl font-bold">{t("appointments:list.title")}</h2>
          <p className="text-sm text-muted-foreground">{t("appointments:list.subtitle")}</p>
        </div>
        {can("appointments.create") ? (
          <Button onClick={() => setCreating(true)} data-testid="new-appointment">
            <Plus /> {t("appointments:list.new")}
          </Button>
        ) : null}
      </div>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex flex-wrap items-end gap-3">
            <label className="grid gap-1 text-xs text-muted-foreground">
              {t("appointments:list.from")}
              <Input type="date" className="w-40" value={from} onChange={(e) => update({ from: e.target.value, page: null })} data-testid="appointment-filter-from" />
            </label>
            <label className="grid gap-1 text-xs text-muted-foreground">
              {t("appointments:list.to")}
              <Input type="date" className="w-40" value={to} min={from} onChange={(e) => update({ to: e.target.value, page: null })} data-testid="appointment-filter-to" />
            </label>
            <NativeSelect className="w-full sm:w-56" aria-label={t("appointments:fields.professional")} value={employeeId} onChange={(e) => update({ employee: e.target.value, page: null })} data-testid="appointment-filter-employee">
              <option value="">{t("appointments:list.allProfessionals")}</option>
              {employees.data?.data.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect className="w-full sm:w-52" aria-label={t("appointments:fields.service")} value={serviceId} onChange={(e) => update({ service: e.target.value, page: null })} data-testid="appointment-filter-service">
              <option value="">{t("appointments:list.allServices")}</option>
              {services.data?.data.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect className="w-full sm:w-44" aria-label={t("appointments:fields.status")} value={status ?? ""} onChange={(e) => update({ status: e.target.value, page: null })} data-testid="appointment-filter-status">
              <option value="">{t("appointments:list.allStatuses")}</option>
              {APPOINTMENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`appointments:statuses.${s}`)}
                </option>
              ))}
            </NativeSelect>
            <ListSearch className="min-w-56" label={t("appointments:list.search")} value={text} onValueChange={setText} data-testid="appointment-search" />
          </div>
          {!rangeOk ? (
            <p role="alert" className="text-sm text-destructive">
              {t("appointments:errors.dateRange")}
            </p>
          ) : null}
          <Table stack aria-label={t("appointments:list.title")}>
            <THead>
              <TR>
                <TH>{t("appointments:fields.number")}</TH>
                <TH>{t("appointments:fields.date")}</TH>
                <TH>{t("appointments:fields.time")}</TH>
                <TH>{t("appointments:fields.customer")}</TH>
                <TH>{t("appointments:fields.service")}</TH>
                <TH>{t("appointments:fields.professional")}</TH>
                <TH>{t("appointments:fields.status")}</TH>
                <TH className="text-right">{t("appointments:fields.total")}</TH>
                <TH className="whitespace-nowrap text-right">{t("appointments:fields.balance")}</TH>
              </TR>
            </THead>
            <TBody>
              {rows.map((a) => (
                <TR key={a.id} className="cursor-pointer" onClick={() => setOpenId(a.id)} data-testid="appointment-row">
                  <TD className="whitespace-nowrap font-mono text-xs" stack="primary">
                    <button
                      type="button"
                      className="rounded-sm font-medium hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                      onClick={(e) => {
                        e.stopPropagation();
                        setOpenId(a.id);
                      }}
                      aria-label={t("appointments:list.open", { number: a.appointment_number, name: a.customer_name })}
                      data-testid="appointment-open"
                    >
                      {a.appointment_number}
                    </button>
                  </TD>
                  <TD className="whitespace-nowrap" label={t("appointments:fields.date")}>
                    {formatDate(a.appointment_date, lang)}
                  </TD>
                  <TD className="whitespace-nowrap tabular-nums" label={t("appointments:fields.time")}>
                    {formatTime(a.start_time, lang)}
                  </TD>
                  <TD label={t("appointments:fields.customer")}>{a.customer_name}</TD>
                  <TD label={t("appointments:fields.service")}>{a.service_name}</TD>
                  <TD label={t("appointments:fields.professional")}>{a.employee_name}</TD>
                  <TD label={t("appointments:fields.status")}>
                    <AppointmentStatusBadge status={a.status} />
                  </TD>
                  <TD className="text-right tabular-nums" label={t("appointments:fields.total")}>
                    {formatMoney(a.total_amount, lang)}
                  </TD>
                  <TD className="text-right tabular-nums" label={t("appointments:fields.balance")} data-testid="appointment-row-balance">
                    {formatMoney(a.balance_due, lang)}
                  </TD>
                </TR>
              ))}
              {list.isLoading ? <SkeletonRows cols={COLS} /> : null}
              {!list.isLoading && rows.length === 0 ? (
                <EmptyTableRow cols={COLS} icon={CalendarX2} title={t("appointments:list.emptyTitle")} hint={t("appointments:list.emptyHint")} testId="appointments-empty">
                  {can("appointments.create") ? (
                    <Button variant="outline" size="sm" onClick={() => setCreating(true)}>
                      <Plus /> {t("appointments:list.new")}
                    </Button>
                  ) : null}
                </EmptyTableRow>
              ) : null}
            </TBody>
          </Table>
          <PaginationBar pagination={pagination} onPage={setPage} onPageSize={setPageSize} />
        </CardContent>
      </Card>
      <AppointmentSheet appointmentId={openId} onOpenChange={(open) => !open && setOpenId(null)} />
      <NewAppointmentWizard open={creating} onOpenChange={setCreating} />
    </div>
  );
}
