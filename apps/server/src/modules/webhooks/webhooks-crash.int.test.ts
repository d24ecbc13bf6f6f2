// A delivery survives kill -9 (issue 27): the real server runs as a child process, commits a change
// whose webhook delivery is under way (the receiver holds the request), is killed with SIGKILL, and
// after a restart on the same data the delivery arrives again with the same id.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../paths';
import { createScratchPostgresDatabase } from '../../testing/postgres-databases';
import { startWebhookReceiver, verifySignature } from '../../testing/webhook-receiver';

const PASSWORD = 'Crash-Test-Password-1!';
const SECRET = 'whsec-crash-0123456789';

const running: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startMain(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(SERVER_ROOT, 'src', 'main.ts')], {
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      ADMIN_PASSWORD: PASSWORD,
      JWT_SECRET: 'crash-test-secret-of-at-least-32-characters',
      WEBHOOK_POLL_MS: '100',
      WEBHOOK_RETRY_BASE_MS: '200',
      WEBHOOK_TIMEOUT_MS: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let out = '';
  child.stdout?.on('data', (chunk) => {
    out += chunk;
  });
  const deadline = Date.now() + 90_000;
  while (!out.includes('Panelwright is running')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return child;
}

async function call(port: number, name: string, body: unknown, token?: string): Promise<any> {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return response.json();
}

async function signIn(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: PASSWORD }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

it('delivers after a restart what was committed before a kill -9', async () => {
  const receiver = await startWebhookReceiver();
  cleanups.push(() => receiver.close());
  let storage: Record<string, string>;
  if (process.env.PW_TEST_DB === 'postgres') {
    const scratch = await createScratchPostgresDatabase();
    cleanups.push(() => scratch.drop());
    storage = { DATABASE_URL: scratch.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'pw-crash-')) };
  } else {
    storage = { DATA_DIR: mkdtempSync(join(tmpdir(), 'pw-crash-')) };
  }
  cleanups.push(() => rmSync(storage.DATA_DIR as string, { recursive: true, force: true }));
  const port = await freePort();
  const first = await startMain({ ...storage, PORT: String(port) });
  const admin = await signIn(port);
  expect(
    (await call(port, 'GlobalAppSetting/SaveSettings', { Security: { webhookAllowPrivate: true } }, admin))
      .StatusCode,
  ).toBe(1);
  const hook = await call(
    port,
    'Webhook/AddNew',
    { Target: 'Category', Events: ['created'], Url: receiver.url, Secret: SECRET },
    admin,
  );
  expect(hook.StatusCode, JSON.stringify(hook)).toBe(1);
  // The receiver holds the first attempt open: the process dies with the delivery not done.
  receiver.answers.push(0);
  const added = await call(port, 'Category/AddNew', { Name: 'Survivor', Code: 'SURV' }, admin);
  expect(added.StatusCode, JSON.stringify(added)).toBe(1);
  await receiver.waitFor(1);
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));

  await startMain({ ...storage, PORT: String(port) });
  const got = await receiver.waitFor(2, 30_000);
  expect(got[1]?.body.id).toBe(got[0]?.body.id);
  expect(got[1]?.body).toMatchObject({
    event: 'created',
    resource: 'Category',
    record: { Name: 'Survivor' },
  });
  expect(verifySignature(got[1]?.headers['panelwright-signature'] as string, got[1]?.raw ?? '', SECRET)).toBe(
    true,
  );
  const again = await signIn(port);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const log = await call(port, 'Webhook/Deliveries', {}, again);
    if (log.Data.Data[0]?.Status === 'delivered') {
      expect(log.Data.Data[0].Attempts).toBe(2);
      break;
    }
    if (Date.now() > deadline) throw new Error(`not delivered: ${JSON.stringify(log.Data)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 180_000);
