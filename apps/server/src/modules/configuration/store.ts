import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { configVersions } from '../../db/schema';
import { CachedValue, type CacheRegistry } from '../../lib/cache';
import { readLiveConfiguration } from './document';
import { previewRole } from './preview';
import { ConfigView } from './view';

/**
 * The one way every call reads the configuration it serves (screens and their columns, menus, texts,
 * roles and grants, settings): the live view, read from the tables once and kept until a change, a
 * cache refresh or the cache's lifetime.
 */
export class ConfigurationStore {
  private readonly liveView = new CachedValue(() => this.read());

  constructor(
    private readonly db: Database,
    caches: CacheRegistry,
  ) {
    caches.register('Configuration', () => this.clear());
  }

  /** Drops the live view here (the next call reads it again). */
  clear(): void {
    this.liveView.clear();
  }

  /** The configuration served now: the live one, or the draft to a request of the studio's preview. */
  current(): Promise<ConfigView> {
    if (this.preview && previewRole() !== null) return this.preview();
    return this.liveView.get();
  }

  /** The live configuration, whatever the request. */
  live(): Promise<ConfigView> {
    return this.liveView.get();
  }

  private preview: (() => Promise<ConfigView>) | null = null;

  /** Where a preview's configuration comes from (the draft; set once, when the app is built). */
  usePreview(source: () => Promise<ConfigView>): void {
    this.preview = source;
  }

  private async read(): Promise<ConfigView> {
    const [live, [latest]] = await Promise.all([
      readLiveConfiguration(this.db),
      this.db
        .select({ id: configVersions.id })
        .from(configVersions)
        .orderBy(desc(configVersions.id))
        .limit(1),
    ]);
    return new ConfigView(live.document, live.screenIds, latest?.id ?? 0);
  }
}
