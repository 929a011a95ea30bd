import { TRPCError } from "@trpc/server";

type Code = ConstructorParameters<typeof TRPCError>[0]["code"];

/** Carries the catalog key and its variables so the error formatter can translate it. */
export class Translatable extends Error {
  constructor(
    readonly key: string,
    readonly vars?: Record<string, unknown>,
  ) {
    super(key);
  }
}

/**
 * Services throw these; the message is an i18n key: a bare key lives in the errors namespace,
 * 'ns:key' names its own namespace (a domain's messages can stay in that domain's catalog).
 */
export function appError(code: Code, key: string, vars?: Record<string, unknown>): TRPCError {
  const full = key.includes(":") ? key : `errors:${key}`;
  return new TRPCError({ code, message: full, cause: new Translatable(full, vars) });
}

/**
 * The cause of an error that is answered after the procedure's writes are committed, not rolled
 * back: a wrong one-time code still counts as an attempt, a mail that SMTP refused stays in the outbox.
 */
export class CommittedTranslatable extends Translatable {}

/** Like appError, but tenantProcedure commits the procedure's transaction before answering the error. */
export function appErrorKeepingWrites(code: Code, key: string, vars?: Record<string, unknown>): TRPCError {
  const full = key.includes(":") ? key : `errors:${key}`;
  return new TRPCError({ code, message: full, cause: new CommittedTranslatable(full, vars) });
}

export const notFound = () => appError("NOT_FOUND", "notFound");

/** Postgres unique violation, from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/** Postgres foreign-key violation: with composite (tenant_id, id) keys, an id of another tenant. */
export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23503" || e?.cause?.code === "23503";
}
