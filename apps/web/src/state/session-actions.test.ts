import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
});
afterEach(() => vi.useRealTimers());

describe('session actions', () => {
  it('lands on the saved redirect-after-login address once, then on the home URL', async () => {
    const { landingPath, rememberRedirectAfterLogin } = await import('./session-actions');
    rememberRedirectAfterLogin('/pj/7?tab=2');
    expect(landingPath()).toBe('/pj/7?tab=2');
    localStorage.setItem('HomeUrl', '/dashboard');
    expect(landingPath()).toBe('/dashboard');
  });

  it('does not keep the page a user logs out from as the next landing page', async () => {
    // The redirect to / 500 ms after logout must not outlive the test (nor its document).
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"StatusCode":1,"Data":true}', { status: 200 })),
    );
    const { landingPath, logout, rememberRedirectAfterLogin } = await import('./session-actions');
    localStorage.setItem('Auth-Token', 't');
    await logout();
    rememberRedirectAfterLogin('/my-profile?tab=twofactor');
    expect(landingPath()).toBe('/home');
    vi.unstubAllGlobals();
  });

  it('never follows a saved address to another site', async () => {
    const { landingPath } = await import('./session-actions');
    localStorage.setItem('RedirectAfterLogin', '//evil.example/x');
    expect(landingPath()).toBe('/home');
  });

  it('marks Just401 on a 401 and sends the user to /login, once', async () => {
    const { consumeJust401, handleUnauthorized } = await import('./session-actions');
    const { installNavigator: install } = await import('./navigation');
    const visited: string[] = [];
    install((to) => visited.push(to));
    localStorage.setItem('Auth-Token', 't');
    handleUnauthorized();
    expect(localStorage.getItem('Auth-Token')).toBeNull();
    expect(visited).toEqual(['/login']);
    expect(consumeJust401()).toBe(true);
    expect(consumeJust401()).toBe(false);
  });

  it('logs out: revokes on the server, clears storage, goes to / after 500 ms', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        return new Response('{"StatusCode":1,"Data":true}', { status: 200 });
      }),
    );
    const { logout } = await import('./session-actions');
    const { installNavigator: install } = await import('./navigation');
    const visited: string[] = [];
    install((to) => visited.push(to));
    localStorage.setItem('Auth-Token', 't');
    localStorage.setItem('SideMenu', '[]');
    await logout();
    // The session is revoked first; then the guest's first settings are fetched.
    expect(calls[0]).toBe('/api/v1/Account/Logout');
    expect(calls).toContain('/api/v1/GlobalAppSetting/FisrtSetting');
    expect(localStorage.getItem('Auth-Token')).toBeNull();
    expect(localStorage.getItem('SideMenu')).toBeNull();
    await vi.advanceTimersByTimeAsync(499);
    expect(visited).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(visited).toEqual(['/']);
    vi.unstubAllGlobals();
  });
});
