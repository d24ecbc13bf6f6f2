import { z } from 'zod';
import type { AuditService } from '../../lib/audit';
import type { CacheRegistry } from '../../lib/cache';
import { BusinessError } from '../../lib/errors';
import type { RedisBus } from '../../plugins/redis';

/** The Redis channel (after `REDIS_PREFIX`) that carries cache refreshes between instances. */
export const CACHE_REFRESH_CHANNEL = 'cache-refresh';

const refreshMessageSchema = z.object({ Id: z.string().min(1).max(128) });

/**
 * `Cache/Refresh`: clears this instance's in-memory caches at once, then asks every other instance
 * to do the same through Redis, so that a settings change shows everywhere after one call.
 */
export class CacheService {
  constructor(
    private readonly caches: CacheRegistry,
    private readonly audit: AuditService,
    private readonly redis: RedisBus | null,
  ) {
    redis?.subscribe(CACHE_REFRESH_CHANNEL, (message) => {
      const parsed = refreshMessageSchema.safeParse(message);
      if (parsed.success) caches.clear(parsed.data.Id);
    });
  }

  async refresh(id: string, userId: number, ip: string): Promise<boolean> {
    if (!this.caches.clear(id)) {
      const known = ['ALL', ...this.caches.keys()].join(', ');
      throw new BusinessError(`There is no cache named "${id.slice(0, 128)}". Known caches: ${known}.`);
    }
    this.redis?.publish(CACHE_REFRESH_CHANNEL, { Id: id });
    await this.audit.record({ action: 'cache_refresh', userId, ip, details: { Id: id } });
    return true;
  }
}
