import * as React from "react";
import { cn } from "../../lib/utils";

/**
 * Lays out a table's scroll area: a `stack` table is stacked (data-stacked on the table, see
 * app.css) exactly when its columns do not fit the area; then whether the area still scrolls
 * sideways. Measured after every render (the rows may have changed) and whenever the area resizes.
 */
function useTableFit(ref: React.RefObject<HTMLDivElement | null>, stack: boolean): boolean {
  const [scrolls, setScrolls] = React.useState(false);
  const measure = React.useCallback(() => {
    const area = ref.current;
    const table = area?.firstElementChild;
    if (!area || !table) return;
    const over = () => area.scrollWidth > area.clientWidth + 1;
    if (stack) {
      table.removeAttribute("data-stacked");
      if (over()) table.setAttribute("data-stacked", "");
    } else table.removeAttribute("data-stacked");
    setScrolls(over());
  }, [ref, stack]);
  React.useLayoutEffect(measure);
  React.useLayoutEffect(() => {
    const area = ref.current;
    if (!area || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(area);
    return () => observer.disconnect();
  }, [ref, measure]);
  return scrolls;
}

/**
 * A table in its own sideways scroll area, so a wide table never widens the page (on a phone the
 * table scrolls, the screen does not). While it scrolls, the area is a named region in the tab
 * order, so a keyboard user can reach it and scroll it with the arrow keys; `aria-label` (or
 * `aria-labelledby`) names both the table and that region. The area is `relative` so that
 * visually hidden text (sr-only, absolutely positioned) stays inside it instead of stretching the
 * page, and it contains its inline size: the table's width never sizes the grids and cards around it.
 *
 * `stack`: when its columns do not fit (a phone, a tablet beside the menu) each row becomes a
 * stacked block instead of a line of columns: the cell marked `stack="primary"` (the name, after a
 * `stack="lead"` cell such as a star) on a line of its own, then the other cells one after
 * another, each after its `label`, and the `stack="actions"` cell at the end of the row; cells
 * marked `stack="hide"` are left out there (app.css).
 */
export function Table({
  className,
  stack = false,
  "aria-label": label,
  "aria-labelledby": labelledBy,
  ...p
}: React.TableHTMLAttributes<HTMLTableElement> & { stack?: boolean }) {
  const ref = React.useRef<HTMLDivElement>(null);
  const scrolls = useTableFit(ref, stack);
  const named = !!(label || labelledBy);
  // A scrolling region must be focusable to be scrolled from the keyboard (WCAG 2.1.1, axe
  // scrollable-region-focusable); it is a named region only while it scrolls.
  const region = scrolls && named ? { role: "region", "aria-label": label, "aria-labelledby": labelledBy, tabIndex: 0 } : {};
  return (
    <div ref={ref} className="relative w-full overflow-x-auto [contain:inline-size]" data-slot="table-scroll" {...region}>
      <table className={cn("w-full caption-bottom text-sm", className)} data-stack={stack || undefined} aria-label={label} aria-labelledby={labelledBy} {...p} />
    </div>
  );
}
export const THead = (p: React.HTMLAttributes<HTMLTableSectionElement>) => <thead className="border-b bg-muted/50" {...p} />;
export const TBody = (p: React.HTMLAttributes<HTMLTableSectionElement>) => <tbody className="[&_tr:last-child]:border-0" {...p} />;
export const TR = ({ className, ...p }: React.HTMLAttributes<HTMLTableRowElement>) => <tr className={cn("border-b transition-colors hover:bg-muted/40", className)} {...p} />;
export const TH = ({ className, ...p }: React.ThHTMLAttributes<HTMLTableCellElement>) => <th className={cn("h-10 px-3 text-left align-middle font-medium text-muted-foreground", className)} {...p} />;

type CellProps = React.TdHTMLAttributes<HTMLTableCellElement> & {
  /** In a narrow `stack` table: the row's title (`lead` goes before it on its line), its buttons (at the end), or left out. */
  stack?: "lead" | "primary" | "actions" | "hide";
  /** In a narrow `stack` table: the column's name, shown before the value (its header is hidden there). */
  label?: string;
};
export const TD = ({ className, stack, label, ...p }: CellProps) => <td className={cn("p-3 align-middle", className)} data-stack-cell={stack} data-label={label} {...p} />;
