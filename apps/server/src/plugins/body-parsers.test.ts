import { describe, expect, it } from 'vitest';
import { parseFormBody } from './body-parsers';

describe('form bodies', () => {
  it('decodes pairs, plus signs and percent escapes', () => {
    expect(parseFormBody('grant_type=password&username=a+b&password=p%40ss%26w')).toEqual({
      grant_type: 'password',
      username: 'a b',
      password: 'p@ss&w',
    });
  });

  it('keeps a key without a value as empty, and the last of repeated keys', () => {
    expect(parseFormBody('a&b=1&b=2')).toEqual({ a: '', b: '2' });
  });

  it('refuses malformed escapes and non-UTF-8 sequences', () => {
    expect(() => parseFormBody('a=%FF')).toThrowError(/not valid UTF-8/);
    expect(() => parseFormBody('a=%E0%A4')).toThrowError(/not valid UTF-8/);
    expect(() => parseFormBody('a=%zz')).toThrowError(/malformed/);
  });

  it('cannot be used to reach the prototype', () => {
    const parsed = parseFormBody('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
