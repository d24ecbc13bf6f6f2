import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { changePassword } from '../../api/account';
import { isCallFailure } from '../../api/client';
import { useAppStore } from '../../state/app-store';
import { loadFirstSetting } from '../../state/session-actions';
import { FormError, SimpleFields } from '../simple-form';

const FIELDS = [
  { name: 'old', label: 'Old password', type: 'password', autoComplete: 'current-password' },
  { name: 'next', label: 'New password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirm', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
] as const;

/** The change-password tab; the target of the forced change. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const forced = useAppStore((s) => s.mustChangePassword);
  const message = useAppStore((s) => s.dataFirstSetting?.Message_IsNeedChangePass);
  const [values, setValues] = useState({ old: '', next: '', confirm: '' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (values.next === '') return setError(t('Please fill your password'));
    if (values.next !== values.confirm) return setError(t('Password and Confirm Password must be match'));
    setBusy(true);
    setError('');
    try {
      const msg = await changePassword(values.old, values.next, values.confirm);
      toast.success(t(msg || 'Your password has been changed.'));
      setValues({ old: '', next: '', confirm: '' });
      // The server no longer demands a change: fresh first settings lift the navigation block.
      await loadFirstSetting();
    } catch (failure) {
      setError(isCallFailure(failure) ? failure.msg : t('Something went wrong'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      {forced && message && (
        <div className="alert alert-warning" role="alert">
          {t(message)}
        </div>
      )}
      <SimpleFields
        idPrefix="changepw"
        fields={FIELDS}
        values={values}
        onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
      />
      <button type="submit" className="btn btn-primary" aria-busy={busy}>
        {t('Change password')}
      </button>
      <FormError message={error} />
    </form>
  );
}
