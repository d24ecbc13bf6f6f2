import type { TokenResponse } from '@panelwright/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type Registration, register } from '../../api/account';
import { FormError, type SimpleField, SimpleFields, splitFailure } from '../../components/simple-form';
import { clientPasswordProblem, EMAIL_FORMAT_MESSAGE, isEmailAddress } from '../../engine/forms';
import { useAppStore } from '../../state/app-store';
import { handleTokenResponse } from '../../state/session-actions';
import { AuthCard } from './auth-card';
import { TwoFactorCard } from './two-factor-card';

const FIELDS: SimpleField<keyof Registration>[] = [
  { name: 'UserName', label: 'Username', type: 'text', autoComplete: 'username' },
  { name: 'DisplayName', label: 'Display name', type: 'text', autoComplete: 'name' },
  { name: 'Email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'PhoneNumber', label: 'Phone number', type: 'tel', autoComplete: 'tel' },
  { name: 'Password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'ConfirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
];

/** /register, only when registration is enabled; the answer is treated as a login. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const enabled = useAppStore((s) => s.dataFirstSetting?.UIAppConfig.registerAccount ?? false);
  const [values, setValues] = useState<Registration>({
    UserName: '',
    DisplayName: '',
    Email: '',
    PhoneNumber: '',
    Password: '',
    ConfirmPassword: '',
  });
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof Registration, string>>>({});
  const [busy, setBusy] = useState(false);
  const [twoFactor, setTwoFactor] = useState<TokenResponse | null>(null);

  const finish = (answer: TokenResponse) => {
    const outcome = handleTokenResponse(answer);
    if (outcome.kind === 'two-factor') setTwoFactor(outcome.answer);
    else navigate(outcome.path, { replace: true });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError('');
    const problems: Partial<Record<keyof Registration, string>> = {};
    if (values.Email.trim() !== '' && !isEmailAddress(values.Email)) problems.Email = t(EMAIL_FORMAT_MESSAGE);
    const password = clientPasswordProblem(values.Password, values.ConfirmPassword);
    if (password)
      problems[password.field === 'password' ? 'Password' : 'ConfirmPassword'] = t(password.message);
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      finish(await register(values));
    } catch (failure) {
      const refused = splitFailure(failure, FIELDS, t);
      setFieldErrors(refused.fields);
      setError(refused.form);
    } finally {
      setBusy(false);
    }
  };

  if (!enabled) {
    return (
      <AuthCard>
        <h1 className="h3 text-center">{t('Oops!')}</h1>
        <p className="text-center">{t('Registration is not available.')}</p>
        <div className="text-center small">
          <Link to="/login">{t('Back to Sign in')}</Link>
        </div>
      </AuthCard>
    );
  }

  if (twoFactor) {
    return <TwoFactorCard answer={twoFactor} onSignedIn={finish} onCancel={() => setTwoFactor(null)} />;
  }

  return (
    <AuthCard>
      <h1 className="h4 mb-3 text-center">{t('Create an account')}</h1>
      <form onSubmit={submit} noValidate>
        <SimpleFields
          idPrefix="register"
          fields={FIELDS}
          values={values}
          errors={fieldErrors}
          onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
        />
        <button type="submit" className="btn btn-primary w-100" aria-busy={busy}>
          {t('Register')}
        </button>
        <FormError message={error} />
      </form>
      <div className="mt-3 small">
        <Link to="/login">{t('Back to Sign in')}</Link>
      </div>
    </AuthCard>
  );
}
