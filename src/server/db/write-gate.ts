import os from "node:os";

/**
 * How many write transactions run at once against the database (DB_WRITE_POOL_SIZE, default
 * 2 × cores). A checkout's transaction spends most of its time on the database's CPU: with more of
 * them in flight than cores they only take turns inside PostgreSQL, where waiting costs locks
 * held longer and context switches (the same checkout did 512/s at 4 connections and 196/s at
 * 32). Writers past the limit wait here, in the app, in arrival order.
 */
export class WriteGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next writer (active stays the same), or is freed.
      if (next) next();
      else this.active--;
    }
  }
}

export function writePoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const size = Number(env.DB_WRITE_POOL_SIZE ?? 2 * os.availableParallelism());
  return Number.isInteger(size) && size > 0 ? size : 2 * os.availableParallelism();
}

const gates = new WeakMap<object, WriteGate>();

/** The write gate of a database (one per process and database). */
export function writeGateOf(db: object): WriteGate {
  const gate = gates.get(db) ?? new WriteGate(writePoolSize());
  gates.set(db, gate);
  return gate;
}
