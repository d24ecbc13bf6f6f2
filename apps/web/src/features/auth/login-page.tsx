import type { TokenResponse } from '@panelwright/contract';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { requestToken } from '../../api/auth';
import { isCallFailure } from '../../api/client';
import { AppLink } from '../../components/app-link';
import { FormError } from '../../components/form-error';
import { InlineIcon } from '../../components/inline-icon';
import { toast } from '../../components/toast';
import { API_TEXTS } from '../../engine/api-rules';
import { getAppState, setAppState, useAppStore } from '../../state/app-store';
import { navigate } from '../../state/navigation';
import { consumeJust401, handleTokenResponse } from '../../state/session-actions';
import { useTexts } from '../../texts';
import { AuthCard } from './auth-card';
import { startOidcSignIn } from './oidc-sign-in';
import { offeredSignInProviders } from './sign-in-providers';
import { TwoFactorCard } from './two-factor-card';

// The two-factor step loads only for the users who need it. This page is also drawn by the light
// sign-in entry (sign-in/), without the router or i18next: it navigates and translates through
// state/navigation and texts.ts, which work with either.

/** The sign-in form of part 1 section 2; the two-factor step replaces it when due. */
export function LoginPage() {
  const { t } = useTexts();
  const settings = useAppStore((s) => s.dataFirstSetting?.UIAppConfig);
  const loading = useAppStore((s) => s.loginLoading);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState('');
  const [twoFactor, setTwoFactor] = useState<TokenResponse | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const providers = offeredSignInProviders(settings);

  useEffect(() => {
    if (consumeJust401()) toast.error(t(API_TEXTS.authorizationFailed));
  }, [t]);

  const finish = (answer: TokenResponse) => {
    const outcome = handleTokenResponse(answer);
    if (outcome.kind === 'two-factor') setTwoFactor(outcome.answer);
    else void navigate(outcome.path, { replace: true });
  };

  const onUsernameKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      passwordRef.current?.focus();
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // A login already under way ignores further presses.
    if (getAppState().loginLoading) return;
    setAppState({ loginLoading: true });
    setError('');
    try {
      const answer = await requestToken(username, password);
      setAppState({ loginLoading: false });
      finish(answer);
    } catch (failure) {
      setAppState({ loginLoading: false });
      // The server's own words (wrong password, too many attempts) go under the form.
      setError(isCallFailure(failure) ? t(failure.description ?? failure.msg) : t('Something went wrong'));
    }
  };

  if (twoFactor) {
    return <TwoFactorCard answer={twoFactor} onSignedIn={finish} onCancel={() => setTwoFactor(null)} />;
  }

  return (
    <AuthCard>
      <h1 className="h4 mb-4 text-center">{t('Sign in')}</h1>
      <form onSubmit={onSubmit} noValidate>
        <div className="mb-3">
          <label htmlFor="login-username" className="form-label">
            {t('Username')}
          </label>
          <input
            id="login-username"
            name="username"
            className="form-control"
            autoComplete="username"
            // biome-ignore lint/a11y/noAutofocus: the sign-in page exists to type a user name
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            onKeyDown={onUsernameKeyDown}
          />
        </div>
        <div className="mb-3">
          <label htmlFor="login-password" className="form-label">
            {t('Password')}
          </label>
          <div className="input-group">
            <input
              id="login-password"
              name="password"
              ref={passwordRef}
              type={showPassword ? 'text' : 'password'}
              className="form-control"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => setShowPassword((v) => !v)}
              aria-label={showPassword ? t('Hide password') : t('Show password')}
              aria-pressed={showPassword}
            >
              <InlineIcon name={showPassword ? 'eye-slash' : 'eye'} />
            </button>
          </div>
        </div>
        <button type="submit" className="btn btn-primary w-100" aria-busy={loading}>
          {loading && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t('Login')}
        </button>
        <FormError message={error} />
      </form>
      {settings?.oidcLogin && settings.oidcConfigured && (
        <div id="oidc-sign-in" className="d-grid mt-3">
          {/* The body's colour on the card: readable in light and dark alike. */}
          <button
            type="button"
            className="btn border text-body"
            onClick={() =>
              startOidcSignIn().catch((failure) =>
                setError(isCallFailure(failure) ? failure.msg : t('Something went wrong')),
              )
            }
          >
            <InlineIcon name="box-arrow-in-right" className="me-2" />
            {t('Sign in with {{name}}', { name: settings.oidcProviderName || t('single sign-on') })}
          </button>
        </div>
      )}
      {settings && providers.length > 0 && (
        <div className="d-grid gap-2 mt-3">
          {providers.map((provider) => (
            <button
              key={provider.id}
              type="button"
              className={`btn btn-${provider.variant}`}
              onClick={provider.start && (() => provider.start?.(settings))}
              disabled={!provider.start}
              title={provider.start ? undefined : t('Coming soon')}
            >
              <InlineIcon name={provider.icon} className="me-2" />
              {t(provider.label)}
            </button>
          ))}
        </div>
      )}
      {(settings?.forgotPassword || settings?.registerAccount) && (
        <div className="d-flex justify-content-between mt-3 small">
          {settings?.forgotPassword && <AppLink to="/forgot">{t('Forgot password?')}</AppLink>}
          {settings?.registerAccount && <AppLink to="/register">{t('Create an account')}</AppLink>}
        </div>
      )}
    </AuthCard>
  );
}
