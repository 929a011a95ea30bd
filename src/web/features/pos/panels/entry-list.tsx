import type { LucideIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { Skeleton } from "../../../components/ui/skeleton";

/** A POS side panel's title and the line under it (room left for the close button). */
export function PanelHeading({ title, description }: { title: string; description: string }) {
  return (
    <div className="grid gap-1 pr-8">
      <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </div>
  );
}

/**
 * The entries of a POS panel (held or recent invoices): skeletons while loading, the error with
 * 'Reintentar', the empty state, or the list. In the list, the arrow keys move between the
 * entries' main actions (marked data-entry-focus), and once it arrives the first one gets the
 * focus, so Enter acts on it.
 */
export function EntryList({
  label,
  count,
  loading,
  skeleton,
  error,
  onRetry,
  empty,
  children,
}: {
  /** The list's accessible name. */
  label: string;
  /** How many entries there are. */
  count: number;
  loading: boolean;
  /** How many skeletons to show while loading, and their size. */
  skeleton: { count: number; className: string };
  /** What to say when the list could not be read, or null. */
  error: string | null;
  onRetry: () => void;
  empty: { icon: LucideIcon; title: string; hint?: string; testId: string };
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const listRef = React.useRef<HTMLUListElement>(null);
  const hasEntries = count > 0;
  React.useEffect(() => {
    if (!hasEntries) return;
    const active = document.activeElement;
    if (active instanceof HTMLInputElement || listRef.current?.contains(active)) return;
    listRef.current?.querySelector<HTMLElement>("[data-entry-focus]")?.focus();
  }, [hasEntries]);

  if (loading) {
    return (
      <div className="grid gap-3">
        {Array.from({ length: skeleton.count }, (_, i) => (
          <Skeleton key={i} className={skeleton.className} />
        ))}
      </div>
    );
  }
  if (error !== null) {
    return (
      <div className="grid gap-3 rounded-md border border-destructive p-4 text-sm" role="alert">
        <p>{error}</p>
        <Button variant="outline" className="min-h-11 justify-self-start" onClick={onRetry}>
          {t("posPanels:common.retry")}
        </Button>
      </div>
    );
  }
  if (!hasEntries) {
    const Icon = empty.icon;
    return (
      <div className="flex flex-col items-center gap-2 py-10 text-center" data-testid={empty.testId}>
        <Icon className="size-10 text-muted-foreground" aria-hidden />
        <p className="font-medium">{empty.title}</p>
        {empty.hint ? <p className="text-sm text-muted-foreground">{empty.hint}</p> : null}
      </div>
    );
  }
  return (
    <ul ref={listRef} className="grid grid-cols-1 gap-3" aria-label={label} onKeyDown={moveFocusInList}>
      {children}
    </ul>
  );
}

/** Arrow keys move the focus between the entries of a list (elements marked data-entry-focus). */
function moveFocusInList(e: React.KeyboardEvent<HTMLElement>) {
  if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
  const targets = Array.from(e.currentTarget.querySelectorAll<HTMLElement>("[data-entry-focus]"));
  if (targets.length === 0) return;
  const current = targets.findIndex((el) => el.contains(document.activeElement));
  const next = e.key === "ArrowDown" ? Math.min(targets.length - 1, current + 1) : Math.max(0, current < 0 ? 0 : current - 1);
  e.preventDefault();
  targets[next]?.focus();
}
