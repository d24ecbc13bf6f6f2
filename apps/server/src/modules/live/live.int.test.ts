import { dataChangedEventSchema, notificationEventSchema } from '@panelwright/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness';
import { type EventStreamClient, openEventStream } from '../../testing/sse';

let server: TestServer;
let adminToken: string;
let staff: { id: number; token: string };
const streams: EventStreamClient[] = [];

async function stream(token: string): Promise<EventStreamClient> {
  const client = await openEventStream(`${server.url}/api/v1/NotificationHub?access_token=${token}`);
  streams.push(client);
  return client;
}

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await server.signIn();
  staff = await server.createUser('live-staff');
});
afterAll(async () => {
  for (const client of streams) client.close();
  await server.close();
});

describe('GET /api/v1/NotificationHub', () => {
  it('opens an event stream with the headers proxies and browsers need, and a retry hint', async () => {
    const client = await stream(staff.token);
    expect(client.status).toBe(200);
    expect(client.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(client.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(client.headers.get('x-accel-buffering')).toBe('no');
    expect(client.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(client.headers.get('x-content-type-options')).toBe('nosniff');
    const first = await client.next();
    expect(first.retry).toBe(5000);
    expect(first.comments).toEqual(['connected']);
    client.close();
  });

  it('answers 401 without a token, with a bad one, and with a revoked one', async () => {
    const missing = await server.fetch('/api/v1/NotificationHub');
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as any).error).toBe('unauthorized');
    expect((await server.fetch('/api/v1/NotificationHub?access_token=not.a.jwt')).status).toBe(401);
    const token = await server.signIn();
    await server.call('Account/Logout', {}, token);
    expect((await server.fetch(`/api/v1/NotificationHub?access_token=${token}`)).status).toBe(401);
  });

  it('delivers a sent notification to its addressee only, and a data change to everyone', async () => {
    const mine = await stream(staff.token);
    const admins = await stream(adminToken);
    await Promise.all([mine.next(), admins.next()]);

    const sent = await server.call(
      'Notification/Send',
      { Title: 'Order shipped', Body: 'Order 42 left the warehouse', Url: '/orders/42', UserIds: [staff.id] },
      adminToken,
    );
    expect(sent.body).toMatchObject({ StatusCode: 1, Data: { Recipients: 1 } });
    const frame = await mine.next((f) => f.event === 'notification');
    const event = notificationEventSchema.parse(JSON.parse(frame.data));
    expect(event).toMatchObject({ Id: sent.body.Data.Id, Title: 'Order shipped', Url: '/orders/42' });
    expect(new Date(event.CreatedAt).toISOString()).toBe(event.CreatedAt);

    server.app.services.events.publish({ type: 'data-changed', data: { APIName: 'Order', Id: 42 } });
    for (const client of [mine, admins]) {
      const changed = await client.next((f) => f.event === 'data-changed');
      expect(dataChangedEventSchema.parse(JSON.parse(changed.data))).toEqual({ APIName: 'Order', Id: 42 });
    }
    expect(admins.frames.some((f) => f.event === 'notification')).toBe(false);
    mine.close();
    admins.close();
  });

  it('bounds the streams of one user with a 429, and takes a new one after a stream closes', async () => {
    const bound = server.app.services.live.options.maxStreamsPerUser;
    const user = await server.createUser('many-tabs');
    const open: EventStreamClient[] = [];
    for (let i = 0; i < bound; i++) open.push(await stream(user.token));
    expect(open.every((c) => c.status === 200)).toBe(true);
    const refused = await server.fetch(`/api/v1/NotificationHub?access_token=${user.token}`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    open[0]!.close();
    // The server notices the closed connection a moment later.
    await expect
      .poll(async () => {
        const again = await stream(user.token);
        again.close();
        return again.status;
      })
      .toBe(200);
    for (const client of open) client.close();
  });

  it('ends the streams of a session at once when it logs out, and those of other devices on a password change', async () => {
    const user = await server.createUser('live-logout');
    const other = await server.tokenCall('live-logout', 'live-logout-Pa55word!');
    const otherToken = other.body.access_token as string;
    const mine = await stream(user.token);
    const otherDevice = await stream(otherToken);
    await Promise.all([mine.next(), otherDevice.next()]);
    await server.call('Account/Logout', {}, user.token);
    // Told at once (the heartbeat's check would come only after 25 s, past the wait of next()).
    await mine.next((f) => f.event === 'session-ended');
    await mine.ended;
    expect(otherDevice.frames.some((f) => f.event === 'session-ended')).toBe(false);

    const third = await server.tokenCall('live-logout', 'live-logout-Pa55word!');
    const changed = await server.call(
      'Account/ChangePassword',
      {
        OldPassword: 'live-logout-Pa55word!',
        NewPassword: 'Another-Pa55word!',
        ConfirmPassword: 'Another-Pa55word!',
      },
      third.body.access_token as string,
    );
    expect(changed.body.StatusCode).toBe(1);
    await otherDevice.next((f) => f.event === 'session-ended');
    await otherDevice.ended;
  });

  it('never writes the stream token to the log', async () => {
    const all = server.logs.join('\n');
    expect(all).toContain('/api/v1/NotificationHub?access_token=[Redacted]');
    expect(all).not.toContain(staff.token);
  });
});

describe('closing the server', () => {
  it('ends open streams so that close finishes at once', async () => {
    const own = await startTestServer();
    const token = await own.signIn();
    const client = await openEventStream(`${own.url}/api/v1/NotificationHub?access_token=${token}`);
    await client.next();
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(3000);
    await client.ended;
  });
});
