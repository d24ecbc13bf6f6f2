import { describe, expect, it } from 'vitest';
import { CACHE_TTL_MS, CachedValue, CacheRegistry, KeyedCache } from './cache';

describe('cached values', () => {
  it('load once, then again after their lifetime: a missed invalidation heals on its own', async () => {
    let now = 0;
    let loads = 0;
    const value = new CachedValue(
      async () => ++loads,
      CACHE_TTL_MS,
      () => now,
    );
    expect(await value.get()).toBe(1);
    now = CACHE_TTL_MS - 1;
    expect(await value.get()).toBe(1);
    now = CACHE_TTL_MS;
    expect(await value.get()).toBe(2);
    value.clear();
    expect(await value.get()).toBe(3);
  });

  it('do not keep a failed load, nor a value the cache refuses', async () => {
    let attempt = 0;
    const cache = new KeyedCache<string, string | null>(CACHE_TTL_MS, (found) => found !== null);
    await expect(
      cache.get('x', async () => {
        attempt++;
        throw new Error('down');
      }),
    ).rejects.toThrow('down');
    expect(await cache.get('x', async () => `loaded after ${attempt}`)).toBe('loaded after 1');
    expect(await cache.get('x', async () => 'not again')).toBe('loaded after 1');
    expect(await cache.get('missing', async () => null)).toBeNull();
    expect(await cache.get('missing', async () => 'now there')).toBe('now there');
  });
});

describe('the cache registry', () => {
  it('clears by name or all, and says which names it knows', () => {
    const registry = new CacheRegistry();
    const cleared: string[] = [];
    registry.register('A', () => cleared.push('A'));
    registry.register('B', () => cleared.push('B'));
    expect(() => registry.register('A', () => {})).toThrow('registered twice');
    expect(registry.invalidate('A')).toBe(true);
    expect(registry.invalidate('ALL')).toBe(true);
    expect(registry.invalidate('Nope')).toBe(false);
    expect(cleared).toEqual(['A', 'A', 'B']);
  });
});
