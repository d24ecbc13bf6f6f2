import { randomUUID } from 'node:crypto';
import { errorBodySchema, uploadResultSchema } from '@panelwright/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, files } from '../../db/schema';
import { startTestServer, type TestServer } from '../../testing/harness';
import { EXPORT_LINK_TTL_SECONDS } from './service';

const LIMIT = 64 * 1024;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ env: { UPLOAD_LIMIT_BYTES: String(LIMIT) } });
  token = await server.signIn();
});
afterAll(() => server.close());

function upload(parts: { name: string; bytes: Uint8Array; field?: string }[], auth: string | null = token) {
  const form = new FormData();
  form.append('UI_FirstID', 'x');
  for (const part of parts) form.append(part.field ?? 'file[]', new Blob([part.bytes]), part.name);
  return server.fetch('/api/v1/ProjectPhoto/FileUploadFile', {
    method: 'POST',
    headers: auth ? { authorization: `Bearer ${auth}` } : {},
    body: form,
  });
}

const fileCount = async () =>
  (await server.database.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(files))[0]?.n;

async function expectStatus(response: Response, status: number, text?: string | RegExp) {
  expect(response.status).toBe(status);
  const body = errorBodySchema.parse(await response.json());
  if (text) expect(body.error_description).toMatch(text);
}

describe('upload', () => {
  it('stores accepted files and answers signed links to them', async () => {
    const res = await upload([
      { name: 'photo.png', bytes: PNG },
      { name: 'Report été.pdf', bytes: PDF },
      { name: 'data.csv', bytes: Buffer.from('name;price\nLamp;12,5\nCafé;3\n') },
    ]);
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.StatusCode).toBe(1);
    const { Photos } = uploadResultSchema.parse(body.Data);
    expect(Photos.map((p) => [p.FileName, p.ContentType, p.Size])).toEqual([
      ['photo.png', 'image/png', PNG.length],
      ['Report été.pdf', 'application/pdf', PDF.length],
      ['data.csv', 'text/csv; charset=utf-8', expect.any(Number)],
    ]);
    const image = await server.fetch(Photos[0]!.FileUrl);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-disposition')).toBe(
      'inline; filename="photo.png"; filename*=UTF-8\'\'photo.png',
    );
    const pdf = await server.fetch(Photos[1]!.FileUrl);
    // A PDF can carry script: it downloads rather than opening on the product's origin.
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(pdf.headers.get('content-disposition')).toContain("filename*=UTF-8''Report%20%C3%A9t%C3%A9.pdf");
    for (const answer of [image, pdf]) {
      expect(answer.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    }
    const csv = await server.fetch(Photos[2]!.FileUrl);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(await csv.text()).toContain('Café');
  });

  it('refuses an extension that is not accepted, storing nothing', async () => {
    const before = await fileCount();
    const res = await upload([
      { name: 'ok.png', bytes: PNG },
      { name: 'tool.exe', bytes: Buffer.from('MZ\x90\x00\x03') },
    ]);
    await expectStatus(res, 415, /^File not supported\. Supported files: \.jpg, \.jpeg, \.png/);
    expect(await fileCount()).toBe(before);
  });

  it('refuses a file whose content is not what its extension says', async () => {
    const before = await fileCount();
    const cases = [
      { name: 'fake.png', bytes: Buffer.from('just some text, not an image') },
      { name: 'image.pdf', bytes: PNG },
      { name: 'binary.csv', bytes: Buffer.from([0x61, 0x00, 0x62]) },
      { name: 'latin1.txt', bytes: Buffer.from([0x63, 0x61, 0x66, 0xe9]) },
      { name: 'no-extension', bytes: PNG },
      { name: 'page.html', bytes: Buffer.from('<script>alert(1)</script>') },
    ];
    for (const part of cases) await expectStatus(await upload([part]), 415, /File not supported/);
    expect(await fileCount()).toBe(before);
  });

  it('follows MediaAcceptedType from the settings', async () => {
    await server.database.db.insert(appSettings).values({ key: 'media_accepted_type', value: '.png' });
    server.app.services.caches.clear('Settings');
    try {
      await expectStatus(
        await upload([{ name: 'data.csv', bytes: Buffer.from('a,b\n') }]),
        415,
        'Supported files: .png',
      );
      expect((await upload([{ name: 'p.png', bytes: PNG }])).status).toBe(200);
    } finally {
      await server.database.db.delete(appSettings).where(eq(appSettings.key, 'media_accepted_type'));
      server.app.services.caches.clear('Settings');
    }
  });

  it('refuses a file over the size limit with 413', async () => {
    const before = await fileCount();
    const big = Buffer.concat([PNG, Buffer.alloc(LIMIT + 10)]);
    await expectStatus(await upload([{ name: 'big.png', bytes: big }]), 413, /larger than the 64 KB limit/);
    expect(await fileCount()).toBe(before);
  });

  it('needs a signed-in user, a multipart body and at least one file', async () => {
    expect((await upload([{ name: 'p.png', bytes: PNG }], null)).status).toBe(401);
    await expectStatus(await upload([]), 400, 'file[]: no file was sent');
    await expectStatus(
      await upload([{ name: 'p.png', bytes: PNG, field: 'other' }]),
      400,
      'no file was sent',
    );
    const json = await server.call('ProjectPhoto/FileUploadFile', { file: 'x' }, token);
    expect(json.status).toBe(400);
    expect(json.body.error_description).toMatch(/multipart/);
  });
});

