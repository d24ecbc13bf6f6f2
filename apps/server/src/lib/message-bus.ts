/**
 * Messages between the instances of one deployment (cache invalidations, live events). The Redis
 * plugin provides it when `REDIS_URL` is set; a lone instance has none. An instance never receives
 * its own messages back.
 */
export interface MessageBus {
  publish(channel: string, message: unknown): void;
  /** Calls `handler` with every message another instance publishes on `channel`. */
  subscribe(channel: string, handler: (message: unknown) => void): void;
}
