import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { appSettings, users } from '../db/schema';
import { createLogger } from '../lib/logger';
import { hashPassword } from '../lib/passwords';
import { seed } from '../seed';
import { openTestDatabase, type TestDatabase } from './database';

export const TEST_ADMIN = { username: 'admin', password: 'Adm1n-Test-Password!' } as const;
export const TEST_JWT_SECRET = 'test-secret-of-at-least-thirty-two-characters!!';

export type TestServer = {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  url: string;
  /** Every log line the server wrote, as text. */
  logs: string[];
  /** POSTs JSON to `/api/v1/{name}`; returns status, headers and parsed body. */
  call(name: string, body?: unknown, token?: string): Promise<TestResponse>;
  /** Raw fetch against the server. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Signs in through `/oauth2/token` and returns the access token. */
  signIn(username?: string, password?: string): Promise<string>;
  /** The raw token call. */
  tokenCall(username: string, password: string, headers?: Record<string, string>): Promise<TestResponse>;
  /** Stores a settings row (e.g. `ui_app_config`) and clears the caches, as an administrator would. */
  setSetting(key: string, value: unknown): Promise<void>;
  /** Adds a user (staff unless told) and signs them in. */
  createUser(username: string, role?: 'staff' | 'admin' | 'viewer'): Promise<{ id: number; token: string }>;
  close(): Promise<void>;
};

export type TestResponse = { status: number; headers: Headers; body: any; text: string };

async function toTestResponse(response: Response): Promise<TestResponse> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body, text };
}

/** Starts the real server on a free loopback port over a fresh database. */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    webDistDir?: string | null;
    /** Adds routes before the server listens (e.g. one that fails, to test the error model). */
    beforeListen?: (app: FastifyInstance) => void;
    /** Seeds the demo resources with this many products (none by default: 100,000 take seconds). */
    demoProducts?: number;
    /** Seeds the composite and demo screens as a real start does (not by default: tests start empty). */
    workspaceScreens?: boolean;
    /**
     * Runs as a second instance on the database of this server (scale-out tests). Close it before
     * that server: the first server's close drops the database.
     */
    shareDatabaseWith?: TestServer;
    /** A database opened by the test (one behind a relay it can cut off); closed with the server. */
    database?: TestDatabase;
  } = {},
): Promise<TestServer> {
  // Uploaded and exported files go to a data folder of this server alone.
  const dataDir = mkdtempSync(join(tmpdir(), 'pw-test-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_DATA: options.demoProducts === undefined ? 'false' : 'true',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'info',
    ...options.env,
  });
  const database =
    options.database ??
    (options.shareDatabaseWith
      ? await options.shareDatabaseWith.database.openSibling()
      : await openTestDatabase());
  // Idempotent: a second instance seeds as a real one would, finding everything there.
  await seed(database.db, config, {
    demoProducts: options.demoProducts,
    workspaceScreens: options.workspaceScreens ?? false,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    config,
    database,
    jwtSecret: new TextEncoder().encode(TEST_JWT_SECRET),
    logger: createLogger(config.logLevel, sink),
    webDistDir: options.webDistDir ?? null,
  });
  options.beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;

  const server: TestServer = {
    app,
    database,
    config,
    url,
    logs,
    fetch: (path, init) => fetch(`${url}${path}`, init),
    async call(name, body = {}, token) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      return toTestResponse(
        await fetch(`${url}/api/v1/${name}`, { method: 'POST', headers, body: JSON.stringify(body) }),
      );
    },
    async tokenCall(username, password, headers = {}) {
      return toTestResponse(
        await fetch(`${url}/oauth2/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body: new URLSearchParams({ grant_type: 'password', username, password }),
        }),
      );
    },
    async setSetting(key, value) {
      await database.db
        .insert(appSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: appSettings.key, set: { value } });
      app.services.caches.clear('ALL');
    },
    async signIn(username = TEST_ADMIN.username, password = TEST_ADMIN.password) {
      const response = await fetch(`${url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username, password, app_name: 'test' }),
      });
      const body = (await response.json()) as { access_token?: string };
      if (!response.ok || !body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
      return body.access_token;
    },
    async createUser(username, role = 'staff') {
      const password = `${username}-Pa55word!`;
      const [row] = await database.db
        .insert(users)
        .values({
          username,
          displayName: username,
          roles: [role],
          passwordHash: await hashPassword(password),
        })
        .returning({ id: users.id });
      if (!row) throw new Error('user insert returned nothing');
      return { id: row.id, token: await server.signIn(username, password) };
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

export { toTestResponse };
