import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { type CartItem, promoteCart } from "../../../../shared/pos/cart";
import { useTRPC } from "../../../app/trpc";

/** How long the promotions in force are kept before they are asked for again. */
const PROMOTIONS_STALE_MS = 60_000;

/**
 * The cart as the screen shows it: priced with the promotions in force (promotion.active, with the
 * server's business date) by the same shared rules pos.validateCart and pos.checkout use.
 */
export function usePromotedCart(items: readonly CartItem[]) {
  const trpc = useTRPC();
  const active = useQuery({ ...trpc.promotion.active.queryOptions(), staleTime: PROMOTIONS_STALE_MS });
  return React.useMemo(() => promoteCart(items, active.data?.promotions ?? [], active.data?.businessDate ?? ""), [items, active.data]);
}
