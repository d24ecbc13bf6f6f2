import type { ImportProgressEvent } from '@panelwright/contract';
import type { EventBus } from '../../lib/events';

/** How long an import's last progress is kept after its last batch. */
const KEPT_MS = 10 * 60_000;
/** Imports under way remembered at most (the oldest are dropped first). */
const MAX_KEPT = 10_000;

/**
 * Where each import sent with a `ProgressKey` is, for `{APIName}/ImportProgress`: the import dialog
 * asks it while it waits when the live stream is off. It hears the bus's `import-progress` events,
 * so that with several instances (events carried over Redis) any instance answers for an import
 * another one runs.
 */
export class ImportProgressBoard {
  private readonly latest = new Map<string, { event: ImportProgressEvent; at: number }>();

  constructor(events: EventBus) {
    events.subscribe((event) => {
      if (event.type !== 'import-progress' || !event.data.ProgressKey) return;
      for (const userId of event.userIds) this.keep(userId, event.data);
    });
  }

  /** The progress of the caller's import sent with `key` into `apiName`, or null if none is known. */
  read(userId: number, apiName: string, key: string): ImportProgressEvent | null {
    const entry = this.latest.get(`${userId}\u0000${key}`);
    if (!entry || entry.event.APIName !== apiName || Date.now() - entry.at > KEPT_MS) return null;
    const { APIName, Rows, Total } = entry.event;
    return { APIName, Rows, Total };
  }

  private keep(userId: number, event: ImportProgressEvent): void {
    const key = `${userId}\u0000${event.ProgressKey}`;
    // Re-inserted, so that the map's order is the order of the last news.
    this.latest.delete(key);
    this.latest.set(key, { event, at: Date.now() });
    const now = Date.now();
    for (const [oldest, entry] of this.latest) {
      if (this.latest.size <= MAX_KEPT && now - entry.at <= KEPT_MS) break;
      this.latest.delete(oldest);
    }
  }
}
