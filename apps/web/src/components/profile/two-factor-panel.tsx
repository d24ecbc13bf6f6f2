import type { Profile, TokenResponse } from '@panelwright/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { isCallFailure } from '../../api/client';
import { session } from '../../api/session';
import { disableTwoFactor, setupTwoFactor } from '../../api/two-factor';
import { CodeInput, isSixDigits } from '../two-factor/code-input';
import { TwoFactorSetup } from '../two-factor/two-factor-setup';

/** The two-step verification tab: set a factor up, or turn it off with a code. */
export function TwoFactorPanel({ profile, onChanged }: { profile: Profile; onChanged: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [info, setInfo] = useState('');

  const enabled = (answer: TokenResponse) => {
    // Enabling replaces this session with a new one.
    session.save(answer);
    toast.success(t('Two-step verification is on.'));
    onChanged();
  };

  const disable = async (event: FormEvent) => {
    event.preventDefault();
    if (!isSixDigits(code)) return setError(t('The code has 6 digits.'));
    try {
      await disableTwoFactor(code);
      toast.success(t('Two-step verification is off.'));
      setCode('');
      onChanged();
    } catch (failure) {
      setError(isCallFailure(failure) ? failure.msg : t('Something went wrong'));
    }
  };

  const sendCode = async () => {
    try {
      const answer = await setupTwoFactor('email', undefined);
      if (answer.FA2MethodId === 'email')
        setInfo(t('We sent a code to {{recipient}}.', { recipient: answer.Recipient }));
    } catch (failure) {
      setError(isCallFailure(failure) ? failure.msg : t('Something went wrong'));
    }
  };

  if (!profile.Auth2FAEnabled) return <TwoFactorSetup onEnabled={enabled} />;
  return (
    <form onSubmit={disable} noValidate>
      <p>
        {t('Two-step verification is on.')} (
        {t(profile.FA2Method === 'email' ? 'E-mail code' : 'Authenticator app')})
      </p>
      {profile.FA2Method === 'email' && (
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm mb-3"
          onClick={() => void sendCode()}
        >
          {t('Send code')}
        </button>
      )}
      <CodeInput id="fa2-disable-code" value={code} onChange={setCode} />
      <button type="submit" className="btn btn-outline-danger">
        {t('Turn off')}
      </button>
      {info && <div className="text-success small mt-2">{info}</div>}
      {error && (
        <div className="text-danger mt-2 small" role="alert">
          {error}
        </div>
      )}
    </form>
  );
}
