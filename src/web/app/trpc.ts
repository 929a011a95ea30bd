import { createTRPCClient, httpBatchLink, TRPCClientError, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import superjson from "superjson";
// The one import from the server: its router type (biome keeps every other import out).
import type { AppRouter } from "../../server/trpc/app-router";
import { withSeededNames } from "../../shared/seeded-names";
import i18n from "../lib/i18n";

export type { AppRouter };
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export const SUPERADMIN_TOKEN_KEY = "superadmin_token";

/**
 * A refused input's message names the fields as the API does ('payments.0.amount: Monto
 * inválido'), which is for programs; people read the messages alone. The field paths stay in
 * error.data.fieldErrors, where forms put each message under its field.
 */
export function humanMessage(error: TRPCClientError<AppRouter>): string {
  const fields = (error.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors;
  const messages = fields ? [...new Set(Object.values(fields).filter(Boolean))] : [];
  return messages.length > 0 ? messages.join(" · ") : error.message;
}

const humanErrors: TRPCLink<AppRouter> = () => ({ next, op }) =>
  observable((observer) =>
    next(op).subscribe({
      next: (value) => observer.next(value),
      error: (error) => {
        error.message = humanMessage(error);
        observer.error(error);
      },
      complete: () => observer.complete(),
    }),
  );

/** Results carry the names the suite seeded (Efectivo, Contado, Principal …) in the user's language. */
const seededNames: TRPCLink<AppRouter> = () => ({ next, op }) =>
  observable((observer) =>
    next(op).subscribe({
      next: (value) => {
        const result = value.result;
        if (i18n.language !== "es" && "data" in result && result.data !== undefined && (!result.type || result.type === "data")) {
          observer.next({ ...value, result: { ...result, data: withSeededNames(result.data, i18n.language) } });
        } else observer.next(value);
      },
      error: (error) => observer.error(error),
      complete: () => observer.complete(),
    }),
  );

export function makeTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      humanErrors,
      seededNames,
      httpBatchLink({
        url: "/api/trpc",
        // Long batches are split rather than refused (414) by the server.
        maxURLLength: 2000,
        transformer: superjson,
        headers() {
          const token = localStorage.getItem(SUPERADMIN_TOKEN_KEY);
          return { "x-locale": i18n.language, ...(token ? { "x-super-admin-token": token } : {}) };
        },
      }),
    ],
  });
}

/** The tRPC error code of a failure ('UNAUTHORIZED', 'FORBIDDEN', …), if it is one. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
}

export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof TRPCClientError ? ((error.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors ?? {}) : {};
}
