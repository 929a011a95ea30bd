import * as React from "react";
import { cn } from "../../lib/utils";

export interface TabItem<K extends string> {
  key: K;
  label: string;
  badge?: React.ReactNode;
}

/** An accessible tab list (WAI-ARIA tabs: arrows, Home and End move between tabs). */
export function TabList<K extends string>({ tabs, value, onChange, idPrefix, label }: { tabs: TabItem<K>[]; value: K; onChange: (key: K) => void; idPrefix: string; label: string }) {
  const refs = React.useRef(new Map<K, HTMLButtonElement>());
  const move = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length]!;
    onChange(tab.key);
    refs.current.get(tab.key)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="flex w-full gap-1 overflow-x-auto rounded-[var(--radius-button)] bg-muted p-1">
      {tabs.map((tab, index) => {
        const selected = tab.key === value;
        return (
          <button
            key={tab.key}
            ref={(el) => {
              if (el) refs.current.set(tab.key, el);
              else refs.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.key}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel-${tab.key}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.key)}
            onKeyDown={(e) => {
              if (e.key === "ArrowRight") move(index + 1);
              else if (e.key === "ArrowLeft") move(index - 1);
              else if (e.key === "Home") move(0);
              else if (e.key === "End") move(tabs.length - 1);
              else return;
              e.preventDefault();
            }}
            className={cn(
              "inline-flex h-9 min-w-max flex-1 cursor-pointer items-center justify-center gap-2 rounded-[var(--radius-button)] px-3 text-sm font-medium transition-colors",
              selected ? "bg-card text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
            data-testid={`recipe-tab-${tab.key}`}
          >
            {tab.label}
            {tab.badge}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({ idPrefix, tabKey, active, children, className }: { idPrefix: string; tabKey: string; active: boolean; children: React.ReactNode; className?: string }) {
  if (!active) return null;
  return (
    <div role="tabpanel" id={`${idPrefix}-panel-${tabKey}`} aria-labelledby={`${idPrefix}-tab-${tabKey}`} className={cn("outline-none", className)}>
      {children}
    </div>
  );
}
