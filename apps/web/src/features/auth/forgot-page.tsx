import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forgotPassword } from '../../api/account';
import { FieldError, FormError, splitFailure } from '../../components/simple-form';
import { EMAIL_FORMAT_MESSAGE, isEmailAddress } from '../../engine/forms';
import { AuthCard } from './auth-card';

const FIELDS = [{ name: 'Email', label: 'Email', autoComplete: 'email' }] as const;

/**
 * /forgot: one e-mail field, checked to be an e-mail address before anything is sent; afterwards
 * 'Check your email' with the server's message.
 */
export function ForgotPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [loading, setLoading] = useState(false);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>(undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A submit is ignored while one is under way.
    if (loading) return;
    setError('');
    if (!isEmailAddress(email)) {
      setEmailError(t(EMAIL_FORMAT_MESSAGE));
      return;
    }
    setEmailError(undefined);
    setLoading(true);
    try {
      setSentMessage(await forgotPassword(email.trim()));
    } catch (failure) {
      const refused = splitFailure(failure, FIELDS, t);
      setEmailError(refused.fields.Email);
      setError(refused.form);
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthCard>
      {sentMessage !== null ? (
        <div role="status">
          <h1 className="h4 mb-3 text-center">{t('Check your email')}</h1>
          <p>{t(sentMessage)}</p>
        </div>
      ) : (
        <>
          <h1 className="h4 mb-3 text-center">{t('Forgot password?')}</h1>
          <p className="text-secondary small">
            {t('Enter the e-mail address of your account and we will send you a link.')}
          </p>
          <form onSubmit={submit} noValidate>
            <div className="mb-3">
              <label htmlFor="forgot-email" className="form-label">
                {t('Email')}
              </label>
              <input
                id="forgot-email"
                type="email"
                className={`form-control${emailError ? ' is-invalid' : ''}`}
                autoComplete="email"
                // biome-ignore lint/a11y/noAutofocus: the page has one field
                autoFocus
                value={email}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? 'forgot-email-error' : undefined}
                onChange={(e) => {
                  setEmail(e.target.value);
                  if (emailError && isEmailAddress(e.target.value)) setEmailError(undefined);
                }}
              />
              <FieldError id="forgot-email-error" message={emailError} />
            </div>
            <button type="submit" className="btn btn-primary w-100" aria-busy={loading}>
              {t('Send')}
            </button>
            <FormError message={error} />
          </form>
        </>
      )}
      <div className="mt-3 small">
        <Link to="/login">{t('Back to Sign in')}</Link>
      </div>
    </AuthCard>
  );
}
