import { MoreHorizontal } from "lucide-react";
import type * as React from "react";
import type { Pagination } from "../../../../shared/platform/pagination";
import { ListFilter, ListHeader, ListSearch } from "../../../components/list-page";
import { PaginationBar } from "../../../components/pagination";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from "../../../components/ui/dropdown-menu";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { Table, TBody, TD, THead, TR } from "../../../components/ui/table";

/**
 * The shared pieces of the dental files lists (prescriptions, x-rays, lab orders, documents), on the
 * pages across patients and on the patient profile's tabs: the filter row, the table with its
 * loading and empty rows and its pagination, the row menu, and the page frame.
 */

/** The page and page-size handlers of a list's pagination. */
export interface FileListPaging {
  pagination?: Pagination;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** What a files table or grid shows: the page's rows, loading, the pagination, and what to say when empty. */
export interface FileListProps<R> extends FileListPaging {
  rows: readonly R[];
  loading: boolean;
  showPatient: boolean;
  empty: React.ReactNode;
}

/** A list query's answer and the list's page handlers as the props of a files table (one patient's tab: no patient column). */
export function fileListProps<R>(
  query: { data?: { data: R[]; pagination: Pagination }; isLoading: boolean },
  list: { setPage: (page: number) => void; setPageSize: (size: number) => void },
  { showPatient, empty }: { showPatient: boolean; empty: React.ReactNode },
): FileListProps<R> {
  return { rows: query.data?.data ?? [], loading: query.isLoading, pagination: query.data?.pagination, onPage: list.setPage, onPageSize: list.setPageSize, showPatient, empty };
}

/** /home/dental/{files list}: the title and subtitle over one card holding the list. */
export function FileListPage({ title, subtitle, children }: { title: string; subtitle: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-4">
      <ListHeader title={title} subtitle={subtitle} />
      <Card>
        <CardContent className="grid gap-4 pt-5">{children}</CardContent>
      </Card>
    </div>
  );
}

/**
 * The filter row: the search box, one select filter ('all' first) and, as children, what follows
 * (the overdue toggle, the 'new' button). `inTab` keeps the search box narrower beside a tab's button.
 */
export function FileListFilters({
  search,
  filter,
  inTab = false,
  children,
}: {
  search: { label: string; value: string; onChange: (text: string) => void; testId?: string };
  filter: { id: string; label: string; allLabel: string; value: string | null | undefined; options: readonly { value: string; label: string }[]; onChange: (value: string | null) => void };
  inTab?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <ListSearch type="search" label={search.label} value={search.value} onValueChange={search.onChange} className={inTab ? "min-w-48" : undefined} data-testid={search.testId} />
      <ListFilter id={filter.id} label={filter.label} allLabel={filter.allLabel} value={filter.value} options={filter.options} onValueChange={filter.onChange} />
      {children}
    </div>
  );
}

/**
 * A files table: the header cells, skeleton rows while loading, the rows (children), one row
 * saying `empty` when there is nothing, and the pagination under it.
 */
export function FileListTable({
  label,
  head,
  cols,
  rows,
  loading,
  empty,
  emptyTestId,
  pagination,
  onPage,
  onPageSize,
  children,
}: Omit<FileListProps<unknown>, "showPatient"> & {
  label: string;
  head: React.ReactNode;
  cols: number;
  emptyTestId: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <Table stack aria-label={label}>
        <THead>
          <TR>{head}</TR>
        </THead>
        <TBody>
          {loading ? <SkeletonRows cols={cols} /> : null}
          {children}
          {!loading && rows.length === 0 ? (
            <TR className="hover:bg-transparent">
              <TD colSpan={cols} className="py-10 text-center text-muted-foreground" data-testid={emptyTestId}>
                {empty}
              </TD>
            </TR>
          ) : null}
        </TBody>
      </Table>
      <PaginationBar pagination={pagination} onPage={onPage} onPageSize={onPageSize} />
    </>
  );
}

/** A row's '…' menu (the items are the children), named for the row it acts on. */
export function RowMenu({ label, testId, children }: { label: string; testId: string; children: React.ReactNode }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} data-testid={testId}>
          <MoreHorizontal />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}
