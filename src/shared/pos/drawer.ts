/** ESC p 0 25 250: pulse the cash drawer on pin 2 for 50 ms, 500 ms off (spec 02 §7). */
export const DRAWER_OPEN_COMMAND: readonly number[] = [27, 112, 0, 25, 250];

/** Just the drawer-open command, for printers reached without a receipt. */
export function drawerOpenBytes(): Uint8Array {
  return Uint8Array.from(DRAWER_OPEN_COMMAND);
}
