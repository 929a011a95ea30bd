import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import type { Pagination } from "../../../shared/platform/pagination";
import { EmptyTableRow } from "../../components/list-page";
import { PaginationBar } from "../../components/pagination";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
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

/** A vouchers dialog's form: title and description, the fields, then the back button and the submit button. */
export function FormDialog({
  testId,
  className,
  title,
  description,
  onSubmit,
  backLabel,
  onBack,
  submit,
  children,
}: {
  testId: string;
  className: string;
  title: string;
  description: string;
  onSubmit: () => void;
  backLabel: string;
  onBack: () => void;
  submit: React.ReactNode;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <DialogContent closeLabel={t("common:actions.close")} className={className} data-testid={testId}>
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <DialogHeader className="pr-8">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter className="flex-wrap">
          <Button variant="outline" onClick={onBack}>
            {backLabel}
          </Button>
          {submit}
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
