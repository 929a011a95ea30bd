import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { LOGOUT_DELAY_MS } from "../../shared/platform/themes";
import i18n from "./i18n";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: "owner" | "admin" | "cashier";
  isOwner: boolean;
  language: string;
  /** the user's own warehouse (the POS starts there) */
  warehouseId: string | null;
  imageUrl: string | null;
  permissions: string[];
  modules: string[];
}

export const SESSION_KEY = ["auth", "session"] as const;

export async function fetchSession(): Promise<SessionUser | null> {
  const res = await fetch("/api/auth/get-session", { credentials: "include" });
  if (!res.ok) return null;
  const body = (await res.json()) as { user: SessionUser } | null;
  return body?.user ?? null;
}

/**
 * Reads the session again after sign-in, cancelling a read that started before the cookie
 * existed (invalidateQueries would reuse it and answer "nobody").
 */
export async function refreshSession(qc: QueryClient): Promise<SessionUser | null> {
  await qc.cancelQueries({ queryKey: SESSION_KEY });
  return qc.fetchQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: 0 });
}

export function useSession() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: 60_000 });
}

export class AuthError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function signIn(email: string, password: string): Promise<void> {
  const res = await fetch("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json", "x-locale": i18n.language },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new AuthError(body.message ?? i18n.t("errors:invalidCredentials"), res.status);
  }
}

export async function signOut(): Promise<void> {
  await fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }).catch(() => {});
}

export function useSignOut() {
  const qc = useQueryClient();
  return async () => {
    await signOut();
    qc.clear();
    window.location.assign("/auth/signin");
  };
}

let expiring = false;

/** Session expiry: sign out after 500 ms and land on /auth/signin?error=SessionExpired. */
export function expireSession(): void {
  if (expiring) return;
  expiring = true;
  setTimeout(() => {
    void signOut().finally(() => window.location.assign("/auth/signin?error=SessionExpired"));
  }, LOGOUT_DELAY_MS);
}

/** A response containing UNAUTHORIZED or 'User not authenticated'. */
export function isSessionError(error: unknown, code?: string): boolean {
  const message = error instanceof Error ? error.message : String(error ?? "");
  return code === "UNAUTHORIZED" || message.includes("UNAUTHORIZED") || message.includes("User not authenticated");
}
