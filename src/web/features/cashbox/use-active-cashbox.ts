import { useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { type AppRouter, useTRPC } from "../../app/trpc";
import { usePermissions } from "../../lib/permissions";

type Outputs = inferRouterOutputs<AppRouter>["cashbox"];
/**
 * The open session as the POS needs it: {sessionId, cashboxId, cashboxName, will_open_drawer, print_server,
 * code, template, showNotifications, waitForPrint, openDrawerOnPrint, drawerServiceUrl, openingAmount, openedAt, …}.
 */
export type ActiveCashbox = NonNullable<Outputs["getActive"]>;
export type CloseSummary = Outputs["getCloseSummary"];
export type CashboxRow = Outputs["getAll"][number];

/**
 * The signed-in user's open cash box session (or the given cash box's), null when none is open.
 * The POS reads will_open_drawer and print_server from it and sends sessionId with each sale.
 */
export function useActiveCashbox(cashboxId?: string) {
  const trpc = useTRPC();
  const { canAny } = usePermissions();
  const enabled = canAny(["cash_box.view", "pos.access"]);
  const query = useQuery({ ...trpc.cashbox.getActive.queryOptions(cashboxId ? { cashboxId } : undefined), enabled });
  const session = query.data ?? null;
  return {
    /** the open session, or null */
    data: session,
    session,
    isLoading: enabled && query.isLoading,
    isError: query.isError,
    refetch: query.refetch,
  };
}
