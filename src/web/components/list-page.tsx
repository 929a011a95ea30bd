import { type LucideIcon, Plus, Search } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { cn } from "../lib/utils";
import { Button, type ButtonProps } from "./ui/button";
import { Dialog } from "./ui/dialog";
import { Input, NativeSelect } from "./ui/input";
import { Label } from "./ui/label";
import { SkeletonRows } from "./ui/skeleton";
import { TD, TR } from "./ui/table";

/** A list page's heading: title, one line saying what the page is, and its actions (e.g. 'new') on the right. */
export function ListHeader({ title, subtitle, children }: { title: string; subtitle: React.ReactNode; children?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      {/* min-w-0: a long subtitle wraps on a phone instead of widening the page */}
      <div className="min-w-0">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-sm text-muted-foreground">{subtitle}</p>
      </div>
      {children}
    </div>
  );
}

/** A link styled as a button to a 'new …' form (a plus icon unless told otherwise). */
export function NewLink({
  to,
  label,
  icon: Icon = Plus,
  variant,
  className,
  testId,
}: {
  to: string;
  label: string;
  icon?: LucideIcon;
  variant?: ButtonProps["variant"];
  className?: string;
  testId?: string;
}) {
  return (
    <Button asChild variant={variant} className={className} data-testid={testId}>
      <Link to={to}>
        <Icon />
        {label}
      </Link>
    </Button>
  );
}

type SearchInputProps = Omit<React.ComponentProps<typeof Input>, "value" | "onChange" | "placeholder" | "aria-label" | "className">;

/**
 * The search box of a list's toolbar: a magnifier inside the field, the label as placeholder
 * and accessible name. `className` sizes the box in the toolbar; the rest goes to the input.
 */
export function ListSearch({
  label,
  value,
  onValueChange,
  className,
  ...props
}: SearchInputProps & { label: string; value: string; onValueChange: (value: string) => void; className?: string }) {
  return (
    <div className={cn("relative min-w-60 flex-1", className)}>
      <Search className="absolute left-3 top-3 size-4 text-muted-foreground" />
      <Input className="pl-9" value={value} onChange={(e) => onValueChange(e.target.value)} placeholder={label} aria-label={label} {...props} />
    </div>
  );
}

/**
 * A filter of a list's toolbar: its label above a select whose first choice (value "") is 'all';
 * `onValueChange` gets null for it.
 */
export function ListFilter({
  id,
  label,
  allLabel,
  value,
  options,
  onValueChange,
  testId,
}: {
  id: string;
  label: string;
  allLabel: string;
  value: string | null | undefined;
  options: readonly { value: string; label: string }[];
  onValueChange: (value: string | null) => void;
  testId?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value ?? ""} onChange={(e) => onValueChange(e.target.value || null)} data-testid={testId}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/**
 * The row a list table shows when it has nothing: an icon, what is missing, a hint, and
 * (as children) the next step, e.g. a 'new' link (UX: 'an empty state that says what to do next').
 */
export function EmptyTableRow({
  cols,
  icon: Icon,
  title,
  hint,
  testId,
  children,
}: {
  cols: number;
  icon: LucideIcon;
  title: string;
  hint: string;
  testId: string;
  children?: React.ReactNode;
}) {
  return (
    <TR className="hover:bg-transparent">
      <TD colSpan={cols} className="py-12">
        <div className="grid justify-items-center gap-2 text-center" data-testid={testId}>
          <Icon className="size-10 text-muted-foreground" />
          <p className="font-medium">{title}</p>
          <p className="text-sm text-muted-foreground">{hint}</p>
          {children}
        </div>
      </TD>
    </TR>
  );
}

/**
 * The rows a table shows in place of its data: skeleton rows while the first page loads, then,
 * when there is nothing, one muted message across all columns. Goes after the data rows (while
 * loading there are none).
 */
export function TableFallbackRows({
  loading,
  empty,
  cols,
  className,
  testId,
  children,
}: {
  loading: boolean;
  empty: boolean;
  cols: number;
  /** Replaces the message cell's padding (py-8). */
  className?: string;
  testId?: string;
  /** The message. */
  children: React.ReactNode;
}) {
  if (loading) return <SkeletonRows cols={cols} />;
  if (!empty) return null;
  return (
    <TR>
      <TD colSpan={cols} className={cn("py-8 text-center text-muted-foreground", className)} data-testid={testId}>
        {children}
      </TD>
    </TR>
  );
}

/**
 * The side sheet of a settings table that creates ('new') or edits (a row) one item; closing it
 * sets the state back to null. `children` draws the sheet for the row, or for null when new.
 */
export function EditDialog<T>({ editing, onClose, children }: { editing: T | "new" | null; onClose: () => void; children: (item: T | null) => React.ReactNode }) {
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => !open && onClose()}>
      {editing !== null ? children(editing === "new" ? null : editing) : null}
    </Dialog>
  );
}
