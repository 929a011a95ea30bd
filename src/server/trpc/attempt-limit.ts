/**
 * Attempts counted per key in a fixed window (in this process): the register form and wrong
 * super-admin tokens, limited like sign-in (AUTH_RATE_LIMIT_MAX per 5 minutes per client address).
 */
export class AttemptLimiter {
  private readonly hits = new Map<string, { count: number; until: number }>();

  constructor(private readonly windowMs: number) {}

  /** Whether key has used its `max` attempts in the current window. */
  isBlocked(key: string, max: number, now = Date.now()): boolean {
    const entry = this.hits.get(key);
    return !!entry && entry.until > now && entry.count >= max;
  }

  /** Counts one attempt of key. */
  hit(key: string, now = Date.now()): void {
    const entry = this.hits.get(key);
    if (!entry || entry.until <= now) {
      if (this.hits.size >= 50_000) for (const [k, e] of this.hits) if (e.until <= now) this.hits.delete(k);
      this.hits.set(key, { count: 1, until: now + this.windowMs });
    } else entry.count++;
  }
}

export const ATTEMPT_WINDOW_MS = 5 * 60_000;