describe('signed file links', () => {
  let link: string;

  beforeAll(async () => {
    const { Data } = (await (await upload([{ name: 'photo.png', bytes: PNG }])).json()) as any;
    link = Data.Photos[0].FileUrl;
  });

  const withQuery = (change: (query: URLSearchParams) => void) => {
    const url = new URL(link, server.url);
    change(url.searchParams);
    return `${url.pathname}?${url.searchParams}`;
  };

  it('serves a good link without a token', async () => {
    expect((await server.fetch(link)).status).toBe(200);
  });

  it('signs upload links for FILE_LINK_TTL_SECONDS (a day by default), not for years', async () => {
    const expires = Number(new URL(link, server.url).searchParams.get('exp'));
    const day = 24 * 60 * 60;
    expect(expires - Date.now() / 1000).toBeGreaterThan(day - 60);
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(day);
  });

  it('refuses a tampered, missing or expired signature with 403', async () => {
    const tampered = [
      withQuery((q) =>
        q.set('sig', `${q.get('sig')!.slice(0, -1)}${q.get('sig')!.endsWith('A') ? 'B' : 'A'}`),
      ),
      withQuery((q) => q.set('exp', String(Number(q.get('exp')) + 1))),
      withQuery((q) => q.delete('sig')),
      withQuery((q) => q.delete('exp')),
      withQuery((q) => q.set('exp', 'soon')),
      link.split('?')[0]!,
    ];
    for (const url of tampered) await expectStatus(await server.fetch(url), 403, 'not valid');
    const [file] = await server.database.db.select().from(files).limit(1);
    const expired = server.app.services.files.signedPath(file!, -10);
    await expectStatus(await server.fetch(expired), 403, 'expired');
    // Another file's signature does not open this one.
    const other = new URL(server.app.services.files.signedPath(file!, EXPORT_LINK_TTL_SECONDS), server.url);
    const mine = new URL(link, server.url);
    if (mine.pathname !== other.pathname) {
      await expectStatus(await server.fetch(`${mine.pathname}${other.search}`), 403);
    }
  });

  it('answers 404 for a well-signed link to a file that does not exist', async () => {
    const ghost = server.app.services.files.signedPath({ id: randomUUID(), name: 'ghost.png' }, 60);
    await expectStatus(await server.fetch(ghost), 404);
    const id = new URL(link, server.url).pathname.split('/')[2]!;
    await server.database.db.delete(files).where(eq(files.id, id));
    await expectStatus(await server.fetch(link), 404);
  });
});
