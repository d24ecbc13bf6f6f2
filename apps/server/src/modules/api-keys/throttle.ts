/**
 * A token bucket per key on this instance: `perMinute` calls a minute, with bursts of as many. Kept in
 * memory because it is checked on every call; behind a load balancer each instance allows its own
 * share (docs/integrations.md).
 */
export class KeyThrottle {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly perMinute: number) {}

  /** Takes one call from the key's bucket: 0 when it may go on, else how long to wait (ms). */
  take(key: string, now = Date.now()): number {
    const ratePerMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * ratePerMs);
    bucket.at = now;
    if (this.buckets.size > 10_000 && !this.buckets.has(key)) this.buckets.clear();
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / ratePerMs);
  }
}
