import { createServer } from "node:net";
import { CardTerminalError } from "./errors";

/** A port nothing listens on: bound once, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The CardTerminalError a promise rejects with (fails the test when it resolves or throws something else). */
export async function rejection(promise: Promise<unknown>): Promise<CardTerminalError> {
  try {
    const value = await promise;
    throw new Error(`expected a CardTerminalError, got ${JSON.stringify(value)}`);
  } catch (error) {
    if (error instanceof CardTerminalError) return error;
    throw error;
  }
}

/** The CardTerminalError a function throws synchronously or asynchronously. */
export async function thrown(fn: () => unknown): Promise<CardTerminalError> {
  return rejection((async () => fn())());
}

/** A fetch that records the URLs and bodies it was asked for, optionally adding headers. */
export function recordingFetch(headers: Record<string, string> = {}) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  const fetchImpl: typeof fetch = (input, init) => {
    calls.push({ url: String(input), method: init?.method ?? "GET", body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined });
    return fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } });
  };
  return { fetch: fetchImpl, calls };
}

export const since = (start: number) => Date.now() - start;
