import { BarChart3, Boxes, CalendarDays, ChevronRight, Clock, CreditCard, Landmark, type LucideIcon, Package, Percent, Receipt, Shapes, UserRound, Users, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { REPORT_GROUPS, type ReportGroup, type ReportKey } from "../../../shared/reports/schemas";
import { ListHeader } from "../../components/list-page";

const ICONS: Record<ReportKey, LucideIcon> = {
  "sales-by-day": CalendarDays,
  "sales-by-product": Package,
  "sales-by-category": Shapes,
  "sales-by-seller": UserRound,
  "sales-by-payment-method": CreditCard,
  "sales-by-cashbox": Wallet,
  "sales-by-customer": Users,
  "itbis-by-rate": Percent,
  "inventory-valuation": Boxes,
  "receivables-aging": Receipt,
  "payables-aging": Landmark,
};
const GROUP_ICONS: Record<ReportGroup, LucideIcon> = { sales: BarChart3, taxes: Percent, inventory: Boxes, accounts: Clock };

/** /home/reports: the reports, grouped (Ventas, Impuestos, Inventario, Cuentas), each a link to its page. */
export function ReportsIndexPage() {
  const { t } = useTranslation();
  return (
    <div className="grid min-w-0 gap-6" data-testid="reports-index">
      <ListHeader title={t("reports:title")} subtitle={t("reports:subtitle")} />
      {(Object.keys(REPORT_GROUPS) as ReportGroup[]).map((group) => {
        const GroupIcon = GROUP_ICONS[group];
        return (
          <section key={group} className="grid gap-3" aria-labelledby={`reports-group-${group}`}>
            <h2 id={`reports-group-${group}`} className="flex items-center gap-2 text-lg font-semibold">
              <GroupIcon className="size-5 text-muted-foreground" aria-hidden />
              {t(`reports:groups.${group}`)}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {REPORT_GROUPS[group].map((key) => {
                const Icon = ICONS[key];
                return (
                  <li key={key}>
                    <Link
                      to={`/home/reports/${key}`}
                      className="flex h-full min-h-11 items-start gap-3 rounded-[var(--radius-card)] border bg-card p-4 text-card-foreground shadow-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                      data-testid={`report-card-${key}`}
                    >
                      <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                      <span className="grid min-w-0 flex-1 gap-1">
                        <span className="font-medium">{t(`reports:items.${key}.title`)}</span>
                        <span className="text-sm text-muted-foreground">{t(`reports:items.${key}.description`)}</span>
                      </span>
                      <ChevronRight className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
