/**
 * Quick commands (spec 02 §2): a cashier types a code in the quick command dialog; 000 lists the
 * registered commands. Modules register their own commands here, so a later module adds a code
 * without touching the dialog.
 */

/** What a command may use when it runs; later modules add members by declaration merging. */
export interface QuickCommandContext {
  /** opens the return wizard (030) */
  openReturns?: () => void;
  /** opens the last card transaction panel (031) */
  openLastCardTransaction?: () => void;
}

export interface QuickCommand {
  /** i18n key of the label shown in the 000 list, e.g. 'posPanels:commands.labels.returns' */
  labelKey: string;
  run: (context: QuickCommandContext) => void | Promise<void>;
}

export interface RegisteredCommand extends QuickCommand {
  code: string;
}

/** The code that lists the commands; it cannot be registered. */
export const LIST_COMMANDS_CODE = "000";

const CODE = /^[0-9A-Za-z]{1,10}$/;

/** A code as typed: surrounding spaces removed. */
export const normalizeCode = (code: string) => code.trim();

export interface CommandRegistry {
  /**
   * Registers (or replaces) the command for `code`; returns a function that removes it again
   * (only if it is still this registration). Throws on an invalid code or on '000'.
   */
  register(code: string, command: QuickCommand): () => void;
  /** The registered commands, by code. */
  list(): RegisteredCommand[];
  get(code: string): RegisteredCommand | undefined;
  /**
   * Runs the command of `code`: true when one was found (and started), false otherwise. A command
   * that throws or rejects is reported to `onError` (else to the console).
   */
  run(code: string, context?: QuickCommandContext, onError?: (error: unknown, command: RegisteredCommand) => void): boolean;
  subscribe(listener: () => void): () => void;
}

export function createCommandRegistry(): CommandRegistry {
  const commands = new Map<string, RegisteredCommand>();
  let snapshot: RegisteredCommand[] = [];
  const listeners = new Set<() => void>();
  const changed = () => {
    snapshot = [...commands.values()].sort((a, b) => a.code.localeCompare(b.code, "en", { numeric: true }));
    for (const l of listeners) l();
  };

  return {
    register(rawCode, command) {
      const code = normalizeCode(rawCode);
      if (!CODE.test(code)) throw new Error(`Invalid quick command code: '${rawCode}'`);
      if (code === LIST_COMMANDS_CODE) throw new Error(`'${LIST_COMMANDS_CODE}' is reserved: it lists the commands`);
      const entry: RegisteredCommand = { code, labelKey: command.labelKey, run: command.run };
      commands.set(code, entry);
      changed();
      return () => {
        if (commands.get(code) === entry) {
          commands.delete(code);
          changed();
        }
      };
    },
    list: () => snapshot,
    get: (code) => commands.get(normalizeCode(code)),
    run(code, context = {}, onError) {
      const command = commands.get(normalizeCode(code));
      if (!command) return false;
      const report = (error: unknown) => (onError ? onError(error, command) : console.error(`Quick command ${command.code} failed`, error));
      try {
        const result = command.run(context);
        if (result instanceof Promise) result.catch(report);
      } catch (error) {
        report(error);
      }
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The app's registry: the POS and later modules register their commands here. */
export const commandRegistry: CommandRegistry = createCommandRegistry();
