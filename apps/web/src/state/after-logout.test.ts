import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('after-logout hooks', () => {
  it('is one registry: hooks run in order, a name only once, and one can be removed', async () => {
    const { afterLogoutHookNames, registerAfterLogout, runAfterLogoutHooks } = await import('./after-logout');
    const ran: string[] = [];
    registerAfterLogout('a', () => {
      ran.push('a');
    });
    const remove = registerAfterLogout('b', async () => {
      ran.push('b');
    });
    expect(() => registerAfterLogout('a', () => {})).toThrow(/registered already/);
    expect(afterLogoutHookNames()).toEqual(['a', 'b']);
    await runAfterLogoutHooks();
    remove();
    await runAfterLogoutHooks();
    expect(ran).toEqual(['a', 'b', 'a']);
  });

  it('runs every hook even when one fails, and answers the failures', async () => {
    const { registerAfterLogout, runAfterLogoutHooks } = await import('./after-logout');
    const ran: string[] = [];
    registerAfterLogout('broken', () => {
      throw new Error('broken');
    });
    registerAfterLogout('fine', () => {
      ran.push('fine');
    });
    const failures = await runAfterLogoutHooks();
    expect(ran).toEqual(['fine']);
    expect(failures).toHaveLength(1);
  });

  it('logout runs them after the credentials are gone and before the cached settings and menus are', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"StatusCode":1,"Data":true}', { status: 200 })),
    );
    const { registerAfterLogout } = await import('./after-logout');
    const { logout } = await import('./session-actions');
    localStorage.setItem('Auth-Token', 't');
    localStorage.setItem('SideMenu', '[]');
    const seen: (string | null)[][] = [];
    registerAfterLogout('probe', () => {
      seen.push([localStorage.getItem('Auth-Token'), localStorage.getItem('SideMenu')]);
    });
    await logout();
    expect(seen).toEqual([[null, '[]']]);
    expect(localStorage.getItem('SideMenu')).toBeNull();
  });
});
