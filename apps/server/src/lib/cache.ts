/**
 * The caches a process keeps in memory, by key, so that `Cache/Refresh` can clear one or all of them.
 * Anything cached here must be safe to drop at any moment.
 */
export class CacheRegistry {
  private readonly caches = new Map<string, () => void>();

  register(key: string, clear: () => void): void {
    if (this.caches.has(key)) throw new Error(`cache ${key} is registered twice`);
    this.caches.set(key, clear);
  }

  keys(): string[] {
    return [...this.caches.keys()];
  }

  /** Clears the cache named `key`, or every cache for "ALL". Returns whether anything matched. */
  clear(key: string): boolean {
    if (key === 'ALL') {
      for (const clear of this.caches.values()) clear();
      return true;
    }
    const clear = this.caches.get(key);
    clear?.();
    return clear !== undefined;
  }
}
