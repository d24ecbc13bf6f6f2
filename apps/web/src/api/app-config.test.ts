import { afterEach, describe, expect, it, vi } from 'vitest';
import { HELPER_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../engine/api-rules';
import { apiBaseUrl } from './api';
import { APP_CONFIG_URL, loadAppConfig, parseAppConfig, setAppConfig } from './app-config';
import { updateResourceFields } from './resources';
import { runPlannedCall } from './screen-data';

afterEach(() => {
  setAppConfig(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const answering = (status: number, body: unknown) =>
  (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('the app configuration read at run time', () => {
  it('takes the API base address from /config/app-config.json', async () => {
    const seen: string[] = [];
    const fetcher = (async (url: string) => {
      seen.push(url);
      return new Response(JSON.stringify({ apiBaseUrl: 'https://api.example.com/' }));
    }) as unknown as typeof fetch;
    await loadAppConfig(fetcher);
    expect(seen).toEqual([APP_CONFIG_URL]);
    expect(apiBaseUrl()).toBe('https://api.example.com');
  });

  it('falls back to the same origin without a file, with a bad one, or with an address that is not http(s)', async () => {
    await loadAppConfig(answering(404, {}));
    expect(apiBaseUrl()).toBe('');
    await loadAppConfig((async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch);
    expect(apiBaseUrl()).toBe('');
    expect(parseAppConfig({ apiBaseUrl: 'javascript:alert(1)' })).toEqual({ apiBaseUrl: '' });
    expect(parseAppConfig('nonsense')).toEqual({ apiBaseUrl: '' });
  });
});

describe('the generic API helper', () => {
  it('gives up after 120000 ms (the main client after 300000 ms)', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(300_000);
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const requests: string[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      requests.push(url);
      signal = init.signal ?? undefined;
      return new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    });
    setAppConfig({ apiBaseUrl: 'https://api.example.com' });
    const call = runPlannedCall({
      method: 'POST',
      target: { path: 'Product', name: 'Restock' },
      body: {},
    } as never).catch((failure: unknown) => failure);
    await vi.advanceTimersByTimeAsync(HELPER_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    expect(await call).toMatchObject({ code: 'network' });
    // The base address is the configured one, read at the call.
    expect(requests).toEqual(['https://api.example.com/api/v1/Product/Restock']);
  });
});

describe("a column's own update function on the wire", () => {
  it('posts the UpdateFields body to {APIName}/{function}, or to Path/function', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ StatusCode: 1, Msg: '', Data: { Id: 1 } }));
    });
    const request = { Id: 1, Values: [{ FieldName: 'Price', NewValue: 2 }] };
    await updateResourceFields('Product', request, { path: null, name: 'UpdatePrice' });
    await updateResourceFields('Product', request, { path: 'Stock', name: 'SetPrice' });
    await updateResourceFields('Product', request);
    expect(urls).toEqual([
      '/api/v1/Product/UpdatePrice',
      '/api/v1/Stock/SetPrice',
      '/api/v1/Product/UpdateFields',
    ]);
  });
});
