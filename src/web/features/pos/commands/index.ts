export { POS_COMMANDS, type PosCommandContext, registerPosCommands, usePosCommands } from "./pos-commands";
export { QuickCommandDialog, useRegisteredCommands } from "./quick-command-dialog";
export { type CommandRegistry, commandRegistry, createCommandRegistry, LIST_COMMANDS_CODE, type QuickCommand, type QuickCommandContext, type RegisteredCommand } from "./registry";
