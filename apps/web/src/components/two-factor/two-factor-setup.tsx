import type { FA2Method, TokenResponse } from '@panelwright/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCallFailure } from '../../api/client';
import {
  enableTwoFactor,
  fetchTwoFactorSetting,
  type SetupAnswer,
  setupTwoFactor,
} from '../../api/two-factor';
import { CodeInput, isSixDigits } from './code-input';

/**
 * Choosing a method, setting it up (QR code and manual key, or an e-mail code) and enabling it with
 * a code. Used by the sign-in step (with the step token) and by the profile (with the session).
 */
export function TwoFactorSetup({
  stepToken,
  onEnabled,
}: {
  stepToken?: string;
  onEnabled: (answer: TokenResponse) => void;
}) {
  const { t } = useTranslation();
  const [methods, setMethods] = useState<FA2Method[] | null>(null);
  const [method, setMethod] = useState<FA2Method | null>(null);
  const [setup, setSetup] = useState<SetupAnswer | null>(null);
  const [recipient, setRecipient] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetchTwoFactorSetting(stepToken)
      .then((setting) => setMethods(setting.FA2Methods))
      .catch((failure) => setError(isCallFailure(failure) ? failure.msg : t('Something went wrong')));
  }, [stepToken, t]);

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (failure) {
      setError(isCallFailure(failure) ? failure.msg : t('Something went wrong'));
    } finally {
      setBusy(false);
    }
  };

  const choose = (chosen: FA2Method) => {
    setMethod(chosen);
    setSetup(null);
    setCode('');
    if (chosen.FA2MethodId === 'totp')
      void run(async () => setSetup(await setupTwoFactor('totp', undefined, stepToken)));
  };

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => setSetup(await setupTwoFactor('email', recipient || undefined, stepToken)));
  };

  const enable = (event: FormEvent) => {
    event.preventDefault();
    if (!method) return;
    if (!isSixDigits(code)) {
      setError(t('The code has 6 digits.'));
      return;
    }
    void run(async () => onEnabled(await enableTwoFactor(method.FA2MethodId, code, stepToken)));
  };

  return (
    <div>
      {!method && (
        <>
          <p>{t('Choose a method for the second step of signing in.')}</p>
          <div className="list-group mb-3">
            {(methods ?? []).map((m) => (
              <button
                key={m.FA2MethodId}
                type="button"
                className="list-group-item list-group-item-action"
                onClick={() => choose(m)}
              >
                <strong>{t(m.FA2MethodName)}</strong>
                <div className="small text-secondary">{t(m.Configs.OTPDescription)}</div>
              </button>
            ))}
          </div>
        </>
      )}
      {method?.FA2MethodId === 'totp' && setup?.FA2MethodId === 'totp' && (
        <form onSubmit={enable} noValidate>
          <p>{t('Scan this QR code with your authenticator app.')}</p>
          <img
            src={setup.QrCodeDataUrl}
            alt={t('QR code for the authenticator app')}
            width={200}
            height={200}
            className="d-block mx-auto mb-2"
          />
          <p className="small mb-1">{t('Or enter this key manually:')}</p>
          <p className="font-monospace text-break user-select-all" data-testid="totp-secret">
            {setup.Secret}
          </p>
          <CodeInput id="fa2-setup-code" value={code} onChange={setCode} />
          <button type="submit" className="btn btn-primary w-100" disabled={busy}>
            {t('Enable')}
          </button>
        </form>
      )}
      {method?.FA2MethodId === 'email' && !setup && (
        <form onSubmit={sendCode} noValidate>
          {method.Configs.OtpRecipientRequired && (
            <div className="mb-3">
              <label htmlFor="fa2-recipient" className="form-label">
                {t('E-mail address for the codes')}
              </label>
              <input
                id="fa2-recipient"
                type="email"
                className="form-control"
                autoComplete="email"
                value={recipient}
                onChange={(e) => setRecipient(e.target.value)}
              />
              <div className="form-text">{t('Leave empty to use the address of your account.')}</div>
            </div>
          )}
          <button type="submit" className="btn btn-primary w-100" disabled={busy}>
            {t('Send code')}
          </button>
        </form>
      )}
      {method?.FA2MethodId === 'email' && setup?.FA2MethodId === 'email' && (
        <form onSubmit={enable} noValidate>
          <p>{t('We sent a code to {{recipient}}.', { recipient: setup.Recipient })}</p>
          <CodeInput id="fa2-setup-code" value={code} onChange={setCode} />
          <button type="submit" className="btn btn-primary w-100" disabled={busy}>
            {t('Enable')}
          </button>
        </form>
      )}
      {method && (
        <button type="button" className="btn btn-link px-0 mt-2" onClick={() => setMethod(null)}>
          {t('Choose another method')}
        </button>
      )}
      {error && (
        <div className="text-danger mt-2 small" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
