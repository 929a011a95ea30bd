import * as React from "react";
import { cn } from "../../../lib/utils";

/**
 * A WAI-ARIA tab list: one tab in the Tab order, arrows, Home and End move between tabs and
 * select them. The panel is rendered by the caller with `tabPanelProps`.
 */
export function TabList<T extends string>({ id, tabs, value, onChange, label, className }: { id: string; tabs: readonly { value: T; label: string }[]; value: T; onChange: (value: T) => void; label: string; className?: string }) {
  const refs = React.useRef<(HTMLButtonElement | null)[]>([]);
  const move = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    onChange(tabs[next]!.value);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={cn("inline-flex max-w-full flex-wrap gap-1 rounded-[var(--radius-button)] bg-muted p-1", className)}>
      {tabs.map((tab, i) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.value}`}
            aria-selected={selected}
            aria-controls={`${id}-panel-${tab.value}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            onKeyDown={(event) => {
              if (event.key === "ArrowRight") move(i + 1);
              else if (event.key === "ArrowLeft") move(i - 1);
              else if (event.key === "Home") move(0);
              else if (event.key === "End") move(tabs.length - 1);
              else return;
              event.preventDefault();
            }}
            data-testid={`${id}-tab-${tab.value}`}
            className={cn(
              "min-h-9 rounded-[calc(var(--radius-button)-2px)] px-3 text-sm font-medium text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring",
              selected && "bg-background text-foreground shadow-sm",
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

export const tabPanelProps = (id: string, value: string) => ({ role: "tabpanel", id: `${id}-panel-${value}`, "aria-labelledby": `${id}-tab-${value}`, tabIndex: -1 }) as const;
