import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import type { Pagination } from "../../../shared/platform/pagination";
import { EmptyTableRow } from "../../components/list-page";
import { PaginationBar } from "../../components/pagination";
import { Card, CardContent } from "../../components/ui/card";
import { SkeletonRows } from "../../components/ui/skeleton";
import { Table, TBody, TH, THead, TR } from "../../components/ui/table";

const COLS = 7;

/**
 * A vouchers list in its card: the filters, a table of the given columns and an unlabelled actions
 * column, skeleton rows while loading, the empty row, then the pagination.
 */
export function VoucherTable({
  filters,
  columns,
  loading,
  empty,
  pagination,
  onPage,
  onPageSize,
  children,
}: {
  filters: React.ReactNode;
  columns: { label: string; className?: string }[];
  loading: boolean;
  empty: { show: boolean; icon: LucideIcon; title: string; hint: string; testId: string };
  pagination: Pagination | undefined;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent className="grid gap-4 pt-5">
        {filters}
        <Table stack aria-label={t("vouchers:title")}>
          <THead>
            <TR>
              {columns.map((c) => (
                <TH key={c.label} className={c.className}>
                  {c.label}
                </TH>
              ))}
              <TH>
                <span className="sr-only">{t("vouchers:list.actions")}</span>
              </TH>
            </TR>
          </THead>
          <TBody>
            {loading ? <SkeletonRows cols={COLS} /> : null}
            {children}
            {!loading && empty.show ? <EmptyTableRow cols={COLS} icon={empty.icon} title={empty.title} hint={empty.hint} testId={empty.testId} /> : null}
          </TBody>
        </Table>
        <PaginationBar pagination={pagination} onPage={onPage} onPageSize={onPageSize} />
      </CardContent>
    </Card>
  );
}
