// Login throttling: failures counted per key (account and IP) in a fixed window.
// In-memory per process: see docs/decisions/004-login-throttling.md.
export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

export class Throttle {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly rule: ThrottleRule) {}

  /** Seconds until the key may try again, or 0 when it is not blocked. */
  retryAfter(key: string, now = Date.now()): number {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.rule.limit ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  /** Gives back one attempt counted by `fail` (a login that turned out right). */
  undo(key: string): void {
    const entry = this.hits.get(key);
    if (entry && entry.count > 0) entry.count--;
  }

  fail(key: string, now = Date.now()): void {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.rule.windowMs });
      if (this.hits.size > 100_000) this.sweep(now);
    } else {
      entry.count++;
    }
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
