import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../app/trpc";

type Outputs = inferRouterOutputs<AppRouter>["appointment"];

/** One deposit as appointment.getDeposits answers it (money as decimal strings). */
export type DepositRow = Outputs["getDeposits"]["items"][number];
/** One refund request as appointment.getRefunds and the refund actions answer it. */
export type RefundRow = Outputs["getRefunds"]["items"][number];
/** The policy's refund for an appointment (appointment.getRefundQuote). */
export type RefundQuoteAnswer = Outputs["getRefundQuote"];
