import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { MessageBus } from '../lib/message-bus';

/** How often a Redis that stays down is logged again; ioredis reports every reconnection attempt. */
const ERROR_LOG_INTERVAL_MS = 60_000;
/** How long `close()` waits for a polite QUIT before dropping the connection. */
const QUIT_TIMEOUT_MS = 1_000;

type Envelope = { origin: string; message: unknown };
type Handler = (message: unknown) => void;

/**
 * The instances' message bus over Redis pub/sub: one connection publishes (and may serve other
 * commands), one subscribes. Messages carry the sending instance's id so that an instance, which
 * always acts locally first, never handles its own message a second time.
 *
 * A Redis that is down or goes away never stops the process: the error is logged, publishing fails
 * quietly (this instance keeps serving its own users), and ioredis reconnects and resubscribes.
 */
export class RedisBus implements MessageBus {
  readonly instanceId = randomUUID();
  readonly publisher: Redis;
  readonly subscriber: Redis;
  private readonly handlers = new Map<string, Handler[]>();
  private readonly subscriptions: Promise<unknown>[] = [];
  private lastErrorLoggedAt = 0;
  private healthy = true;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    // Publishing fails at once while disconnected instead of queueing without bound.
    this.publisher = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    // SUBSCRIBE waits for the connection however long it takes, and ioredis repeats it on reconnect.
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null });
    for (const [role, client] of [
      ['publisher', this.publisher],
      ['subscriber', this.subscriber],
    ] as const) {
      client.on('error', (error: Error) => this.reportError(role, error));
      client.on('ready', () => {
        if (!this.healthy) this.log.info({ role }, 'redis connection restored');
        this.healthy = true;
      });
    }
    this.subscriber.on('message', (channel: string, text: string) => this.receive(channel, text));
  }

  /** Sends a message to the other instances; never throws, never waits. */
  publish(channel: string, message: unknown): void {
    const envelope: Envelope = { origin: this.instanceId, message };
    this.publisher.publish(this.prefix + channel, JSON.stringify(envelope)).catch((error: Error) => {
      this.reportError('publisher', error);
    });
  }

  /** Calls `handler` with every message another instance publishes on `channel`. */
  subscribe(channel: string, handler: Handler): void {
    const name = this.prefix + channel;
    const existing = this.handlers.get(name);
    if (existing) {
      existing.push(handler);
      return;
    }
    this.handlers.set(name, [handler]);
    this.subscriptions.push(
      this.subscriber.subscribe(name).catch((error: Error) => this.reportError('subscriber', error)),
    );
  }

  /** Resolves once both connections are up and every subscription is in place (for tests and start-up). */
  async ready(timeoutMs = 5_000): Promise<boolean> {
    const connected = (client: Redis) =>
      client.status === 'ready' ? Promise.resolve() : new Promise((resolve) => client.once('ready', resolve));
    const all = Promise.all([
      connected(this.publisher),
      connected(this.subscriber),
      ...this.subscriptions,
    ]).then(() => true);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([all, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.publisher, this.subscriber].map((client) => quit(client)));
  }

  private receive(channel: string, text: string): void {
    const handlers = this.handlers.get(channel);
    if (!handlers) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      this.log.warn({ channel }, 'redis message is not JSON; ignored');
      return;
    }
    if (typeof envelope !== 'object' || envelope === null || envelope.origin === this.instanceId) return;
    for (const handler of handlers) {
      try {
        handler(envelope.message);
      } catch (error) {
        this.log.error({ err: error, channel }, 'redis message handler failed');
      }
    }
  }

  private reportError(role: string, error: Error): void {
    this.healthy = false;
    const now = Date.now();
    if (now - this.lastErrorLoggedAt < ERROR_LOG_INTERVAL_MS) return;
    this.lastErrorLoggedAt = now;
    // The message only: ioredis errors may quote the connection options.
    this.log.warn({ role, error: error.message }, 'redis unavailable; serving this instance only');
  }
}

async function quit(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    client.quit().catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, QUIT_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
  client.disconnect();
}

/** The bus when `REDIS_URL` is set; null runs the instance on its own. */
export function createRedisBus(
  config: { redisUrl: string | undefined; redisPrefix: string },
  log: FastifyBaseLogger,
): RedisBus | null {
  return config.redisUrl ? new RedisBus(config.redisUrl, config.redisPrefix, log) : null;
}
