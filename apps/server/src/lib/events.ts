import {
  type CommentsChangedEvent,
  type ConfigChangedEvent,
  commentsChangedEventSchema,
  configChangedEventSchema,
  type DataChangedEvent,
  dataChangedEventSchema,
  type ExportProgressEvent,
  exportProgressEventSchema,
  type ImportProgressEvent,
  importProgressEventSchema,
  type NotificationEvent,
  notificationEventSchema,
} from '@panelwright/contract';
import { z } from 'zod';
import type { MessageBus } from './message-bus';

/** Events the live hub forwards to browsers. */
export type LiveEvent =
  | { type: 'notification'; data: NotificationEvent; userIds?: number[] }
  | { type: 'data-changed'; data: DataChangedEvent }
  | { type: 'comments-changed'; data: CommentsChangedEvent }
  | { type: 'export-progress'; data: ExportProgressEvent; userIds: number[] }
  | { type: 'import-progress'; data: ImportProgressEvent; userIds: number[] }
  | { type: 'config-changed'; data: ConfigChangedEvent }
  /**
   * Sessions of these users ended (logout, password change or reset): each instance checks their
   * streams at once. Never forwarded to browsers as such; a stream whose session ended is told so.
   */
  | { type: 'sessions-ended'; userIds: number[] };

export type LiveEventListener = (event: LiveEvent) => void;

/**
 * The process's event bus: services publish, the live hub subscribes. With Redis configured, a
 * transport carries each event to the other instances too (`bridgeEventsOverRedis`).
 */
export class EventBus {
  private readonly listeners = new Set<LiveEventListener>();
  /** Sends an event to other instances; set by the Redis transport. */
  private remote: ((event: LiveEvent) => void) | null = null;

  subscribe(listener: LiveEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Publishes to this process and, through the transport, to the other instances. */
  publish(event: LiveEvent): void {
    this.deliverLocally(event);
    this.remote?.(event);
  }

  /** Delivers an event that came from another instance. */
  deliverLocally(event: LiveEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // One failing listener must not keep the event from the others.
      }
    }
  }

  setRemote(remote: ((event: LiveEvent) => void) | null): void {
    this.remote = remote;
  }
}

/** The Redis channel (after `REDIS_PREFIX`) that carries live events between instances. */
export const LIVE_EVENTS_CHANNEL = 'live-events';

/** What may arrive from Redis; anything else (another program on a shared Redis) is dropped. */
const liveEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('notification'),
    data: notificationEventSchema,
    userIds: z.array(z.number().int()).optional(),
  }),
  z.object({ type: z.literal('data-changed'), data: dataChangedEventSchema }),
  z.object({ type: z.literal('comments-changed'), data: commentsChangedEventSchema }),
  z.object({ type: z.literal('config-changed'), data: configChangedEventSchema }),
  z.object({ type: z.literal('sessions-ended'), userIds: z.array(z.number().int()).max(10_000) }),
  z.object({
    type: z.literal('export-progress'),
    data: exportProgressEventSchema,
    userIds: z.array(z.number().int()),
  }),
  z.object({
    type: z.literal('import-progress'),
    data: importProgressEventSchema,
    userIds: z.array(z.number().int()),
  }),
]);

/**
 * The remote transport of the bus: each event published here also goes out on Redis, and events of
 * the other instances are delivered to this one's listeners. The bus delivers its own events locally
 * before sending them, and the Redis bus drops messages of its own instance, so none arrives twice.
 */
export function bridgeEventsOverRedis(events: EventBus, redis: MessageBus): void {
  events.setRemote((event) => redis.publish(LIVE_EVENTS_CHANNEL, event));
  redis.subscribe(LIVE_EVENTS_CHANNEL, (message) => {
    const parsed = liveEventSchema.safeParse(message);
    if (parsed.success) events.deliverLocally(parsed.data);
  });
}
