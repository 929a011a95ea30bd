import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, PackageMinus, ReceiptText, Truck } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatMoney } from "../../../shared/money/format";
import { useTRPC } from "../../app/trpc";
import { ListHeader } from "../../components/list-page";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDate } from "../../lib/dates";
import { usePermissions } from "../../lib/permissions";
import { PurchaseStatusBadge } from "./status-badge";

/**
 * Notificaciones (issue 13 §4): low stock counted per warehouse (each a link to the low-stock tab
 * filtered by it), deliveries overdue in Santo Domingo dates, and supplier bills due in the next
 * 7 days (the overdue ones first, marked).
 */
export function NotificationsTab() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const { can } = usePermissions();
  const n = useQuery(trpc.purchaseOrder.getNotifications.queryOptions());
  const d = n.data;
  return (
    <>
      <ListHeader title={t("purchasing:notifications.title")} subtitle={d ? t("purchasing:notifications.subtitle", { date: formatDate(d.today, lang) }) : "\u00a0"} />
      {!d ? (
        <div className="grid gap-4 lg:grid-cols-3">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : (
        <div className="grid items-start gap-4 lg:grid-cols-3">
          <Section icon={<PackageMinus />} title={t("purchasing:notifications.lowStock")} count={d.lowStock.capped ? `${d.lowStock.total}+` : d.lowStock.total} testId="notif-low-stock">
            {d.lowStock.total === 0 ? (
              <Empty>{t("purchasing:notifications.lowStockNone")}</Empty>
            ) : (
              <ul className="grid gap-2">
                {d.lowStock.warehouses.map((w) => (
                  <li key={w.warehouseId}>
                    <Link
                      to={`/home/purchase-orders?tab=low-stock&warehouse=${w.warehouseId}`}
                      className="flex items-center justify-between gap-3 rounded-md border p-3 text-sm hover:bg-accent"
                      aria-label={t("purchasing:notifications.seeLowStock", { warehouse: w.warehouseName })}
                    >
                      <span className="font-medium">{w.warehouseName}</span>
                      <span className="text-muted-foreground">{t(w.capped ? "purchasing:notifications.lowStockCountMore" : "purchasing:notifications.lowStockCount", { count: w.count })}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section icon={<Truck />} title={t("purchasing:notifications.overdue")} count={d.overdueDeliveries.total} testId="notif-overdue">
            {d.overdueDeliveries.total === 0 ? (
              <Empty>{t("purchasing:notifications.overdueNone")}</Empty>
            ) : (
              <ul className="grid gap-2">
                {d.overdueDeliveries.orders.map((o) => (
                  <li key={o.id} className="grid gap-1 rounded-md border p-3 text-sm" data-testid="notif-overdue-order">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <Link to={`/home/purchase-orders/${o.id}`} className="font-mono font-medium text-primary hover:underline">
                        {o.number}
                      </Link>
                      <PurchaseStatusBadge status={o.status} />
                    </div>
                    <span>{o.providerName}</span>
                    <span className="text-xs text-muted-foreground">
                      {t("purchasing:notifications.expected", { date: formatDate(o.expectedDate, lang) })} · <span className="text-destructive">{t("purchasing:notifications.daysLate", { count: o.daysLate })}</span>
                    </span>
                  </li>
                ))}
                <More shown={d.overdueDeliveries.orders.length} total={d.overdueDeliveries.total} />
              </ul>
            )}
          </Section>
          <Section icon={<ReceiptText />} title={t("purchasing:notifications.billsDue", { days: d.billsDue.days })} count={d.billsDue.total} testId="notif-bills">
            {d.billsDue.total === 0 ? (
              <Empty>{t("purchasing:notifications.billsNone", { days: d.billsDue.days })}</Empty>
            ) : (
              <ul className="grid gap-2">
                {d.billsDue.bills.map((b) => (
                  <li key={b.id} className="grid gap-1 rounded-md border p-3 text-sm">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      {can("payables.view") ? (
                        <Link to={`/home/payables/bills/${b.id}`} className="font-mono font-medium text-primary hover:underline">
                          {b.number}
                        </Link>
                      ) : (
                        <span className="font-mono font-medium">{b.number}</span>
                      )}
                      <span className="tabular-nums">{formatMoney(b.balance, lang)}</span>
                    </div>
                    <span>
                      {b.providerName} <span className="font-mono text-xs text-muted-foreground">{b.ncf}</span>
                    </span>
                    <span className="flex items-center gap-2 text-xs text-muted-foreground">
                      {t("purchasing:notifications.dueOn", { date: formatDate(b.dueDate, lang) })}
                      {b.overdue ? (
                        <Badge variant="destructive">
                          <AlertTriangle className="size-3" />
                          {t("purchasing:notifications.overdueBill")}
                        </Badge>
                      ) : null}
                    </span>
                  </li>
                ))}
                <More shown={d.billsDue.bills.length} total={d.billsDue.total} />
              </ul>
            )}
          </Section>
        </div>
      )}
    </>
  );
}

function Section({ icon, title, count, testId, children }: { icon: React.ReactNode; title: string; count: number | string; testId: string; children: React.ReactNode }) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex flex-row items-center gap-2 space-y-0">
        <span className="text-muted-foreground [&_svg]:size-5" aria-hidden>
          {icon}
        </span>
        <CardTitle className="text-base">{title}</CardTitle>
        <Badge variant={count !== 0 ? "warning" : "secondary"} className="ml-auto" data-testid={`${testId}-count`}>
          {count}
        </Badge>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

const Empty = ({ children }: { children: React.ReactNode }) => <p className="text-sm text-muted-foreground">{children}</p>;

function More({ shown, total }: { shown: number; total: number }) {
  const { t } = useTranslation();
  return total > shown ? <li className="text-xs text-muted-foreground">{t("purchasing:notifications.more", { count: total - shown })}</li> : null;
}
