// Issue 20, point 7: on SIGTERM the requests in flight finish, and every request that arrives after it,
// on a kept-alive connection or a new one, gets 503 with `Connection: close`: never a connection
// reset. The server in process, stopped the way main.ts stops it on SIGTERM (`app.drain`, then
// `close`), under steady traffic; main.int.test.ts runs the signal itself. Before the fix (the first
// version of this test drove the real process), kept-alive connections were cut at once (a reset for
// the request being sent on one) and new connections were refused with no answer.
import { Agent, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startTestServer } from './testing/harness';

type Outcome = {
  /** Sent after SIGTERM. */
  late: boolean;
  status: number;
  connection: string | undefined;
  error: string | undefined;
  /** A network failure: its code (ECONNRESET, ECONNREFUSED...). */
  failure: string | undefined;
  fresh: boolean;
};

function send(
  port: number,
  options: { method: string; path: string; body?: string; token?: string; agent: Agent | false },
): Promise<Omit<Outcome, 'late' | 'fresh'>> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        agent: options.agent,
        headers: {
          ...(options.body ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          let error: string | undefined;
          try {
            error = (JSON.parse(text) as { error?: string }).error;
          } catch {
            error = undefined;
          }
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            error,
            failure: undefined,
          });
        });
        res.on('error', (failure: NodeJS.ErrnoException) =>
          resolve({
            status: 0,
            connection: undefined,
            error: undefined,
            failure: failure.code ?? failure.message,
          }),
        );
      },
    );
    req.on('error', (failure: NodeJS.ErrnoException) =>
      resolve({
        status: 0,
        connection: undefined,
        error: undefined,
        failure: failure.code ?? failure.message,
      }),
    );
    req.end(options.body);
  });
}

describe('stopping under traffic (SIGTERM: drain, then close)', () => {
  it('finishes the requests in flight and answers every later one 503 with Connection: close, never a reset', async () => {
    // The request in flight must have reached the server before the stop (the loops keep it busy).
    let arrived: () => void = () => {};
    const inFlightArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const server = await startTestServer({
      beforeListen: (app) =>
        app.addHook('onRequest', async (request) => {
          if (request.headers['x-in-flight']) arrived();
        }),
    });
    const port = Number(new URL(server.url).port);
    const token = await server.signIn();
    let stopped: Promise<void> | null = null;
    // What main.ts does on SIGTERM, with its limits.
    const stop = () => {
      stopped ??= server.app.drain(1_000, 6_000).then(() => server.close());
      return stopped;
    };

    let signalled = false;
    let ended = false;
    const outcomes: Outcome[] = [];
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 4 });
    const call = async (fresh: boolean, path: string, body = '{}') => {
      const late = signalled;
      const answer = await send(port, {
        method: 'POST',
        path,
        body,
        token,
        agent: fresh ? false : keepAlive,
      });
      outcomes.push({ ...answer, late, fresh });
      return answer;
    };
    // Callers on kept-alive connections and callers opening a new connection each time, calling
    // without pause until they are told the server is stopping (as a load balancer stops sending).
    const loop = async (index: number) => {
      const path = index % 2 === 0 ? '/api/v1/Account/MyProfile' : '/api/v1/GlobalAppSetting/FisrtSetting';
      while (!ended) {
        const answer = await call(index >= 4, path);
        if (answer.status === 503 || answer.failure) return;
      }
    };
    const loops = Array.from({ length: 6 }, (_, index) => loop(index));

    // A request in flight when the signal comes: its body arrives after it.
    const inFlight = new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ UIAppConfig: {} });
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/GlobalAppSetting/FisrtSetting',
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-in-flight': '1',
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 5));
      void inFlightArrived.then(() => setTimeout(() => req.end(body.slice(5)), 500));
    });

    await inFlightArrived;
    await new Promise((resolve) => setTimeout(resolve, 200));
    signalled = true;
    void stop().then(() => {
      ended = true;
    });
    // A newcomer while the server drains: new connections are still taken, and told.
    const newcomer: Promise<unknown>[] = [];
    for (let n = 0; n < 4; n++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      // One of them uploading close to the body limit: answered before its body is read, the
      // connection must still end without a reset.
      const body = n === 1 ? JSON.stringify({ Note: 'x'.repeat(1_000_000) }) : '{}';
      newcomer.push(call(true, '/api/v1/Account/MyProfile', body));
    }
    await Promise.all(newcomer);
    expect(await inFlight).toBe(200);
    await stop();
    await Promise.all(loops);
    keepAlive.destroy();

    const late = outcomes.filter((outcome) => outcome.late);
    // No reset, and no refusal either: nobody sent anything once the server stopped listening.
    expect(late.filter((outcome) => outcome.failure)).toEqual([]);
    const answered = late.filter((outcome) => !outcome.failure);
    for (const outcome of answered) {
      if (outcome.status === 503) {
        expect(outcome.connection).toBe('close');
        expect(outcome.error).toBe('shutting_down');
      } else {
        // Only a call already sent when the signal came may still be served.
        expect(outcome.status).toBe(200);
      }
    }
    // Every caller was told, the newcomer on each of its new connections: the listener stayed open
    // while the server drained. (A call sent just before the stop may be told too.)
    const told = outcomes.filter((outcome) => outcome.status === 503);
    for (const outcome of told) expect(outcome.connection).toBe('close');
    expect(told.filter((outcome) => outcome.fresh).length).toBe(6);
    expect(told.filter((outcome) => !outcome.fresh).length).toBe(4);
  }, 60_000);
});
