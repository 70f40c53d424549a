/** Sliding-window counters kept in memory, per bucket and key (an IP address, an e-mail). */
export class RateLimiter {
  private hits = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  private recent(id: string, windowMs: number): number[] {
    const since = this.now() - windowMs;
    const times = (this.hits.get(id) ?? []).filter((time) => time > since);
    if (times.length) this.hits.set(id, times);
    else this.hits.delete(id);
    return times;
  }

  /** True when the key already reached the limit in the window. */
  isLimited(bucket: string, key: string, limit: number, windowMs: number): boolean {
    return this.recent(`${bucket}:${key}`, windowMs).length >= limit;
  }

  record(bucket: string, key: string, windowMs: number): void {
    const id = `${bucket}:${key}`;
    this.hits.set(id, [...this.recent(id, windowMs), this.now()]);
  }

  /** Milliseconds until the oldest hit in the window expires. */
  retryAfterMs(bucket: string, key: string, windowMs: number): number {
    const times = this.recent(`${bucket}:${key}`, windowMs);
    return times.length ? Math.max(0, times[0] + windowMs - this.now()) : 0;
  }
}
