/** What a background job's check reports: what it sent and what failed (each failure logged). */
export interface JobRun {
  sent: unknown[];
  failed: unknown[];
  date?: string;
}

export type JobLog = { error: (obj: unknown, msg: string) => void; info: (obj: unknown, msg: string) => void };

/**
 * A background job the server starts (src/server/main.ts, never in tests): a check every `everyMs`
 * and one 30 s after start, never two at once; each check's result is logged under `name`.
 * Answers the function that stops it (called on close).
 */
export function startPeriodicJob(name: string, check: () => Promise<JobRun>, log: JobLog, everyMs: number): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const run = await check();
      if (run.sent.length > 0) log.info({ ...(run.date ? { date: run.date } : {}), sent: run.sent.length }, `${name} sent`);
      for (const f of run.failed) log.error(f, `${name} failed`);
    } catch (e) {
      log.error({ err: e }, `${name} failed`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(tick, 30_000);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
