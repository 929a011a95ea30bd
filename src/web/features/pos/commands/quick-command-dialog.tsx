import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/use-toast";
import { cn } from "../../../lib/utils";
import { type CommandRegistry, commandRegistry, LIST_COMMANDS_CODE, normalizeCode, type QuickCommandContext, type RegisteredCommand } from "./registry";

/** The registered commands, re-rendering when a module registers or removes one. */
export function useRegisteredCommands(registry: CommandRegistry = commandRegistry): RegisteredCommand[] {
  return React.useSyncExternalStore(registry.subscribe, registry.list, registry.list);
}

/**
 * Quick commands (spec 02 §2): type a code and press Enter. 000 lists the registered commands
 * (arrows move, Enter runs); an unknown code gives 'Command not found'. The dialog closes before
 * the command runs (commands usually open another panel).
 */
export function QuickCommandDialog({
  open,
  onOpenChange,
  context = {},
  registry = commandRegistry,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** handed to every command's run */
  context?: QuickCommandContext;
  registry?: CommandRegistry;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <QuickCommandContent onClose={() => onOpenChange(false)} context={context} registry={registry} /> : null}
    </Dialog>
  );
}

function QuickCommandContent({ onClose, context, registry }: { onClose: () => void; context: QuickCommandContext; registry: CommandRegistry }) {
  const { t } = useTranslation();
  const commands = useRegisteredCommands(registry);
  const [code, setCode] = React.useState("");
  const [listing, setListing] = React.useState(false);
  const [highlight, setHighlight] = React.useState(0);
  const listRef = React.useRef<HTMLDivElement>(null);
  const inputRef = React.useRef<HTMLInputElement>(null);

  const runCommand = (value: string) => {
    const command = registry.get(value);
    if (!command) {
      toast({ variant: "destructive", title: t("posPanels:commands.notFound"), description: t("posPanels:commands.notFoundDescription", { code: value }) });
      inputRef.current?.select();
      return;
    }
    onClose();
    registry.run(command.code, context, (error) => toast({ variant: "destructive", title: t(command.labelKey), description: error instanceof Error ? error.message : String(error) }));
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const value = normalizeCode(code);
    if (!value) return;
    if (value === LIST_COMMANDS_CODE) {
      setListing(true);
      setHighlight(0);
      setTimeout(() => listRef.current?.querySelector<HTMLElement>('[role="option"]')?.focus(), 0);
      return;
    }
    runCommand(value);
  };

  const moveTo = (index: number) => {
    setHighlight(index);
    listRef.current?.querySelectorAll<HTMLElement>('[role="option"]')[index]?.focus();
  };
  const onListKey = (e: React.KeyboardEvent) => {
    if (commands.length === 0) return;
    if (e.key === "ArrowDown") moveTo(Math.min(commands.length - 1, highlight + 1));
    else if (e.key === "ArrowUp") moveTo(Math.max(0, highlight - 1));
    else if (e.key === "Home") moveTo(0);
    else if (e.key === "End") moveTo(commands.length - 1);
    else if (e.key === "Enter" || e.key === " ") runCommand(commands[Math.min(highlight, commands.length - 1)]!.code);
    else return;
    e.preventDefault();
  };

  return (
    <DialogContent closeLabel={t("posPanels:common.close")} className="max-w-md" data-testid="quick-command-dialog">
      <DialogHeader>
        <DialogTitle>{t("posPanels:commands.title")}</DialogTitle>
        <DialogDescription>{t("posPanels:commands.description")}</DialogDescription>
      </DialogHeader>
      <form className="flex items-end gap-2" noValidate onSubmit={submit}>
        <div className="grid flex-1 gap-2">
          <Label htmlFor="quick-command-code">{t("posPanels:commands.codeLabel")}</Label>
          <Input
            id="quick-command-code"
            ref={inputRef}
            autoFocus
            autoComplete="off"
            inputMode="numeric"
            maxLength={10}
            className="min-h-11 font-mono text-lg tracking-widest"
            placeholder={LIST_COMMANDS_CODE}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              if (listing && normalizeCode(e.target.value) !== LIST_COMMANDS_CODE) setListing(false);
            }}
          />
        </div>
        <Button type="submit" className="min-h-11">
          {t("posPanels:commands.run")}
        </Button>
      </form>

      {listing ? (
        <section className="grid gap-2" aria-labelledby="quick-command-list-title">
          <h3 id="quick-command-list-title" className="text-sm font-semibold">
            {t("posPanels:commands.listTitle")}
          </h3>
          {commands.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("posPanels:commands.empty")}</p>
          ) : (
            <div
              ref={listRef}
              role="listbox"
              aria-labelledby="quick-command-list-title"
              className="grid gap-1 rounded-md border p-1"
              onKeyDown={onListKey}
              data-testid="quick-command-list"
            >
              {commands.map((command, index) => (
                <button
                  key={command.code}
                  type="button"
                  role="option"
                  aria-selected={index === highlight}
                  tabIndex={index === highlight ? 0 : -1}
                  className={cn("flex min-h-11 w-full items-center gap-3 rounded px-3 text-left text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring", index === highlight ? "bg-accent text-accent-foreground" : "hover:bg-accent/60")}
                  onMouseEnter={() => setHighlight(index)}
                  onClick={() => runCommand(command.code)}
                >
                  <span className="font-mono font-semibold tabular-nums">{command.code}</span>
                  <span>{t(command.labelKey)}</span>
                </button>
              ))}
            </div>
          )}
        </section>
      ) : null}
    </DialogContent>
  );
}
