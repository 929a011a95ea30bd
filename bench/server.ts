import type { ChildProcess } from "node:child_process";
import http from "node:http";

/** The benchmarks talk to the demo tenant on 127.0.0.1 with its Host header (fetch() drops Host). */
export const BENCH_HOST = "demo.localhost";

/** Waits until the server started by a benchmark answers /healthz (2 minutes at most). */
export async function waitHealthy(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error("server exited");
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

/** One HTTP request to the demo tenant: status, body text and the first cookie set. */
export function benchRequest(port: number, method: string, path: string, body: string | null, cookie?: string): Promise<{ status: number; text: string; cookie?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method,
        headers: { host: BENCH_HOST, "content-type": "application/json", ...(body ? { "content-length": Buffer.byteLength(body) } : {}), ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text, cookie: String(res.headers["set-cookie"]?.[0] ?? "").split(";")[0] }));
      },
    );
    req.on("error", reject);
    req.end(body ?? undefined);
  });
}

/** Signs a demo user in and answers the session cookie. */
export async function signInCookie(port: number, email = "owner@demo.test"): Promise<string> {
  const r = await benchRequest(port, "POST", "/api/auth/sign-in/email", JSON.stringify({ email, password: "demo1234" }));
  if (r.status !== 200 || !r.cookie) throw new Error(`sign-in failed: ${r.status}`);
  return r.cookie;
}
