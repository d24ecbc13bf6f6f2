import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'pw-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'locales', 'vn'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
  writeFileSync(join(dist, 'locales', 'vn', 'common.json'), '{"Login":"Đăng nhập"}');
  server = await startTestServer({ webDistDir: dist });
});
afterAll(() => server.close());

describe('serving the web app', () => {
  it('caches hashed assets for a year', async () => {
    const res = await server.fetch('/assets/index-Ab12Cd34.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates files without a hash and the page itself', async () => {
    expect((await server.fetch('/favicon.svg')).headers.get('cache-control')).toBe('no-cache');
    const index = await server.fetch('/');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toContain('id="root"');
  });

  it('answers client routes with the app', async () => {
    for (const path of ['/home', '/pj/42', '/reset-password/abc', '/login?x=1']) {
      const res = await server.fetch(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
    }
  });

  it('answers a missing file with 404, never the app', async () => {
    expect((await server.fetch('/assets/missing-123.js')).status).toBe(404);
    expect((await server.fetch('/missing.png')).status).toBe(404);
  });

  it('never answers /api/v1/ with the app', async () => {
    const res = await server.fetch('/api/v1/Screens/Page');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error_description: 'Api Screens/Page not found' });
  });

  it('serves the vn language files for vi too', async () => {
    const vn = await server.fetch('/locales/vn/common.json?v=235');
    const vi = await server.fetch('/locales/vi/common.json?v=235');
    expect(vi.status).toBe(200);
    expect(await vi.text()).toBe(await vn.text());
    expect((await server.fetch('/locales/vi/..%2F..%2Findex.html')).status).toBe(404);
  });

  it('serves a built language file with the configuration’s texts over it, not the file as built', async () => {
    const admin = await server.signIn();
    const draft = (await server.call('Configuration/Draft', {}, admin)).body.Data;
    const item = ['translations', 'vn', 'common', 'Login'];
    const saved = await server.call(
      'Configuration/SaveDraft',
      { Item: item, Value: 'Vào hệ thống', Version: draft.Version, Revision: 0 },
      admin,
    );
    expect(saved.status, saved.text).toBe(200);
    expect((await server.call('Configuration/Publish', { Message: 'Login text' }, admin)).status).toBe(200);
    const file = await server.fetch('/locales/vn/common.json?v=235', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(await file.json()).toEqual({ Login: 'Vào hệ thống' });
  });

  it('answers a screen namespace without texts with an empty set, an unknown language with 404', async () => {
    const missing = await server.fetch('/locales/en/orders_screen.json?v=235');
    expect(missing.status).toBe(200);
    expect(await missing.json()).toEqual({});
    expect((await server.fetch('/locales/fr/common.json')).status).toBe(404);
  });
});

describe('the page’s security headers', () => {
  it('add the map tile server the settings name to the page’s policy, and not to API answers', async () => {
    await server.setSetting('ui_app_config', { mapTileUrl: 'https://tiles.example.test/{z}/{x}/{y}.png' });
    const page = await server.fetch('/home');
    const pagePolicy = page.headers.get('content-security-policy') ?? '';
    expect(pagePolicy).toMatch(/img-src [^;]*https:\/\/tiles\.example\.test/);
    expect(pagePolicy).toContain("frame-ancestors 'self'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const api = await server.fetch('/health/live');
    expect(api.headers.get('content-security-policy')).not.toContain('tiles.example.test');
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
