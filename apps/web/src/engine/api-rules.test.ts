import { describe, expect, it } from 'vitest';
import {
  apiNameOf,
  apiNotFoundText,
  authorizationHeader,
  buildApiUrl,
  httpErrorText,
  isSuccessfulAnswer,
  type PageContext,
  REQUEST_TIMEOUT_MS,
  shouldToastSuccessMsg,
  withCommonFields,
} from './api-rules';

const page: PageContext = {
  firstId: 'f-1',
  appName: 'Admin',
  url: 'http://x/home',
  documentWidth: 1280,
  startAt: 1700000000000,
  timezoneOffset: -420,
  language: 'vn',
};

describe('URL building', () => {
  it('joins a configurable base with /api/v1/{path}/{name}', () => {
    expect(buildApiUrl('', { path: 'Account', name: 'Logout' })).toBe('/api/v1/Account/Logout');
    expect(buildApiUrl('https://api.example.com/', { path: 'Account', name: 'Logout' })).toBe(
      'https://api.example.com/api/v1/Account/Logout',
    );
    expect(buildApiUrl('http://h', { path: '/ConfigMenu/', name: 'CategoryScreenList' })).toBe(
      'http://h/api/v1/ConfigMenu/CategoryScreenList',
    );
  });

  it('uses a given full url as it is', () => {
    expect(buildApiUrl('http://ignored', { url: 'http://other/oauth2/token', path: 'x' })).toBe(
      'http://other/oauth2/token',
    );
  });

  it('names the API for the 404 text', () => {
    expect(apiNameOf({ path: 'Nope', name: 'Thing' })).toBe('Nope/Thing');
    expect(apiNameOf({ url: 'http://h/api/v1/Exception/SaveLog' })).toBe('Exception/SaveLog');
    expect(apiNotFoundText('Nope/Thing')).toBe('Connect server error!!! Api [Nope/Thing] not found');
  });
});

describe('common body fields', () => {
  it('adds the seven fields of the specification to every body', () => {
    expect(withCommonFields({ Id: 3 }, page)).toEqual({
      Id: 3,
      UI_FirstID: 'f-1',
      AppName: 'Admin',
      Url: 'http://x/home',
      DocumentWidth: 1280,
      UI_StartAt: 1700000000000,
      UI_TimezoneOffset: -420,
      UI_Language: 'vn',
    });
  });

  it("keeps the caller's own values", () => {
    expect(withCommonFields({ Url: 'mine' }, page).Url).toBe('mine');
  });
});

describe('headers and constants', () => {
  it('sends Authorization as {type} {token}, Bearer by default', () => {
    expect(authorizationHeader('abc', 'Bearer')).toBe('Bearer abc');
    expect(authorizationHeader('abc', 'MAC')).toBe('MAC abc');
    expect(authorizationHeader('abc', null)).toBe('Bearer abc');
    expect(authorizationHeader(null, 'Bearer')).toBeUndefined();
  });

  it('times requests out after 300000 ms', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(300_000);
  });

  it('writes other HTTP errors as {status} - {title}', () => {
    expect(httpErrorText(500, 'Internal Server Error')).toBe('500 - Internal Server Error');
    expect(httpErrorText(429, 'Too Many Requests')).toBe('429 - Too Many Requests');
  });
});

describe('success rule', () => {
  it('accepts StatusCode 1 or 200', () => {
    expect(isSuccessfulAnswer({ StatusCode: 1 }, true)).toBe(true);
    expect(isSuccessfulAnswer({ StatusCode: 200 }, true)).toBe(true);
  });

  it('refuses other status codes', () => {
    expect(isSuccessfulAnswer({ StatusCode: 0, Msg: 'no' }, true)).toBe(false);
    expect(isSuccessfulAnswer({ StatusCode: 2 }, true)).toBe(false);
    expect(isSuccessfulAnswer({}, true)).toBe(false);
    expect(isSuccessfulAnswer('text', true)).toBe(false);
  });

  it('accepts anything when no status check is requested', () => {
    expect(isSuccessfulAnswer({ StatusCode: 0 }, false)).toBe(true);
  });

  it('accepts an answer with a user_id (the token response)', () => {
    expect(isSuccessfulAnswer({ access_token: 'x', user_id: 7 }, true)).toBe(true);
    expect(isSuccessfulAnswer({ access_token: 'x', user_id: null }, true)).toBe(false);
  });

  it('toasts a successful Msg only for admin versions other than v5', () => {
    expect(shouldToastSuccessMsg('v5', 'Saved')).toBe(false);
    expect(shouldToastSuccessMsg('v4', 'Saved')).toBe(true);
    expect(shouldToastSuccessMsg('v4', '')).toBe(false);
  });
});

describe('texts assembled at run time', () => {
  it('are translation keys with parameters', () => {
    const seen: Array<[string, Record<string, string | number> | undefined]> = [];
    const t = (key: string, values?: Record<string, string | number>) => {
      seen.push([key, values]);
      return key === 'Not Found' ? 'Không tìm thấy' : `«${key}»`;
    };
    expect(apiNotFoundText('Nope/Thing', t)).toBe('«Connect server error!!! Api [{{api}}] not found»');
    expect(seen).toEqual([['Connect server error!!! Api [{{api}}] not found', { api: 'Nope/Thing' }]]);
    seen.length = 0;
    httpErrorText(404, 'Not Found', t);
    expect(seen).toEqual([
      ['Not Found', undefined],
      ['{{status}} - {{title}}', { status: 404, title: 'Không tìm thấy' }],
    ]);
  });
});
