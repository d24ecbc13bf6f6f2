import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCallFailure } from '../../api/client';
import type { SetupAnswer } from '../../api/two-factor';
import { FormError } from '../simple-form';
import { CodeInput, isSixDigits } from './code-input';

/**
 * Entering the 6-digit code of the user's second factor: the instructions for its method, the code
 * field, Verify, and for the e-mail method a link that sends a code. Used by the sign-in's second
 * step and the pay-slip prompt, which differ only in the call that checks the code.
 */
export function CodeForm({
  id,
  method,
  sendLabel,
  check,
  send,
  clearCodeOnFailure = false,
  instructionsClassName,
}: {
  id: string;
  method: string;
  /** The link's text, translated by the caller. */
  sendLabel: string;
  /** Checks the code; a failure's message shows under the form. */
  check: (code: string) => Promise<void>;
  /** Sends a code by e-mail. */
  send: () => Promise<SetupAnswer>;
  clearCodeOnFailure?: boolean;
  instructionsClassName?: string;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [info, setInfo] = useState('');
  const [busy, setBusy] = useState(false);
  const failureText = (failure: unknown) =>
    isCallFailure(failure) ? failure.msg : t('Something went wrong');

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
      await check(code);
    } catch (failure) {
      setError(failureText(failure));
      if (clearCodeOnFailure) setCode('');
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async () => {
    setError('');
    try {
      const answer = await send();
      if (answer.FA2MethodId === 'email')
        setInfo(t('We sent a code to {{recipient}}.', { recipient: answer.Recipient }));
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p className={instructionsClassName}>
        {method === 'email'
          ? t('Enter the 6-digit code we sent to your e-mail address.')
          : t('Enter the 6-digit code your authenticator app shows.')}
      </p>
      <CodeInput id={id} value={code} onChange={setCode} />
      <button type="submit" className="btn btn-primary w-100" disabled={busy}>
        {t('Verify')}
      </button>
      {method === 'email' && (
        <button type="button" className="btn btn-link px-0 mt-2" onClick={() => void sendCode()}>
          {sendLabel}
        </button>
      )}
      {info && <div className="text-success small mt-2">{info}</div>}
      <FormError message={error} />
    </form>
  );
}
