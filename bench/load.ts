import http from "node:http";
import { BENCH_HOST } from "./server";

/** A tRPC query's GET path. */
export const trpcPath = (procedure: string, json: unknown) => `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json }))}`;

export interface Row {
  title: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
}

/** Exact percentiles of the measured latencies (ms), requests per second over `seconds`. */
export function summarize(title: string, times: number[], seconds: number, errors: number): Row {
  times.sort((a, b) => a - b);
  const q = (p: number) => Number((times[Math.min(times.length - 1, Math.ceil(times.length * p) - 1)] ?? 0).toFixed(1));
  return { title, rps: Math.round(times.length / seconds), p50: q(0.5), p95: q(0.95), p99: q(0.99), max: Number((times.at(-1) ?? 0).toFixed(1)), errors };
}

/** `connections` keep-alive clients on the demo tenant, each sending the next path when the previous answer is read. */
export async function httpLoad(opts: { port: number; connections: number; seconds: number }, title: string, paths: string[], cookie: string): Promise<Row> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const end = Date.now() + opts.seconds * 1000;
  const one = (p: string) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = http.request({ host: "127.0.0.1", port: opts.port, path: p, agent, headers: { host: BENCH_HOST, cookie, "x-locale": "es" } }, (res) => {
        res.resume();
        res.on("end", () => {
          if (res.statusCode === 200) times.push(performance.now() - t0);
          else errors++;
          resolve();
        });
      });
      req.on("error", () => {
        errors++;
        resolve();
      });
      req.end();
    });
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (Date.now() < end) await one(paths[next++ % paths.length]!);
    }),
  );
  agent.destroy();
  const row = summarize(title, times, opts.seconds, errors);
  console.log(row);
  return row;
}
