import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { resetPassword, validateResetKey } from '../../api/account';
import { isCallFailure } from '../../api/client';
import { FieldError, FormError } from '../../components/simple-form';
import { clientPasswordProblem, type PasswordProblem } from '../../engine/forms';
import { AuthCard } from './auth-card';

type Stage = 'validating' | 'token-entry' | 'new-password';

/**
 * /reset-password/{tokenkey}: the key is validated on load; a valid one opens the new-password form,
 * an invalid one the token-entry form with its 'Valid Token' button. Success returns to /.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const [key, setKey] = useState(params.tokenkey ?? '');
  const [stage, setStage] = useState<Stage>(params.tokenkey ? 'validating' : 'token-entry');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [passwordProblem, setPasswordProblem] = useState<PasswordProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const validate = async (candidate: string) => {
    setError('');
    try {
      const result = await validateResetKey(candidate);
      setStage(result.IsValid ? 'new-password' : 'token-entry');
      if (!result.IsValid) setError(result.Msg);
    } catch (failure) {
      setStage('token-entry');
      setError(isCallFailure(failure) ? failure.msg : t('Something went wrong'));
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: validate the key of the address once, on load
  useEffect(() => {
    if (params.tokenkey) void validate(params.tokenkey);
  }, [params.tokenkey]);

  const submitToken = (event: FormEvent) => {
    event.preventDefault();
    if (key.trim()) void validate(key.trim());
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = clientPasswordProblem(password, confirm);
    setPasswordProblem(problem);
    setError('');
    if (problem) return;
    setBusy(true);
    try {
      await resetPassword(key, password, confirm);
      navigate('/', { replace: true });
    } catch (failure) {
      setError(isCallFailure(failure) ? failure.msg : t('Something went wrong'));
      setBusy(false);
    }
  };

  return (
    <AuthCard>
      <h1 className="h4 mb-3 text-center">{t('Reset password')}</h1>
      {stage === 'validating' && (
        <div className="text-center" role="status">
          <span className="spinner-border text-primary" aria-hidden="true" />
          <span className="visually-hidden">{t('Loading')}</span>
        </div>
      )}
      {stage === 'token-entry' && (
        <form onSubmit={submitToken} noValidate>
          <div className="mb-3">
            <label htmlFor="reset-token" className="form-label">
              {t('Token')}
            </label>
            <input
              id="reset-token"
              className="form-control"
              value={key}
              onChange={(e) => setKey(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary w-100">
            {t('Valid Token')}
          </button>
        </form>
      )}
      {stage === 'new-password' && (
        <form onSubmit={submitPassword} noValidate>
          <div className="mb-3">
            <label htmlFor="reset-password" className="form-label">
              {t('Password')}
            </label>
            <input
              id="reset-password"
              type="password"
              className={`form-control${passwordProblem?.field === 'password' ? ' is-invalid' : ''}`}
              autoComplete="new-password"
              value={password}
              aria-invalid={passwordProblem?.field === 'password' ? true : undefined}
              aria-describedby={passwordProblem?.field === 'password' ? 'reset-password-error' : undefined}
              onChange={(e) => setPassword(e.target.value)}
            />
            <FieldError
              id="reset-password-error"
              message={passwordProblem?.field === 'password' ? t(passwordProblem.message) : undefined}
            />
          </div>
          <div className="mb-3">
            <label htmlFor="reset-confirm" className="form-label">
              {t('Confirm Password')}
            </label>
            <input
              id="reset-confirm"
              type="password"
              className={`form-control${passwordProblem?.field === 'confirm' ? ' is-invalid' : ''}`}
              autoComplete="new-password"
              value={confirm}
              aria-invalid={passwordProblem?.field === 'confirm' ? true : undefined}
              aria-describedby={passwordProblem?.field === 'confirm' ? 'reset-confirm-error' : undefined}
              onChange={(e) => setConfirm(e.target.value)}
            />
            <FieldError
              id="reset-confirm-error"
              message={passwordProblem?.field === 'confirm' ? t(passwordProblem.message) : undefined}
            />
          </div>
          <button type="submit" className="btn btn-primary w-100" aria-busy={busy}>
            {t('Reset password')}
          </button>
        </form>
      )}
      <FormError message={error} />
      <div className="mt-3 small">
        <Link to="/login">{t('Back to Sign in')}</Link>
      </div>
    </AuthCard>
  );
}
