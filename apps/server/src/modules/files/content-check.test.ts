import { describe, expect, it } from 'vitest';
import { checkFileContent, parseAcceptedTypes, safeFileName } from './content-check';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe('checkFileContent', () => {
  const accepted = parseAcceptedTypes('.JPEG, .png,.csv, application/pdf');

  it('accepts a file whose content is what its accepted extension says', async () => {
    expect(await checkFileContent('a.PNG', PNG, accepted)).toBe('image/png');
    expect(await checkFileContent('a.csv', Buffer.from('x,y\n'), accepted)).toBe('text/csv; charset=utf-8');
  });

  it('refuses other extensions, mismatched content and binary text', async () => {
    expect(await checkFileContent('a.jpg', PNG, accepted)).toBeNull();
    expect(await checkFileContent('a.png', Buffer.from('text'), accepted)).toBeNull();
    expect(await checkFileContent('a.txt', Buffer.from('text'), accepted)).toBeNull();
    expect(await checkFileContent('a.csv', Buffer.from([0xff, 0xfe, 0x00]), accepted)).toBeNull();
  });

  it('takes MIME patterns of the setting into account', async () => {
    expect(await checkFileContent('a.png', PNG, parseAcceptedTypes('image/*'))).toBe('image/png');
  });
});

describe('safeFileName', () => {
  it('keeps a plain name and drops paths and control characters', () => {
    expect(safeFileName('Report été.pdf')).toBe('Report été.pdf');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\x\\a"b\u0007.txt')).toBe('ab.txt');
    expect(safeFileName('..')).toBe('file');
    expect(safeFileName(`${'a'.repeat(300)}.xlsx`)).toMatch(/^a{195}\.xlsx$/);
  });
});
