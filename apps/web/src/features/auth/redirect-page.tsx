import type { TokenResponse } from '@panelwright/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { oidcLogin, socialLogin } from '../../api/account';
import { isCallFailure } from '../../api/client';
import { Spinner } from '../../components/loading-screen';
import { useAppStore } from '../../state/app-store';
import { handleTokenResponse } from '../../state/session-actions';
import { AuthCard } from './auth-card';
import { readOidcRedirect } from './oidc-sign-in';
import { readSocialRedirect } from './social-sign-in';

const TwoFactorStep = lazy(() => import('../../components/two-factor/two-factor-step'));

/**
 * /redirect (blank layout): where the providers send the browser back. An OpenID Connect provider
 * brings a code and the state in the query: the server exchanges the code and checks the ID token.
 * The social provider brings an access token in the fragment: its user-info endpoint tells the
 * e-mail; the server then checks the token itself and signs in.
 */
export function RedirectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useAppStore((s) => s.dataFirstSetting?.UIAppConfig);
  const [error, setError] = useState('');
  const [twoFactor, setTwoFactor] = useState<TokenResponse | null>(null);

  const finish = (answer: TokenResponse) => {
    const outcome = handleTokenResponse(answer);
    if (outcome.kind === 'two-factor') setTwoFactor(outcome.answer);
    else navigate(outcome.path, { replace: true });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the redirect is handled once, on arrival
  useEffect(() => {
    const oidc = readOidcRedirect(window.location.search);
    if (oidc) {
      window.history.replaceState(null, '', window.location.pathname);
      if ('error' in oidc) {
        setError(t(oidc.error));
        return;
      }
      oidcLogin(oidc)
        .then(finish)
        .catch((failure) => setError(isCallFailure(failure) ? failure.msg : t('Something went wrong')));
      return;
    }
    const result = readSocialRedirect(window.location.hash);
    window.history.replaceState(null, '', window.location.pathname);
    if ('error' in result) {
      setError(t(result.error));
      return;
    }
    (async () => {
      let email = '';
      if (config?.socialUserInfoUrl) {
        const info: { email?: string } = await fetch(config.socialUserInfoUrl, {
          headers: { Authorization: `Bearer ${result.token}` },
        })
          .then((r) => (r.ok ? (r.json() as Promise<{ email?: string }>) : {}))
          .catch(() => ({}));
        email = info.email ?? '';
      }
      const answer = await socialLogin(config?.socialProvider ?? 'google', result.token, email);
      finish(answer.Token);
    })().catch((failure) => setError(isCallFailure(failure) ? failure.msg : t('Something went wrong')));
  }, []);

  if (twoFactor) {
    return (
      <AuthCard>
        <Suspense fallback={<Spinner />}>
          <TwoFactorStep answer={twoFactor} onSignedIn={finish} onCancel={() => navigate('/login')} />
        </Suspense>
      </AuthCard>
    );
  }
  return (
    <AuthCard>
      <h1 className="h4 mb-3 text-center">{t('Sign in')}</h1>
      {error ? (
        <>
          <p className="text-danger-emphasis" role="alert">
            {error}
          </p>
          <Link to="/login">{t('Back to Sign in')}</Link>
        </>
      ) : (
        <Spinner />
      )}
    </AuthCard>
  );
}
