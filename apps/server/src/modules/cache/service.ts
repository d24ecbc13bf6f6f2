import type { AuditService } from '../../lib/audit';
import type { CacheRegistry } from '../../lib/cache';
import { BusinessError } from '../../lib/errors';

/**
 * `Cache/Refresh`: clears this instance's in-memory caches at once, and every other instance's through
 * Redis, so that a change made outside the product (in the database itself) shows everywhere after one
 * call. Changes made through the product clear what they touch on their own.
 */
export class CacheService {
  constructor(
    private readonly caches: CacheRegistry,
    private readonly audit: AuditService,
  ) {}

  async refresh(id: string, userId: number, ip: string): Promise<boolean> {
    if (!this.caches.invalidate(id)) {
      const known = ['ALL', ...this.caches.keys()].join(', ');
      throw new BusinessError(`There is no cache named "${id.slice(0, 128)}". Known caches: ${known}.`);
    }
    await this.audit.record({ action: 'cache_refresh', userId, ip, details: { Id: id } });
    return true;
  }
}
