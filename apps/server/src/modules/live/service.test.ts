import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventBus } from '../../lib/events';
import { LiveHub, type LiveStream, sseFrame } from './service';

class FakeStream implements LiveStream {
  chunks: string[] = [];
  writableEnded = false;
  destroyed = false;
  writableLength = 0;
  write(chunk: string) {
    this.chunks.push(chunk);
    return true;
  }
  end() {
    this.writableEnded = true;
  }
  get text() {
    return this.chunks.join('');
  }
}

const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
const notification = { Id: 'n1', Title: 'Hi', Body: 'B', Url: '/x', CreatedAt: '2026-01-01T00:00:00.000Z' };

describe('LiveHub', () => {
  let events: EventBus;
  let ended: Set<string>;
  let hub: LiveHub;

  beforeEach(() => {
    vi.useFakeTimers();
    events = new EventBus();
    ended = new Set();
    hub = new LiveHub(events, async () => ended, log, { heartbeatMs: 1000, maxStreamsPerUser: 2 });
  });
  afterEach(() => {
    hub.closeAll();
    vi.useRealTimers();
  });

  it('tells the browser its retry delay when a stream opens', () => {
    const stream = new FakeStream();
    hub.open(1, 's1', stream);
    expect(stream.text).toBe('retry: 5000\n: connected\n\n');
  });

  it('sends a notification to the users it addresses only, and to everyone without addressees', () => {
    const [a, b] = [new FakeStream(), new FakeStream()];
    hub.open(1, 's1', a);
    hub.open(2, 's2', b);
    events.publish({ type: 'notification', data: notification, userIds: [2, 2, 99] });
    expect(a.text).not.toContain('event: notification');
    expect(b.text.split('event: notification').length).toBe(2);
    events.publish({ type: 'notification', data: notification });
    events.publish({ type: 'data-changed', data: { APIName: 'Order', Id: 7 } });
    for (const stream of [a, b]) {
      expect(stream.text).toContain(sseFrame('notification', notification));
      expect(stream.text).toContain('event: data-changed\ndata: {"APIName":"Order","Id":7}\n\n');
    }
  });

  it("sends an export's progress only to the user who exports", () => {
    const [a, b] = [new FakeStream(), new FakeStream()];
    hub.open(1, 's1', a);
    hub.open(2, 's2', b);
    events.publish({
      type: 'export-progress',
      data: { APIName: 'Product', Rows: 5000, Total: 100_000 },
      userIds: [2],
    });
    expect(a.text).not.toContain('export-progress');
    expect(b.text).toContain(
      'event: export-progress\ndata: {"APIName":"Product","Rows":5000,"Total":100000}\n\n',
    );
  });

  it('refuses more streams per user than the bound, and takes one again after a close', () => {
    const detach = hub.open(1, 's1', new FakeStream());
    expect(hub.open(1, 's1', new FakeStream())).not.toBeNull();
    expect(hub.accepts(1)).toBe(false);
    expect(hub.open(1, 's1', new FakeStream())).toBeNull();
    expect(hub.accepts(2)).toBe(true);
    detach?.();
    expect(hub.accepts(1)).toBe(true);
    expect(hub.count()).toBe(1);
  });

  it('sends a heartbeat comment and ends the streams whose session ended', async () => {
    const [kept, revoked] = [new FakeStream(), new FakeStream()];
    hub.open(1, 'kept', kept);
    hub.open(2, 'revoked', revoked);
    ended.add('revoked');
    await vi.advanceTimersByTimeAsync(1000);
    expect(kept.text).toContain(': ping\n\n');
    expect(kept.writableEnded).toBe(false);
    expect(revoked.writableEnded).toBe(true);
    expect(hub.count()).toBe(1);
  });

  it('ends a stream whose client does not read, instead of buffering without bound', () => {
    const slow = new FakeStream();
    hub.open(1, 's1', slow);
    slow.writableLength = hub.options.maxBufferedBytes + 1;
    events.publish({ type: 'data-changed', data: { APIName: 'Order', Id: 1 } });
    expect(slow.writableEnded).toBe(true);
    expect(hub.count()).toBe(0);
  });

  it('ends every stream and refuses new ones once closed; no timer is left behind', () => {
    const stream = new FakeStream();
    hub.open(1, 's1', stream);
    expect(vi.getTimerCount()).toBe(1);
    hub.closeAll();
    expect(stream.writableEnded).toBe(true);
    expect(hub.open(1, 's1', new FakeStream())).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});
