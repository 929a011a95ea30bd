import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PAGE_SIZES, type Pagination, rangeOf } from "../../shared/platform/pagination";
import { Button } from "./ui/button";
import { NativeSelect } from "./ui/input";

/**
 * 'a-b de N elementos' with page-size options 10/20/50/100; changing the size goes to page 1. A
 * count that stopped at a cap (a search past 50 matches, a catalogue past 10,000) reads 'a-b de
 * más de N elementos' and 'Página p de n o más'.
 */
export function PaginationBar({ pagination, onPage, onPageSize }: { pagination?: Pagination; onPage: (page: number) => void; onPageSize?: (size: number) => void }) {
  const { t } = useTranslation();
  if (!pagination) return null;
  const { from, to, total } = rangeOf(pagination);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground" data-testid="pagination">
      <span>
        {total === 0
          ? t("common:pagination.empty")
          : pagination.capped
            ? t("common:pagination.rangeMany", { from, to, total })
            : t("common:pagination.range", { from, to, total })}
      </span>
      <div className="flex items-center gap-2">
        {onPageSize ? (
          <NativeSelect
            aria-label={t("common:pagination.pageSize")}
            className="h-9 w-20"
            value={pagination.pageSize}
            onChange={(e) => {
              onPageSize(Number(e.target.value));
              onPage(1);
            }}
          >
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </NativeSelect>
        ) : null}
        <Button variant="outline" size="icon" aria-label={t("common:pagination.previous")} disabled={pagination.page <= 1} onClick={() => onPage(pagination.page - 1)}>
          <ChevronLeft />
        </Button>
        <span>{t(pagination.capped ? "common:pagination.pageMany" : "common:pagination.page", { page: pagination.page, pageCount: pagination.pageCount })}</span>
        <Button variant="outline" size="icon" aria-label={t("common:pagination.next")} disabled={pagination.page >= pagination.pageCount} onClick={() => onPage(pagination.page + 1)}>
          <ChevronRight />
        </Button>
      </div>
    </div>
  );
}
