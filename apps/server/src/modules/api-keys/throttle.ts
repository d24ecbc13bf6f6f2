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

/** Where a key's calls are counted: this instance's memory, or Redis for every instance at once. */
export type KeyRateLimiter = {
  /** Takes one call from the key's bucket: 0 when it may go on, else how long to wait (ms). */
  take(key: string, now?: number): Promise<number>;
};

/**
 * The token bucket of a key, in one Redis hash (tokens, last refill in ms), taken atomically by a
 * script so that instances behind a load balancer share one rate. The clock is Redis's own (`TIME`):
 * instances whose clocks differ still refill the bucket alike. A bucket untouched for two minutes
 * expires (it would be full again by then).
 */
// (Not an upper-case constant: the message catalogue reads those as texts for people.)
// Not named in capitals: the message catalogue's test reads such constants as texts for people.
const takeFromBucket = `
local capacity = tonumber(ARGV[1])
local per_ms = capacity / 60000
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or capacity
local at = tonumber(state[2]) or now
tokens = math.min(capacity, tokens + math.max(0, now - at) * per_ms)
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
else
  wait = math.ceil((1 - tokens) / per_ms)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], 120000)
return wait
`;

/** The Redis commands the shared bucket needs (ioredis' client has them). */
export type RedisScripting = {
  eval(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
};

/**
 * The per-key rate shared by every instance through Redis (`REDIS_URL`). While Redis does not answer,
 * each instance counts on its own (the in-memory bucket) rather than refusing or letting every call
 * through: a key then gets at most its rate per instance, as without Redis.
 */
export class SharedKeyThrottle implements KeyRateLimiter {
  private readonly local: KeyThrottle;
  private lastErrorAt = 0;

  constructor(
    private readonly redis: RedisScripting,
    private readonly prefix: string,
    private readonly perMinute: number,
    private readonly onError: (error: Error) => void = () => {},
  ) {
    this.local = new KeyThrottle(perMinute);
  }

  async take(key: string, now = Date.now()): Promise<number> {
    try {
      const wait = await this.redis.eval(
        takeFromBucket,
        1,
        `${this.prefix}apikey-rate:${key}`,
        this.perMinute,
      );
      return Number(wait) || 0;
    } catch (error) {
      // Said once a minute, not on every call of every key.
      if (now - this.lastErrorAt > 60_000) {
        this.lastErrorAt = now;
        this.onError(error as Error);
      }
      return this.local.take(key, now);
    }
  }
}

/** The in-memory bucket as a limiter (one instance, or no Redis configured). */
export function localKeyRateLimiter(perMinute: number): KeyRateLimiter {
  const throttle = new KeyThrottle(perMinute);
  return { take: async (key, now) => throttle.take(key, now) };
}
