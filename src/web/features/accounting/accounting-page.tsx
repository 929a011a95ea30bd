import { BookOpen, CalendarRange, FileSpreadsheet, FileText, Landmark, ListTree, type LucideIcon, Percent, Scale, Settings2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListHeader } from "../../components/list-page";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { SetupCard, useAccountingStatus } from "./shared";

interface Section {
  key: string;
  icon: LucideIcon;
  links: { key: string; to: string; badge?: string }[];
}

const SECTIONS: Section[] = [
  { key: "journal", icon: BookOpen, links: [{ key: "entries", to: "/home/accounting/entries" }] },
  { key: "chart", icon: ListTree, links: [{ key: "accounts", to: "/home/accounting/accounts" }] },
  {
    key: "balances",
    icon: Scale,
    links: [
      { key: "generalBalance", to: "/home/accounting/balances/general" },
      { key: "trialBalance", to: "/home/accounting/balances/trial" },
      { key: "accountDetail", to: "/home/accounting/balances/account" },
    ],
  },
  {
    key: "statements",
    icon: FileText,
    links: [
      { key: "incomeStatement", to: "/home/accounting/statements/income" },
      { key: "balanceSheet", to: "/home/accounting/statements/balance-sheet" },
      { key: "cashFlow", to: "/home/accounting/statements/cash-flow" },
      { key: "equityChanges", to: "/home/accounting/statements/equity", badge: "inDevelopment" },
    ],
  },
  { key: "taxes", icon: Percent, links: [{ key: "taxes", to: "/home/accounting/taxes" }] },
  { key: "periods", icon: CalendarRange, links: [{ key: "periods", to: "/home/accounting/periods" }] },
  { key: "settings", icon: Settings2, links: [{ key: "settings", to: "/home/accounting/settings" }] },
  { key: "dgii", icon: FileSpreadsheet, links: [{ key: "dgii", to: "/home/accounting/dgii" }] },
];

/** /home/accounting: the setup card until accounting is initialized, then the index of its sections. */
export function AccountingPage() {
  const { t } = useTranslation();
  const status = useAccountingStatus();
  if (status.isLoading) return <Skeleton className="h-64 w-full" />;
  if (!status.data?.initialized) {
    return (
      <div className="grid gap-4">
        <ListHeader title={t("accounting:title")} subtitle={t("accounting:subtitle")} />
        <SetupCard />
      </div>
    );
  }
  return (
    <div className="grid gap-4" data-testid="accounting-index">
      <ListHeader title={t("accounting:title")} subtitle={t("accounting:indexSubtitle", { accounts: status.data.accounts, entries: status.data.entries })} />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {SECTIONS.map(({ key, icon: Icon, links }) => (
          <Card key={key}>
            <CardHeader className="pb-3">
              <div className="flex items-center gap-2">
                {key === "dgii" ? <Landmark className="size-5 text-primary" aria-hidden /> : <Icon className="size-5 text-primary" aria-hidden />}
                <CardTitle className="text-base">{t(`accounting:sections.${key}`)}</CardTitle>
              </div>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-1">
                {links.map((l) => (
                  <li key={l.key}>
                    <Link to={l.to} className="flex min-h-10 items-center justify-between gap-2 rounded-md px-2 py-2 text-sm hover:bg-accent" data-testid={`accounting-link-${l.key}`}>
                      <span>{t(`accounting:pages.${l.key}`)}</span>
                      {l.badge ? <span className="rounded-full border px-2 py-0.5 text-xs text-muted-foreground">{t(`accounting:${l.badge}`)}</span> : null}
                    </Link>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}
