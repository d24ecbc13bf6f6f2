import { ERROR_CODES, type saveLogRequestSchema } from '@panelwright/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { exceptionLogs } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { maskSecrets } from './mask';

export type SaveLogInput = z.infer<typeof saveLogRequestSchema>;

/** Reports one address may file per window; the call is open to guests, so it must not fill the disk. */
export const SAVE_LOG_LIMIT = 30;
export const SAVE_LOG_WINDOW_MS = 60_000;

/**
 * Stores the web app's error reports with their secrets masked. The field sizes are bounded by the
 * contract schema, and each address may file a few per minute (a fixed window per instance).
 */
export class ExceptionService {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly db: Database) {}

  async saveLog(
    input: SaveLogInput,
    caller: { userId: number | null; ip: string; userAgent: string | undefined },
  ): Promise<true> {
    this.throttle(caller.ip);
    await this.db.insert(exceptionLogs).values({
      userId: caller.userId,
      logBy: maskSecrets(input.LogBy ?? ''),
      apiUrl: maskSecrets(input.AIPUrl ?? ''),
      url: maskSecrets(input.Url ?? ''),
      error: maskSecrets(input.Error ?? ''),
      data: maskSecrets(input.Data ?? ''),
      ip: caller.ip.slice(0, 64),
      userAgent: caller.userAgent?.slice(0, 512) ?? null,
    });
    return true;
  }

  private throttle(ip: string): void {
    const now = Date.now();
    if (this.windows.size > 10_000) {
      for (const [key, window] of this.windows) {
        if (now - window.start >= SAVE_LOG_WINDOW_MS) this.windows.delete(key);
      }
    }
    let window = this.windows.get(ip);
    if (!window || now - window.start >= SAVE_LOG_WINDOW_MS) {
      window = { start: now, count: 0 };
      this.windows.set(ip, window);
    }
    window.count++;
    if (window.count > SAVE_LOG_LIMIT) {
      const retryAfter = Math.ceil((window.start + SAVE_LOG_WINDOW_MS - now) / 1000);
      throw new HttpError(429, ERROR_CODES.rateLimited, 'Too many error reports; try again later.', {
        'Retry-After': String(Math.max(1, retryAfter)),
      });
    }
  }
}
