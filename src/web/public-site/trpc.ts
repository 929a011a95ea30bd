import { createTRPCClient, httpBatchLink } from "@trpc/client";
import superjson from "superjson";
import type { AppRouter } from "../../server/trpc/app-router";

/**
 * The public site's tRPC client (vanilla, no TanStack Query: the shop's JavaScript stays small).
 * Same endpoint and transformer as the back office; the tenant comes from the host.
 */
export const siteTrpc = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: "/api/trpc", transformer: superjson, headers: () => ({ "x-locale": document.documentElement.lang || "es" }) })],
});
