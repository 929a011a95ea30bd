/** What the POS mounts: the open/close dialogs and the active-session hook. */
export { CloseCashboxDialog, type CloseCashboxDialogProps } from "./close-cashbox-dialog";
export { OpenCashboxDialog, type OpenCashboxDialogProps } from "./open-cashbox-dialog";
export { type ActiveCashbox, type CloseSummary, useActiveCashbox } from "./use-active-cashbox";
