import { Big, toBig } from "../catalog/decimal";

/**
 * Weighted average cost after a receipt (moving average, applied per receipt):
 *   new cost = (old qty × old cost + received qty × unit cost) / (old qty + received qty)
 * where old qty is the product's stock on hand across all warehouses before the receipt, taken
 * as 0 when it is negative (units sold without stock carry no cost to average with), and the
 * unit cost is the order line's cost without ITBIS. Rounded half up to 2 decimals, the precision
 * of products.cost_price. With nothing on hand the new cost is the unit cost.
 */
export function weightedAverageCost(input: { onHand: string | number; currentCost: string | number; receivedQuantity: string | number; unitCost: string | number }): string {
  const onHand = toBig(input.onHand);
  const oldQty = onHand.lt(0) ? new Big(0) : onHand;
  const received = toBig(input.receivedQuantity);
  const qty = oldQty.plus(received);
  if (qty.lte(0)) return toBig(input.unitCost).round(2, Big.roundHalfUp).toFixed(2);
  return oldQty.times(toBig(input.currentCost)).plus(received.times(toBig(input.unitCost))).div(qty).round(2, Big.roundHalfUp).toFixed(2);
}
