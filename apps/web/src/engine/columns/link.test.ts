import { describe, expect, it } from 'vitest';
import { cell } from '../testing/columns';
import { isFollowableLink, resolveLink } from './link';

const link = (row: Record<string, unknown>, more: unknown, extra: Parameters<typeof cell>[1] = {}) =>
  resolveLink(cell(row, { fieldName: 'Name', more, ...extra }));

describe('link safety', () => {
  it.each([
    'https://x.io/a',
    'http://x.io',
    'mailto:a@b.c',
    'tel:+3912',
    '/orders/1',
    'orders/1',
    '?q=1',
    '#top',
    '//cdn.x/a',
  ])('follows %s', (url) => expect(isFollowableLink(url)).toBe(true));

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' java\tscript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    'ftp://x',
    '',
  ])('shows %s as text', (url) => expect(isFollowableLink(url)).toBe(false));
});

describe('link option', () => {
  it('is null without a link', () => {
    expect(link({ Name: 'x' }, {})).toBeNull();
  });

  it('link is a template whose values are URL-encoded; it opens in a new window by default', () => {
    expect(link({ Id: 5, Name: 'a b' }, { link: '/orders/[Id]?n=[Name]' })).toEqual({
      href: '/orders/5?n=a%20b',
      text: 'a b',
      newWindow: true,
      autoOpen: false,
    });
  });

  it("fLink: the row's field wins when it has a value", () => {
    expect(link({ U: 'https://x.io/[Id]', Id: 2 }, { link: '/plain', fLink: 'U' })?.href).toBe(
      'https://x.io/2',
    );
    expect(link({ U: null }, { link: '/plain', fLink: 'U' })?.href).toBe('/plain');
  });

  it("falls back to the column's Type.link, and to the value in a link cell", () => {
    expect(link({ Id: 1 }, {}, { Type: { link: '/p/[Id]' } })?.href).toBe('/p/1');
    expect(link({ Name: 'https://x.io' }, {}, { type: 'link' })?.href).toBe('https://x.io');
    expect(link({ Name: '' }, {}, { type: 'link' })).toBeNull();
  });

  it("linkTitle, or the row's fLinkTitle, is the text; else the cell text, else the url", () => {
    expect(link({ Id: 1 }, { link: '/a', linkTitle: 'Open [Id]' })?.text).toBe('Open 1');
    expect(link({ T: 'Row title' }, { link: '/a', linkTitle: 'Plain', fLinkTitle: 'T' })?.text).toBe(
      'Row title',
    );
    expect(link({ T: null }, { link: '/a', linkTitle: 'Plain', fLinkTitle: 'T' })?.text).toBe('Plain');
    expect(link({ Name: null }, { link: '/a' })?.text).toBe('/a');
  });

  it('newWindow false opens in the same window', () => {
    expect(link({}, { link: '/a', newWindow: false })?.newWindow).toBe(false);
  });

  it('autoOpenLink', () => {
    expect(link({}, { link: '/a', autoOpenLink: true })?.autoOpen).toBe(true);
  });

  it('does not follow unsafe links: they are shown as text', () => {
    expect(link({ Name: 'click' }, { link: 'javascript:alert(1)' })).toMatchObject({
      href: null,
      text: 'click',
    });
    expect(link({ U: 'data:text/html,<b>' }, { fLink: 'U' })?.href).toBeNull();
  });
});
