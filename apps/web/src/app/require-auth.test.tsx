import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAppState } from '../state/app-store';
import { installNavigator } from '../state/navigation';
import { logout } from '../state/session-actions';
import { RequireAuth } from './require-auth';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('logging out of a private page', () => {
  it('goes to / after 500 ms without showing /login on the way (part 1 section 2)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"StatusCode":1,"Data":true}', { status: 200 })),
    );
    localStorage.setItem('Auth-Token', 't');
    setAppState({ isAuthenticated: true });
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>Welcome</p> },
        { path: '/login', element: <p>Sign-in form</p> },
        { element: <RequireAuth />, children: [{ path: '/home', element: <p>Private home</p> }] },
      ],
      { initialEntries: ['/home'] },
    );
    // The logout reads the page it leaves from the address bar, which a memory router leaves alone.
    window.history.replaceState(null, '', '/home');
    installNavigator((to) => router.navigate(to));
    const paths: string[] = [];
    router.subscribe((state) => paths.push(state.location.pathname));
    render(<RouterProvider router={router} />);
    expect(screen.getByText('Private home')).toBeTruthy();

    await act(async () => {
      await logout();
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(screen.queryByText('Sign-in form')).toBeNull();
    expect(screen.queryByText('Private home')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByText('Welcome')).toBeTruthy();
    expect(paths).not.toContain('/login');
    expect(router.state.location.pathname).toBe('/');
  });
});
