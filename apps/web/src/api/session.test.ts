import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../engine/storage-keys';
import { readHomeUrl, session } from './session';

const answer = {
  access_token: 'tok',
  token_type: '',
  expires_in: 3600,
  user_id: 1,
  user_uniqueid: 'u',
  user_name: 'admin',
  name: 'Administrator',
  avatar_url: '',
  appLogo_url: '/config/logo.png',
  language_code: 'en',
  configs: '{"home_url":"/dashboard"}',
  fa2_needenable: false,
  fa2_needverify: false,
  fa2_token: '',
  fa2_method: '',
};

beforeEach(() => localStorage.clear());

describe('session storage', () => {
  it('keeps the token, the type (Bearer by default) and the rest as info', () => {
    session.save(answer);
    expect(localStorage.getItem('Auth-Token')).toBe('tok');
    expect(session.tokenType()).toBe('Bearer');
    expect(session.info()).toMatchObject({ user_id: 1, name: 'Administrator' });
    expect(session.info()).not.toHaveProperty('access_token');
    expect(session.homeUrl()).toBe('/dashboard');
    expect(session.isLoggedIn()).toBe(true);
  });

  it('clears token, type, info, first settings, home URL, menus and logo on logout, and nothing else', () => {
    session.save(answer);
    for (const key of ['FirstSetting', 'SideMenu', 'AppMenu', 'AppLogo', 'Language', 'themeSeason']) {
      localStorage.setItem(key, 'x');
    }
    session.clear();
    for (const key of [
      'Auth-Token',
      'Auth-Type',
      'Auth-Info',
      'FirstSetting',
      'HomeUrl',
      'SideMenu',
      'AppMenu',
      'AppLogo',
    ]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('x');
    expect(localStorage.getItem(STORAGE_KEYS.themeSeason)).toBe('x');
    expect(session.isLoggedIn()).toBe(false);
  });

  it('reads the home URL only from valid configs', () => {
    expect(readHomeUrl('{"home_url":"/x"}')).toBe('/x');
    expect(readHomeUrl('{"home_url":"https://evil.example"}')).toBeNull();
    expect(readHomeUrl('not json')).toBeNull();
    expect(readHomeUrl(undefined)).toBeNull();
  });
});
