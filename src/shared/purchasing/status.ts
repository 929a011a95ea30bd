import { toBig } from "../catalog/decimal";

/**
 * Purchase order statuses (spec 03 §6: draft, pending approval, approved, sent, partial received,
 * received, cancelled) and the one transition table the server enforces and the screens use to
 * offer their buttons (docs/decisions.md, 'Purchasing (issue 13)').
 *
 * | action  | from                                   | to                                   | permission                |
 * |---------|----------------------------------------|--------------------------------------|---------------------------|
 * | update  | draft, pending_approval                | (same)                               | purchase_orders.update    |
 * | submit  | draft                                  | approved if total ≤ threshold, else pending_approval | purchase_orders.create |
 * | approve | pending_approval                       | approved                             | purchase_orders.approve   |
 * | send    | approved, sent                         | sent (again: a resend)               | purchase_orders.send      |
 * | receive | approved, sent, partially_received     | partially_received or received       | purchase_orders.receive   |
 * | cancel  | draft, pending_approval, approved, sent| cancelled                            | purchase_orders.cancel    |
 *
 * Received and cancelled are final. Once anything was received the order cannot be cancelled:
 * the stock and cost it brought in stay, and the rest simply is not received (closing the rest
 * of an order comes with supplier bills, issue 13 §3).
 */
export const PURCHASE_ORDER_STATUSES = ["draft", "pending_approval", "approved", "sent", "partially_received", "received", "cancelled"] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

export const PURCHASE_ORDER_ACTIONS = ["update", "submit", "approve", "send", "receive", "cancel"] as const;
export type PurchaseOrderAction = (typeof PURCHASE_ORDER_ACTIONS)[number];

export const PURCHASE_TRANSITIONS: Record<PurchaseOrderAction, { from: readonly PurchaseOrderStatus[]; permission: string }> = {
  update: { from: ["draft", "pending_approval"], permission: "purchase_orders.update" },
  submit: { from: ["draft"], permission: "purchase_orders.create" },
  approve: { from: ["pending_approval"], permission: "purchase_orders.approve" },
  send: { from: ["approved", "sent"], permission: "purchase_orders.send" },
  receive: { from: ["approved", "sent", "partially_received"], permission: "purchase_orders.receive" },
  cancel: { from: ["draft", "pending_approval", "approved", "sent"], permission: "purchase_orders.cancel" },
};

/** Whether the action may be taken on an order in this status (regardless of who asks). */
export function canTransition(status: string, action: PurchaseOrderAction): boolean {
  return (PURCHASE_TRANSITIONS[action].from as readonly string[]).includes(status);
}

/** The actions a user may take on an order: its status allows them and the user holds their permission. */
export function availableActions(status: string, can: (permission: string) => boolean): PurchaseOrderAction[] {
  return PURCHASE_ORDER_ACTIONS.filter((a) => canTransition(status, a) && can(PURCHASE_TRANSITIONS[a].permission));
}

/** Where submitting goes: straight to approved when the total is at or under the threshold. */
export function statusAfterSubmit(total: string, threshold: string): PurchaseOrderStatus {
  return compareDecimal(total, threshold) <= 0 ? "approved" : "pending_approval";
}

/** Where a receipt leaves the order: received once every line has all it ordered. */
export function statusAfterReceipt(lines: readonly { quantity: string; receivedQuantity: string }[]): PurchaseOrderStatus {
  return lines.every((l) => compareDecimal(l.receivedQuantity, l.quantity) >= 0) ? "received" : "partially_received";
}

function compareDecimal(a: string, b: string): number {
  return toBig(a).cmp(toBig(b));
}
