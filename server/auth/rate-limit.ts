type Entry = { times: number[]; windowMs: number };

const sweepEveryMs = 60_000;

/**
 * Sliding-window counters kept in memory, per bucket and key (an IP address, an e-mail).
 * Idle keys are forgotten: once a minute the keys whose last hit left its window are
 * dropped, and past maxKeys the least recently hit go first, so memory stays bounded
 * however many addresses call.
 */
export class RateLimiter {
  private hits = new Map<string, Entry>();
  private lastSweep: number;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 10_000,
  ) {
    this.lastSweep = now();
  }

  /** How many keys are remembered (for tests and monitoring). */
  get size(): number {
    return this.hits.size;
  }

  private recent(id: string, windowMs: number): number[] {
    const since = this.now() - windowMs;
    const entry = this.hits.get(id);
    const times = (entry?.times ?? []).filter((time) => time > since);
    if (times.length) entry!.times = times;
    else this.hits.delete(id);
    return times;
  }

  /** True when the key already reached the limit in the window. */
  isLimited(bucket: string, key: string, limit: number, windowMs: number): boolean {
    return this.recent(`${bucket}:${key}`, windowMs).length >= limit;
  }

  /** The key's hits still inside the window, oldest first. */
  hitTimes(bucket: string, key: string, windowMs: number): readonly number[] {
    return this.recent(`${bucket}:${key}`, windowMs);
  }

  /** Forgets the key's hits (a sign-in that succeeded clears the address's failures). */
  clear(bucket: string, key: string): void {
    this.hits.delete(`${bucket}:${key}`);
  }

  record(bucket: string, key: string, windowMs: number): void {
    const id = `${bucket}:${key}`;
    const times = [...this.recent(id, windowMs), this.now()];
    // Re-inserted, so the map's order is least recently hit first.
    this.hits.delete(id);
    this.hits.set(id, { times, windowMs });
    if (this.hits.size > this.maxKeys || this.now() - this.lastSweep >= sweepEveryMs) this.sweep();
  }

  /** Milliseconds until the oldest hit in the window expires. */
  retryAfterMs(bucket: string, key: string, windowMs: number): number {
    const times = this.recent(`${bucket}:${key}`, windowMs);
    return times.length ? Math.max(0, times[0] + windowMs - this.now()) : 0;
  }

  private sweep(): void {
    const now = this.now();
    this.lastSweep = now;
    for (const [id, entry] of this.hits) {
      if (entry.times[entry.times.length - 1] <= now - entry.windowMs) this.hits.delete(id);
    }
    // Still too many live keys: forget the least recently hit, down to 90% so this stays rare.
    for (const id of this.hits.keys()) {
      if (this.hits.size <= this.maxKeys * 0.9) break;
      this.hits.delete(id);
    }
  }
}
