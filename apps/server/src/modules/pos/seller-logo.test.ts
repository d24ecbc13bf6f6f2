import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { logoImageOf, MAX_LOGO_BYTES, sellerLogoReader } from './seller-logo';

const PNG = join(import.meta.dirname, '../../../../web/public/config/logo.png');
const FILE_ID = '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';

let webDir: string;
let png: Buffer;
let opened: string[];
const files = {
  open: async (id: string) => {
    opened.push(id);
    if (id !== FILE_ID) return null;
    return { file: {} as never, stream: Readable.from([png]) };
  },
};

beforeAll(async () => {
  png = await readFile(PNG);
  const root = await mkdtemp(join(tmpdir(), 'pw-logo-'));
  webDir = join(root, 'dist');
  await mkdir(join(webDir, 'config'), { recursive: true });
  await writeFile(join(webDir, 'config', 'logo.png'), png);
  await writeFile(join(webDir, 'config', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(webDir, 'config', 'huge.png'), Buffer.concat([png, Buffer.alloc(MAX_LOGO_BYTES)]));
  await writeFile(join(root, 'secret.png'), png);
});

describe("the seller's logo for the invoice PDF", () => {
  it('is read from the web app (the default /config/logo.png) and from stored files', async () => {
    opened = [];
    const logoOf = sellerLogoReader({ webDir, files });
    expect((await logoOf('/config/logo.png'))?.format).toBe('png');
    expect((await logoOf(`/files/${FILE_ID}/logo.png?exp=1&sig=x`))?.format).toBe('png');
    expect(opened).toEqual([FILE_ID]);
  });

  it('is told by its content, never its name: SVG, text and oversize files give no logo', async () => {
    const logoOf = sellerLogoReader({ webDir, files });
    expect(await logoOf('/config/logo.svg')).toBeNull();
    expect(await logoOf('/config/huge.png')).toBeNull();
    expect(logoImageOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))?.format).toBe('jpeg');
    expect(logoImageOf(new TextEncoder().encode('GIF89a'))).toBeNull();
  });

  it('is never fetched from another address nor read outside its places', async () => {
    opened = [];
    const logoOf = sellerLogoReader({ webDir, files });
    for (const url of [
      'https://example.com/logo.png',
      '//example.com/logo.png',
      '/../secret.png',
      '/config/%2e%2e/%2e%2e/secret.png',
      '/config/missing.png',
      '/files/not-an-id/logo.png',
      '',
    ]) {
      expect(await logoOf(url), url).toBeNull();
    }
    expect(await sellerLogoReader({ webDir: null, files })('/config/logo.png')).toBeNull();
    expect(opened).toEqual([]);
  });
});
