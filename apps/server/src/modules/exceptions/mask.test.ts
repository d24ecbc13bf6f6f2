import { describe, expect, it } from 'vitest';
import { MASK, maskSecrets, maskText } from './mask';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwic2lkIjoiYWJjIn0.S1gnatur3-Of_the_T0ken0000000000000000000';

describe('maskSecrets', () => {
  it('masks secret keys of JSON at any depth, whatever their value, and keeps the rest', () => {
    const data = JSON.stringify({
      username: 'alice',
      password: 'hunter2-Pass',
      nested: { OldPassword: 'old-Secret', access_token: JWT, fa2_token: 'x1', count: 3 },
      list: [{ Authorization: 'Bearer abc.def' }, { apiKey: 12345 }],
      empty: { password: '' },
    });
    const masked = JSON.parse(maskSecrets(data));
    expect(masked).toEqual({
      username: 'alice',
      password: MASK,
      nested: { OldPassword: MASK, access_token: MASK, fa2_token: MASK, count: 3 },
      list: [{ Authorization: MASK }, { apiKey: MASK }],
      empty: { password: '' },
    });
  });

  it('masks form text, also inside a JSON string', () => {
    expect(maskSecrets('grant_type=password&username=bob&password=S3cret%21&app_name=x')).toBe(
      `grant_type=password&username=bob&password=${MASK}&app_name=x`,
    );
    const masked = JSON.parse(
      maskSecrets(JSON.stringify({ url: '/oauth2/token', body: 'username=bob&password=S3cret' })),
    );
    expect(masked.body).toBe(`username=bob&password=${MASK}`);
  });

  it('masks JSON text held in a JSON string, and JSON text cut short', () => {
    const inner = JSON.stringify({ user: 'a', Password: 'in"ner\\Secret', ok: true });
    const outer = maskSecrets(JSON.stringify({ request: inner }));
    expect(outer).not.toContain('inner');
    expect(JSON.parse(JSON.parse(outer).request)).toEqual({ user: 'a', Password: MASK, ok: true });
    const cut = '{"user":"a","password":"cut-Secret","token": 998877, "more": "x';
    const masked = maskSecrets(cut);
    expect(masked).not.toContain('cut-Secret');
    expect(masked).not.toContain('998877');
    expect(masked).toContain('"user":"a"');
  });

  it('masks escaped JSON in text that is not JSON itself', () => {
    const text = String.raw`Request failed: {\"username\":\"a\",\"password\":\"p\\\"q\\\\\",\"x\":1}`;
    const masked = maskText(text);
    expect(masked).toBe(String.raw`Request failed: {\"username\":\"a\",\"password\":\"***\",\"x\":1}`);
  });

  it('masks Authorization headers, bearer tokens and JWTs in free text', () => {
    const text = `POST /api\nAuthorization: Bearer ${JWT}\nauthorization: Basic dXNlcjpwYXNz\nsee ${JWT} and bearer abc123`;
    const masked = maskSecrets(text);
    expect(masked).toContain(`Authorization: Bearer ${MASK}`);
    expect(masked).toContain(`authorization: Basic ${MASK}`);
    expect(masked).toContain(`see ${MASK} and bearer ${MASK}`);
    expect(masked).not.toContain('dXNlcjpwYXNz');
    expect(masked).not.toContain('S1gnatur3');
  });

  it('leaves text without secrets alone', () => {
    const text = 'TypeError: cannot read properties of undefined (reading "Title") at /home?tab=1';
    expect(maskSecrets(text)).toBe(text);
    expect(maskSecrets('{"a":[1,2,{"b":"c"}]}')).toBe('{"a":[1,2,{"b":"c"}]}');
  });
});
