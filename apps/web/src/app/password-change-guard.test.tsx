import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setAppState } from '../state/app-store';
import { PasswordChangeGuard } from './password-change-guard';

function Where() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
}

afterEach(() => setAppState({ isAuthenticated: false, owesSecondFactor: false }));

describe('the guard of owed steps', () => {
  it('leads a session the server refused for a missing second factor to the two-step tab', async () => {
    setAppState({ isAuthenticated: true, owesSecondFactor: false });
    const router = createMemoryRouter(
      [{ element: <PasswordChangeGuard />, children: [{ path: '*', element: <Where /> }] }],
      { initialEntries: ['/sales/bills'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText('at /sales/bills')).toBeTruthy();
    // What the API client's hook does on a 403 second_factor_required.
    act(() => setAppState({ owesSecondFactor: true }));
    expect(await screen.findByText('at /my-profile?tab=twofactor')).toBeTruthy();
  });
});
