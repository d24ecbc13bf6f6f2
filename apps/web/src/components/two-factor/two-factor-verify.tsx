import type { TokenResponse } from '@panelwright/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCallFailure } from '../../api/client';
import { setupTwoFactor, verifyTwoFactor } from '../../api/two-factor';
import { CodeInput, isSixDigits } from './code-input';

/** The sign-in's second step for a user whose factor is set up: enter the code. */
export function TwoFactorVerify({
  method,
  stepToken,
  onVerified,
}: {
  method: string;
  stepToken: string;
  onVerified: (answer: TokenResponse) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [info, setInfo] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!isSixDigits(code)) {
      setError(t('The code has 6 digits.'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      onVerified(await verifyTwoFactor(method, code, stepToken));
    } catch (failure) {
      setError(isCallFailure(failure) ? failure.msg : t('Something went wrong'));
      setBusy(false);
    }
  };

  const resend = async () => {
    setError('');
    try {
      const answer = await setupTwoFactor('email', undefined, stepToken);
      if (answer.FA2MethodId === 'email')
        setInfo(t('We sent a code to {{recipient}}.', { recipient: answer.Recipient }));
    } catch (failure) {
      setError(isCallFailure(failure) ? failure.msg : t('Something went wrong'));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <p>
        {method === 'email'
          ? t('Enter the 6-digit code we sent to your e-mail address.')
          : t('Enter the 6-digit code your authenticator app shows.')}
      </p>
      <CodeInput id="fa2-verify-code" value={code} onChange={setCode} />
      <button type="submit" className="btn btn-primary w-100" disabled={busy}>
        {t('Verify')}
      </button>
      {method === 'email' && (
        <button type="button" className="btn btn-link px-0 mt-2" onClick={() => void resend()}>
          {t('Send a new code')}
        </button>
      )}
      {info && <div className="text-success small mt-2">{info}</div>}
      {error && (
        <div className="text-danger mt-2 small" role="alert">
          {error}
        </div>
      )}
    </form>
  );
}
