import * as React from "react";
import { useTranslation } from "react-i18next";
import { Input } from "../../components/ui/input";
import { cn } from "../../lib/utils";
import type { Account } from "./shared";

const MAX_OPTIONS = 60;

function normalize(s: string) {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/**
 * A searchable account picker (a combobox): type part of the code or the name, arrows and Enter
 * choose. Only postable accounts (active, not groups) unless `groups` is set.
 */
export function AccountPicker({
  id,
  accounts,
  value,
  onChange,
  invalid,
  groups = false,
  label,
  describedBy,
  className,
  onKeyDown,
  testId,
}: {
  id: string;
  accounts: readonly Account[];
  value: string | null | undefined;
  onChange: (id: string) => void;
  invalid?: boolean;
  /** Offer group accounts too (a parent). */
  groups?: boolean;
  /** The accessible name when no <label> points at `id`. */
  label?: string;
  describedBy?: string;
  className?: string;
  onKeyDown?: (e: React.KeyboardEvent<HTMLInputElement>) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = React.useState(false);
  const [query, setQuery] = React.useState("");
  const [active, setActive] = React.useState(0);
  const listRef = React.useRef<HTMLDivElement>(null);
  const selected = accounts.find((a) => a.id === value);
  const options = React.useMemo(() => {
    const q = normalize(query.trim());
    const usable = accounts.filter((a) => (groups ? true : !a.isGroup) && (a.isActive || a.id === value));
    const found = q ? usable.filter((a) => a.code.startsWith(q) || normalize(a.name).includes(q) || normalize(`${a.code} ${a.name}`).includes(q)) : usable;
    return found.slice(0, MAX_OPTIONS);
  }, [accounts, query, groups, value]);
  const listId = `${id}-options`;

  React.useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active, open]);

  const choose = (a: Account) => {
    onChange(a.id);
    setOpen(false);
    setQuery("");
  };

  return (
    <div className={cn("relative min-w-0", className)}>
      <Input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? `${id}-opt-${active}` : undefined}
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder={t("accounting:picker.placeholder")}
        value={open ? query : selected ? `${selected.code} · ${selected.name}` : ""}
        title={selected ? `${selected.code} · ${selected.name}` : undefined}
        data-testid={testId}
        onFocus={() => {
          setOpen(true);
          setQuery("");
          setActive(Math.max(0, options.findIndex((a) => a.id === value)));
        }}
        onBlur={() => setOpen(false)}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
            setActive((i) => Math.min(options.length - 1, i + 1));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive((i) => Math.max(0, i - 1));
          } else if (e.key === "Enter") {
            if (open && options[active]) {
              e.preventDefault();
              choose(options[active]!);
              return;
            }
          } else if (e.key === "Escape" && open) {
            e.preventDefault();
            e.stopPropagation();
            setOpen(false);
            setQuery("");
          }
          onKeyDown?.(e);
        }}
      />
      {open ? (
        <div ref={listRef} id={listId} role="listbox" aria-label={label ?? t("accounting:picker.label")} className="absolute left-0 right-0 z-30 mt-1 max-h-64 min-w-64 overflow-y-auto rounded-md border bg-card p-1 shadow-lg">
          {options.length === 0 ? (
            <p className="px-2 py-2 text-sm text-muted-foreground">{t("accounting:picker.none")}</p>
          ) : (
            options.map((a, i) => (
              <div
                key={a.id}
                tabIndex={-1}
                id={`${id}-opt-${i}`}
                data-index={i}
                role="option"
                aria-selected={a.id === value}
                className={cn("flex cursor-pointer gap-2 rounded px-2 py-2 text-sm", i === active && "bg-accent", a.isGroup && "font-semibold")}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(a)}
              >
                <span className="shrink-0 font-mono text-xs leading-5 text-muted-foreground">{a.code}</span>
                <span className="min-w-0 break-words">{a.name}</span>
              </div>
            ))
          )}
        </div>
      ) : null}
    </div>
  );
}
