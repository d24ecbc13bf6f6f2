import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { fetchProfile } from '../../api/account';
import { session } from '../../api/session';
import { checkTwoFactorCode, setupTwoFactor } from '../../api/two-factor';
import { CodeForm } from './code-form';
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
  const [settingUp, setSettingUp] = useState(false);

  useEffect(() => {
    if (!show) return;
    fetchProfile()
      .then((profile) =>
        setFactor({ loading: false, enabled: profile.Auth2FAEnabled, method: profile.FA2Method }),
      )
      .catch(() => setFactor({ loading: false, enabled: false, method: '' }));
  }, [show]);

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
            <CodeForm
              id="otp-prompt-code"
              method={factor.method}
              sendLabel={t('Send code')}
              check={async (code) => {
                await checkTwoFactorCode(code);
                onVerified();
              }}
              send={() => setupTwoFactor('email', undefined)}
              clearCodeOnFailure
              instructionsClassName="small text-secondary"
            />
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
