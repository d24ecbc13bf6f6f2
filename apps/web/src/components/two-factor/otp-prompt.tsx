import { type FormEvent, useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { fetchProfile } from '../../api/account';
import { isCallFailure } from '../../api/client';
import { session } from '../../api/session';
import { checkTwoFactorCode, setupTwoFactor } from '../../api/two-factor';
import { CodeInput, isSixDigits } from './code-input';
import { TwoFactorModal } from './two-factor-modal';

type Factor = { loading: true } | { loading: false; enabled: boolean; method: string };

/**
 * The pay-slip OTP prompt: before protected content is shown, the signed-in user enters the 6-digit
 * code of their second factor, checked by `Aauth2FA/CheckCode`. A user without a second factor is
 * offered its set-up first (the two-factor modal); an e-mail factor can ask for a code.
 */
export function OtpPrompt({
  show,
  title,
  message,
  onVerified,
  onClose,
}: {
  show: boolean;
  title: string;
  message: string;
  onVerified: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['forms', 'common']);
  const [factor, setFactor] = useState<Factor>({ loading: true });
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [info, setInfo] = useState('');
  const [busy, setBusy] = useState(false);
  const [settingUp, setSettingUp] = useState(false);

  useEffect(() => {
    if (!show) return;
    setCode('');
    setError('');
    setInfo('');
    fetchProfile()
      .then((profile) =>
        setFactor({ loading: false, enabled: profile.Auth2FAEnabled, method: profile.FA2Method }),
      )
      .catch(() => setFactor({ loading: false, enabled: false, method: '' }));
  }, [show]);

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
      await checkTwoFactorCode(code);
      onVerified();
    } catch (failure) {
      setError(isCallFailure(failure) ? failure.msg : t('Something went wrong'));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async () => {
    setError('');
    try {
      const answer = await setupTwoFactor('email', undefined);
      if (answer.FA2MethodId === 'email')
        setInfo(t('We sent a code to {{recipient}}.', { recipient: answer.Recipient }));
    } catch (failure) {
      setError(isCallFailure(failure) ? failure.msg : t('Something went wrong'));
    }
  };

  return (
    <>
      <Modal show={show && !settingUp} onHide={onClose} centered aria-labelledby="otp-prompt-title">
        <Modal.Header closeButton closeLabel={t('Close')}>
          <Modal.Title id="otp-prompt-title">{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{message}</p>
          {factor.loading && (
            <div className="spinner-border spinner-border-sm" role="status" aria-label={t('Loading')} />
          )}
          {!factor.loading && !factor.enabled && (
            <>
              <p>{t('Set up two-step verification first: the code comes from it.')}</p>
              <button type="button" className="btn btn-primary" onClick={() => setSettingUp(true)}>
                {t('Set up two-step verification')}
              </button>
            </>
          )}
          {!factor.loading && factor.enabled && (
            <form onSubmit={(e) => void submit(e)} noValidate>
              <p className="small text-secondary">
                {factor.method === 'email'
                  ? t('Enter the 6-digit code we sent to your e-mail address.')
                  : t('Enter the 6-digit code your authenticator app shows.')}
              </p>
              <CodeInput id="otp-prompt-code" value={code} onChange={setCode} />
              <button type="submit" className="btn btn-primary w-100" disabled={busy}>
                {t('Verify')}
              </button>
              {factor.method === 'email' && (
                <button type="button" className="btn btn-link px-0 mt-2" onClick={() => void sendCode()}>
                  {t('Send code')}
                </button>
              )}
            </form>
          )}
          {info && <div className="text-success small mt-2">{info}</div>}
          {error && (
            <div className="text-danger small mt-2" role="alert">
              {error}
            </div>
          )}
        </Modal.Body>
      </Modal>
      <TwoFactorModal
        show={show && settingUp}
        mode="setup"
        onClose={() => setSettingUp(false)}
        onDone={(answer) => {
          // Enabling replaces the session with a new one.
          session.save(answer);
          setSettingUp(false);
          setFactor({ loading: true });
          fetchProfile()
            .then((profile) =>
              setFactor({ loading: false, enabled: profile.Auth2FAEnabled, method: profile.FA2Method }),
            )
            .catch(() => setFactor({ loading: false, enabled: false, method: '' }));
        }}
      />
    </>
  );
}
