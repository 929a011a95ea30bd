import * as React from "react";
import { type CommandRegistry, commandRegistry } from "./registry";

/** What the POS screen opens for its own quick commands; the POS page decides what they do. */
export interface PosCommandContext {
  /** 030: the return wizard */
  openReturns: () => void;
  /** 031: the last card transaction panel */
  openLastCardTransaction: () => void;
}

/** The POS's own command codes (spec 02 §2). */
export const POS_COMMANDS = {
  returns: { code: "030", labelKey: "posPanels:commands.labels.returns" },
  lastCardTransaction: { code: "031", labelKey: "posPanels:commands.labels.lastCardTransaction" },
} as const;

/** Registers 030 (returns) and 031 (last card transaction); returns the function that removes them. */
export function registerPosCommands(context: PosCommandContext, registry: CommandRegistry = commandRegistry): () => void {
  const removers = [
    registry.register(POS_COMMANDS.returns.code, { labelKey: POS_COMMANDS.returns.labelKey, run: () => context.openReturns() }),
    registry.register(POS_COMMANDS.lastCardTransaction.code, { labelKey: POS_COMMANDS.lastCardTransaction.labelKey, run: () => context.openLastCardTransaction() }),
  ];
  return () => {
    for (const remove of removers) remove();
  };
}

/**
 * The POS page's hook: registers the POS commands while the page is mounted, always calling the
 * latest callbacks (they may change on every render without re-registering).
 */
export function usePosCommands(context: PosCommandContext, registry: CommandRegistry = commandRegistry): void {
  const latest = React.useRef(context);
  React.useEffect(() => {
    latest.current = context;
  });
  React.useEffect(
    () =>
      registerPosCommands(
        {
          openReturns: () => latest.current.openReturns(),
          openLastCardTransaction: () => latest.current.openLastCardTransaction(),
        },
        registry,
      ),
    [registry],
  );
}
