import type { FastifyBaseLogger } from 'fastify';
import type { EventBus, LiveEvent } from '../../lib/events';

/** The part of an HTTP response the hub writes to; a fake in unit tests. */
export type LiveStream = {
  write(chunk: string): unknown;
  end(): void;
  readonly writableLength: number;
  readonly writableEnded: boolean;
  readonly destroyed: boolean;
};

export type LiveHubOptions = {
  /** A comment line this often keeps proxies and load balancers from closing an idle stream. */
  heartbeatMs: number;
  /** Streams one user may hold at once (tabs and devices); more are refused. */
  maxStreamsPerUser: number;
  /** The reconnection delay the browser is told to use. */
  retryMs: number;
  /** A stream whose unsent output grows past this is a client that does not read: it is ended. */
  maxBufferedBytes: number;
};

export const DEFAULT_LIVE_HUB_OPTIONS: LiveHubOptions = {
  heartbeatMs: 25_000,
  maxStreamsPerUser: 10,
  retryMs: 5_000,
  maxBufferedBytes: 256 * 1024,
};

/** Ends the streams whose session ended since they opened (logout, revocation, expiry). */
export type SessionCheck = (sessionIds: readonly string[]) => Promise<Set<string>>;

/** Who a stream belongs to, as far as the hub's filters need: their id and roles when it opened. */
export type LiveUser = { id: number; roles: readonly string[] };

/** Whether a user may be told of an event (a change to rows they cannot list is not theirs to know). */
export type EventFilter = (user: LiveUser, event: LiveEvent) => boolean | Promise<boolean>;

/** The frame that tells a browser its session ended (disabled, revoked): it signs out at once. */
export const SESSION_ENDED_FRAME = sseFrame('session-ended', {});

type Connection = { userId: number; roles: readonly string[]; sessionId: string; stream: LiveStream };

/** One Server-Sent Events frame; JSON never holds a raw newline, so the data fits one line. */
export function sseFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The notification hub: the browsers' event streams of this instance, by user. It forwards the
 * events of the bus (which, with Redis, brings those of every instance) to the users they address.
 */
export class LiveHub {
  private readonly byUser = new Map<number, Set<Connection>>();
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;
  readonly options: LiveHubOptions;

  constructor(
    events: EventBus,
    private readonly sessionCheck: SessionCheck,
    private readonly log: FastifyBaseLogger,
    options: Partial<LiveHubOptions> = {},
    private readonly visible: EventFilter = () => true,
  ) {
    this.options = { ...DEFAULT_LIVE_HUB_OPTIONS, ...options };
    events.subscribe((event) => this.dispatch(event));
  }

  /** Whether a new stream of this user would be taken. */
  accepts(userId: number): boolean {
    return !this.closed && (this.byUser.get(userId)?.size ?? 0) < this.options.maxStreamsPerUser;
  }

  /**
   * Starts forwarding to `stream` (whose headers are sent); returns the function that detaches it,
   * or null when the stream is refused (the hub is closing, or the user holds too many).
   */
  open(
    userId: number,
    sessionId: string,
    stream: LiveStream,
    roles: readonly string[] = [],
  ): (() => void) | null {
    if (!this.accepts(userId)) return null;
    const connection: Connection = { userId, roles, sessionId, stream };
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(connection);
    stream.write(`retry: ${this.options.retryMs}\n: connected\n\n`);
    this.heartbeat ??= setInterval(() => void this.beat(), this.options.heartbeatMs);
    this.heartbeat.unref();
    return () => this.detach(connection);
  }

  /** Streams open on this instance. */
  count(): number {
    let total = 0;
    for (const set of this.byUser.values()) total += set.size;
    return total;
  }

  /** Ends every stream and refuses new ones: the server is closing and must not wait for browsers. */
  closeAll(): void {
    this.closed = true;
    for (const set of this.byUser.values()) {
      for (const connection of set) this.end(connection);
    }
    this.byUser.clear();
    this.stopHeartbeat();
  }

  private dispatch(event: LiveEvent): void {
    if (event.type === 'sessions-ended') {
      for (const userId of new Set(event.userIds)) void this.recheck(userId);
      return;
    }
    const frame = sseFrame(event.type, event.data);
    if (
      (event.type === 'notification' ||
        event.type === 'export-progress' ||
        event.type === 'import-progress') &&
      event.userIds
    ) {
      for (const userId of new Set(event.userIds)) {
        for (const connection of this.byUser.get(userId) ?? []) this.send(connection, frame);
      }
      return;
    }
    if (event.type === 'data-changed' || event.type === 'comments-changed') {
      // A change to a user may have ended their sessions (disabled): their streams hear it at once.
      if (event.type === 'data-changed' && event.data.APIName === 'User')
        void this.recheck(Number(event.data.Id));
      for (const set of this.byUser.values()) {
        for (const connection of set) {
          const ok = this.visible({ id: connection.userId, roles: connection.roles }, event);
          if (ok === true) this.send(connection, frame);
          else if (ok !== false) ok.then((yes) => yes && this.send(connection, frame)).catch(() => {});
        }
      }
      return;
    }
    for (const set of this.byUser.values()) {
      for (const connection of set) this.send(connection, frame);
    }
  }

  /** Ends at once the streams of a user whose sessions ended. */
  private async recheck(userId: number): Promise<void> {
    const mine = [...(this.byUser.get(userId) ?? [])];
    if (mine.length === 0) return;
    try {
      const ended = await this.sessionCheck(mine.map((c) => c.sessionId));
      for (const connection of mine) if (ended.has(connection.sessionId)) this.endSession(connection);
    } catch (error) {
      this.log.warn({ err: error }, 'live hub could not check its sessions');
    }
  }

  /** Tells the browser its session ended, then ends the stream. */
  private endSession(connection: Connection): void {
    if (!connection.stream.writableEnded && !connection.stream.destroyed) {
      connection.stream.write(SESSION_ENDED_FRAME);
    }
    this.end(connection);
  }

  private send(connection: Connection, frame: string): void {
    const { stream } = connection;
    if (stream.writableEnded || stream.destroyed) {
      this.detach(connection);
      return;
    }
    if (stream.writableLength > this.options.maxBufferedBytes) {
      this.end(connection);
      return;
    }
    stream.write(frame);
  }

  private async beat(): Promise<void> {
    const all = [...this.byUser.values()].flatMap((set) => [...set]);
    for (const connection of all) this.send(connection, ': ping\n\n');
    if (all.length === 0) return;
    try {
      const ended = await this.sessionCheck([...new Set(all.map((c) => c.sessionId))]);
      for (const connection of all) {
        if (ended.has(connection.sessionId)) this.endSession(connection);
      }
    } catch (error) {
      this.log.warn({ err: error }, 'live hub could not check its sessions');
    }
  }

  private end(connection: Connection): void {
    this.detach(connection);
    if (!connection.stream.writableEnded) connection.stream.end();
  }

  private detach(connection: Connection): void {
    const set = this.byUser.get(connection.userId);
    if (!set?.delete(connection)) return;
    if (set.size === 0) this.byUser.delete(connection.userId);
    if (this.byUser.size === 0) this.stopHeartbeat();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
