import { afterEach, describe, expect, it } from 'vitest';
import { readOidcRedirect } from './oidc-sign-in';

const PENDING_KEY = 'OidcSignInPending';
const started = (state: string) =>
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ state, pending: 'sealed-start' }));

describe('readOidcRedirect', () => {
  afterEach(() => sessionStorage.clear());

  it('is not an OpenID return when this tab started none (the social sign-in comes back there too)', () => {
    expect(readOidcRedirect('?code=abc&state=s1')).toBeNull();
    started('s1');
    expect(readOidcRedirect('')).toBeNull();
  });

  it('hands the code, the state, the issuer and the sealed start to the server, once', () => {
    started('s1');
    expect(readOidcRedirect('?code=abc&state=s1&iss=https%3A%2F%2Fid.example.com')).toEqual({
      Code: 'abc',
      State: 's1',
      Iss: 'https://id.example.com',
      Pending: 'sealed-start',
    });
    // Used up: the same answer a second time is not an OpenID return of this tab any more.
    expect(readOidcRedirect('?code=abc&state=s1')).toBeNull();
  });

  it('refuses a state this tab did not send, and passes on the provider’s own refusal', () => {
    started('s1');
    expect(readOidcRedirect('?code=abc&state=forged')).toEqual({
      error: 'The sign-in could not be completed. Please start it again.',
    });
    started('s1');
    expect(readOidcRedirect('?code=abc')).toHaveProperty('error');
    started('s1');
    expect(readOidcRedirect('?error=access_denied&error_description=The+user+cancelled')).toEqual({
      error: 'The user cancelled',
    });
  });
});
