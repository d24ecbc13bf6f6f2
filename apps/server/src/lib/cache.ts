import { z } from 'zod';
import type { MessageBus } from './message-bus';

/** The Redis channel (after `REDIS_PREFIX`) that carries cache invalidations between instances. */
export const CACHE_REFRESH_CHANNEL = 'cache-refresh';

/**
 * The longest anything stays cached: a backstop for an invalidation that never arrived (Redis down
 * while another instance saved). Changes made here show at once; elsewhere at once through Redis,
 * and within this time without it.
 */
export const CACHE_TTL_MS = 60_000;

const refreshMessageSchema = z.object({ Id: z.string().min(1).max(128) });

/**
 * The caches a process keeps in memory, by key, so that a change (or `Cache/Refresh`) can clear one
 * or all of them, here and on every other instance. Anything cached here must be safe to drop at
 * any moment.
 */
export class CacheRegistry {
  private readonly caches = new Map<string, () => void>();
  private bus: MessageBus | null = null;

  register(key: string, clear: () => void): void {
    if (this.caches.has(key)) throw new Error(`cache ${key} is registered twice`);
    this.caches.set(key, clear);
  }

  keys(): string[] {
    return [...this.caches.keys()];
  }

  /** Clears the cache named `key`, or every cache for "ALL", in this process only. */
  clear(key: string): boolean {
    if (key === 'ALL') {
      for (const clear of this.caches.values()) clear();
      return true;
    }
    const clear = this.caches.get(key);
    clear?.();
    return clear !== undefined;
  }

  /**
   * Clears the caches named (or "ALL") here at once, and on every other instance through Redis.
   * Every change to something cached calls this. Returns whether every name was known.
   */
  invalidate(...keys: string[]): boolean {
    let known = true;
    for (const key of keys) {
      known = this.clear(key) && known;
      this.bus?.publish(CACHE_REFRESH_CHANNEL, { Id: key });
    }
    return known;
  }

  /** Hears the invalidations of the other instances. */
  connect(bus: MessageBus): void {
    this.bus = bus;
    bus.subscribe(CACHE_REFRESH_CHANNEL, (message) => {
      const parsed = refreshMessageSchema.safeParse(message);
      if (parsed.success) this.clear(parsed.data.Id);
    });
  }
}

/**
 * Values loaded on first use, by key, each kept for at most `ttlMs` or until cleared. A load that
 * fails is not kept (the next call tries again); neither is a value `keep` refuses (an unknown id must
 * not grow the cache).
 */
export class KeyedCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; loadedAt: number }>();

  constructor(
    private readonly ttlMs: number = CACHE_TTL_MS,
    private readonly keep: (value: V) => boolean = () => true,
    private readonly now: () => number = Date.now,
    /** Past this many keys, the oldest loaded goes first (keys drawn from client input stay bounded). */
    private readonly maxEntries: number = Number.POSITIVE_INFINITY,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.loadedAt < this.ttlMs) return entry.value;
    const value = load();
    const fresh = { value, loadedAt: this.now() };
    this.entries.delete(key);
    this.entries.set(key, fresh);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const forget = () => {
      if (this.entries.get(key) === fresh) this.entries.delete(key);
    };
    value.then((loaded) => {
      if (!this.keep(loaded)) forget();
    }, forget);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** One value loaded on first use, kept for at most `ttlMs` or until cleared. */
export class CachedValue<V> {
  private readonly cache: KeyedCache<true, V>;

  constructor(
    private readonly load: () => Promise<V>,
    ttlMs: number = CACHE_TTL_MS,
    now: () => number = Date.now,
  ) {
    this.cache = new KeyedCache<true, V>(ttlMs, () => true, now);
  }

  get(): Promise<V> {
    return this.cache.get(true, this.load);
  }

  clear(): void {
    this.cache.clear();
  }
}
