// Issue 20, point 7: on SIGTERM the requests in flight finish, and every request that arrives after it,
// on a kept-alive connection or a new one, gets 503 with `Connection: close`: never a connection
// reset. The real entry point as a child process, under steady traffic while it stops. Before the
// fix, kept-alive connections were cut at once (a reset for the request being sent on one) and new
// connections were refused with no answer.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './paths';

/** One run: the process uses the embedded database whichever database the project tests. */
const runs = process.env.PW_TEST_DB !== 'postgres';
const ADMIN_PASSWORD = 'Shutdown-Admin-Password-1';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

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

describe.runIf(runs)('SIGTERM under traffic', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  it('finishes the requests in flight and answers every later one 503 with Connection: close, never a reset', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', join(SERVER_ROOT, 'src', 'main.ts')], {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'pw-shutdown-')),
        ADMIN_PASSWORD,
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + 90_000;
    while (!output.includes('Panelwright is running')) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const signedIn = await fetch(`http://127.0.0.1:${port}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }),
    });
    const token = ((await signedIn.json()) as { access_token: string }).access_token;

    let signalled = false;
    let ended = false;
    void exited.then(() => {
      ended = true;
    });
    const outcomes: Outcome[] = [];
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 4 });
    const call = async (fresh: boolean, path: string) => {
      const late = signalled;
      const answer = await send(port, {
        method: 'POST',
        path,
        body: '{}',
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
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 5));
      setTimeout(() => req.end(body.slice(5)), 1_000);
    });

    await new Promise((resolve) => setTimeout(resolve, 500));
    signalled = true;
    child.kill('SIGTERM');
    // A newcomer while the server drains: new connections are still taken, and told.
    const newcomer: Promise<unknown>[] = [];
    for (let n = 0; n < 4; n++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      newcomer.push(call(true, '/api/v1/Account/MyProfile'));
    }
    await Promise.all(newcomer);
    expect(await inFlight).toBe(200);
    expect(await exited).toBe(0);
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
    // Every caller was told: the listener stayed open while the server drained.
    expect(
      answered.filter((outcome) => outcome.status === 503 && outcome.fresh).length,
    ).toBeGreaterThanOrEqual(6);
    expect(answered.some((outcome) => outcome.status === 503 && !outcome.fresh)).toBe(true);
  }, 180_000);
});
