import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../../scripts/precompress.mjs';
import { startTestServer, type TestServer } from '../testing/harness';

type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A request whose answer is read as sent: fetch would decode it and hide the encoding. */
function raw(
  server: TestServer,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(`${server.url}${path}`, { method, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) }),
      );
    });
    call.on('error', reject);
    call.end(body);
  });
}

/** The first bytes of an answer that never ends (the event stream), and its headers. */
function rawStreamStart(
  server: TestServer,
  path: string,
  headers: Record<string, string>,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(`${server.url}${path}`, { headers }, (answer) => {
      answer.once('data', (chunk: Buffer) => {
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: chunk });
        call.destroy();
      });
    });
    call.on('error', reject);
    call.end();
  });
}

const ASSET = `console.log(${JSON.stringify('a fairly repetitive line of built JavaScript; '.repeat(200))});`;
let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'pw-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><div id="root"></div>${'<!-- padding -->'.repeat(100)}`,
  );
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), ASSET);
  writeFileSync(join(dist, 'assets', 'tiny-Ab12Cd34.js'), 'console.log(1)');
  writeFileSync(
    join(dist, 'assets', 'index-Ab12Cd34.js.map'),
    JSON.stringify({ mappings: 'A'.repeat(5000) }),
  );
  precompress(dist);
  server = await startTestServer({ webDistDir: dist });
});
afterAll(() => server.close());

describe('the build precompresses its assets', () => {
  it('writes brotli and gzip beside each text asset of 1 KB or more, decoding to the same bytes', () => {
    const original = readFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'));
    expect(brotliDecompressSync(readFileSync(join(dist, 'assets', 'index-Ab12Cd34.js.br')))).toEqual(
      original,
    );
    expect(gunzipSync(readFileSync(join(dist, 'assets', 'index-Ab12Cd34.js.gz')))).toEqual(original);
    expect(() => readFileSync(join(dist, 'assets', 'tiny-Ab12Cd34.js.br'))).toThrow();
    expect(() => readFileSync(join(dist, 'assets', 'index-Ab12Cd34.js.map.br'))).toThrow();
  });
});

describe('serving compressed', () => {
  it('sends the precompressed asset the client accepts, brotli first, with Vary and the year-long cache', async () => {
    const brotli = await raw(server, '/assets/index-Ab12Cd34.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(ASSET);
    expect(brotli.body.length).toBeLessThan(ASSET.length / 5);

    const gzip = await raw(server, '/assets/index-Ab12Cd34.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(ASSET);

    const plain = await raw(server, '/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(ASSET);
  });

  it('keeps the page itself no-cache when it is sent compressed', async () => {
    const page = await raw(server, '/home', { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.body).toString()).toContain('id="root"');
  });

  it('compresses JSON answers of 1 KB or more on the fly, and leaves small ones alone', async () => {
    const big = await raw(server, '/api/v1/GlobalAppSetting/FisrtSetting', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      body: '{}',
    });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    const decoded = gunzipSync(big.body);
    expect(decoded.length).toBeGreaterThanOrEqual(1024);
    expect(JSON.parse(decoded.toString())).toMatchObject({ StatusCode: 1 });

    const small = await raw(server, '/health/live', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses the event stream, whose events must arrive as they happen', async () => {
    const token = await server.signIn();
    const stream = await rawStreamStart(server, `/api/v1/NotificationHub?access_token=${token}`, {
      'accept-encoding': 'gzip, br',
    });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
  });

  it('refuses a compressed request body with 400 rather than expanding it', async () => {
    const token = await server.signIn();
    const answer = await new Promise<number>((resolve, reject) => {
      const call = httpRequest(
        `${server.url}/api/v1/ConfigMenu/CategoryScreenList`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-encoding': 'gzip',
            authorization: `Bearer ${token}`,
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      call.on('error', reject);
      call.end(gzipSync('{}'));
    });
    expect(answer).toBe(400);
  });
});
