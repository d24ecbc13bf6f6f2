// HTTP below the API: every answer Node or Fastify gives on its own has the contract's error shape,
// and slow or greedy clients cannot hold the server (issue 14, items 9 and 10).
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/harness';

let server: TestServer;
const PER_ADDRESS = 6;

beforeAll(async () => {
  server = await startTestServer({
    env: { REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1000' },
  });
});
afterAll(async () => {
  await server?.close();
});

type RawAnswer = { text: string; closed: boolean };

/** A raw connection to the server; `answer` resolves with everything received once it closes. */
function rawConnection(port: number): { socket: Socket; answer: Promise<RawAnswer>; opened: Promise<void> } {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const answer = new Promise<RawAnswer>((resolve) =>
    socket.once('close', () => resolve({ text, closed: true })),
  );
  return { socket, answer, opened };
}

const portOf = (target: TestServer) => Number(new URL(target.url).port);

/** The JSON body of the last HTTP answer in a raw exchange. */
function lastBody(text: string): unknown {
  const body = text.slice(text.lastIndexOf('\r\n\r\n') + 4);
  return JSON.parse(body.slice(body.indexOf('{')));
}

describe("the framework's own answers have the contract's shape", () => {
  it('413 for a body over the limit', async () => {
    const answer = await server.call('Account/ForgotPassword', { Email: 'x'.repeat(2 * 1_048_576) });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({
      status: 413,
      title: 'Payload Too Large',
      error: 'payload_too_large',
    });
  });

  it('431 for headers over the limit', async () => {
    const { socket, answer } = rawConnection(portOf(server));
    socket.write(`GET /health/live HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    const { text } = await answer;
    expect(text).toMatch(/^HTTP\/1.1 431 /);
    expect(lastBody(text)).toMatchObject({ status: 431, title: 'Request Header Fields Too Large' });
  });

  it('400 for bytes that are not HTTP, and for an address that does not decode', async () => {
    const garbage = rawConnection(portOf(server));
    garbage.socket.write('HELLO THERE\r\n\r\n');
    const { text } = await garbage.answer;
    expect(text).toMatch(/^HTTP\/1.1 400 /);
    expect(lastBody(text)).toMatchObject({ status: 400, error: 'invalid_request' });
    const badUrl = await server.fetch('/files/%zz/a.png');
    expect(badUrl.status).toBe(400);
    expect(await badUrl.json()).toMatchObject({ status: 400, error: 'invalid_request' });
  });

  it('503 for a request that arrives while the server shuts down', async () => {
    const closing = await startTestServer({
      // Shutting down takes a moment (live streams are ended first); a request may arrive meanwhile.
      beforeListen: (app) =>
        app.addHook('preClose', () => new Promise((resolve) => setTimeout(resolve, 800))),
    });
    const { socket, answer, opened } = rawConnection(portOf(closing));
    await opened;
    socket.write('GET /health/live HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closed = closing.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.write('GET /health/live HTTP/1.1\r\nHost: x\r\n\r\n');
    const { text } = await answer;
    await closed;
    expect(text).toMatch(/^HTTP\/1.1 200 /);
    expect(text).toMatch(/HTTP\/1.1 503 /);
    expect(lastBody(text)).toMatchObject({
      status: 503,
      title: 'Service Unavailable',
      error: 'shutting_down',
    });
  });
});

describe('slow and greedy clients', () => {
  it('answers 408 and closes a request whose body never completes', async () => {
    const { socket, answer } = rawConnection(portOf(server));
    socket.write(
      'POST /api/v1/Account/ForgotPassword HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"Email":',
    );
    const { text, closed } = await answer;
    expect(closed).toBe(true);
    expect(text).toMatch(/^HTTP\/1.1 408 /);
    expect(lastBody(text)).toMatchObject({ status: 408, title: 'Request Timeout' });
  });

  it('closes a connection whose headers never complete', async () => {
    const { socket, answer } = rawConnection(portOf(server));
    socket.write('GET /health/live HTTP/1.1\r\nHost: x\r\n');
    const { closed } = await answer;
    expect(closed).toBe(true);
  });

  it(`holds at most ${PER_ADDRESS} connections of one address, and takes new ones as others close`, async () => {
    // A server of its own: no keep-alive connection of another test may count towards the limit.
    const limited = await startTestServer({ env: { MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS) } });
    try {
      const held = Array.from({ length: PER_ADDRESS }, () => rawConnection(portOf(limited)));
      await Promise.all(held.map((connection) => connection.opened));
      // Each one is known to the server once it answers.
      for (const connection of held) connection.socket.write('GET /health/live HTTP/1.1\r\nHost: x\r\n\r\n');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const extra = rawConnection(portOf(limited));
      expect(await extra.answer).toEqual({ text: '', closed: true });
      held[0]?.socket.destroy();
      await held[0]?.answer;
      const later = rawConnection(portOf(limited));
      later.socket.write('GET /health/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect((await later.answer).text).toMatch(/^HTTP\/1.1 200 /);
      for (const connection of held) connection.socket.destroy();
    } finally {
      await limited.close();
    }
  });
});
