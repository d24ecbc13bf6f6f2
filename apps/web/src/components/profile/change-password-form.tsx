import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { changePassword } from '../../api/account';
import { clientPasswordProblem } from '../../engine/forms';
import { useAppStore } from '../../state/app-store';
import { navigate } from '../../state/navigation';
import { landingPath, loadFirstSetting } from '../../state/session-actions';
import { FormError, SimpleFields, splitFailure } from '../simple-form';
import { useUnsavedChanges } from '../use-unsaved-changes';

const FIELDS = [
  { name: 'old', label: 'Old password', type: 'password', autoComplete: 'current-password' },
  { name: 'next', label: 'New password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirm', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
] as const;

const SERVER_FIELDS = [
  { name: 'OldPassword', label: 'Old password', autoComplete: '' },
  { name: 'NewPassword', label: 'New password', autoComplete: '' },
  { name: 'ConfirmPassword', label: 'Confirm Password', autoComplete: '' },
] as const;

/** The change-password tab; the target of the forced change. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const forced = useAppStore((s) => s.mustChangePassword);
  const message = useAppStore((s) => s.dataFirstSetting?.Message_IsNeedChangePass);
  const [values, setValues] = useState({ old: '', next: '', confirm: '' });
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<(typeof FIELDS)[number]['name'], string>>>(
    {},
  );
  const [busy, setBusy] = useState(false);
  useUnsavedChanges(Object.values(values).some((value) => value !== ''));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError('');
    const problem = clientPasswordProblem(values.next, values.confirm);
    setFieldErrors(
      problem ? { [problem.field === 'password' ? 'next' : 'confirm']: t(problem.message) } : {},
    );
    if (problem) return;
    setBusy(true);
    try {
      const msg = await changePassword(values.old, values.next, values.confirm);
      toast.success(t(msg || 'Your password has been changed.'));
      setValues({ old: '', next: '', confirm: '' });
      // The server no longer demands a change: fresh first settings lift the navigation block.
      await loadFirstSetting();
      // A demanded change stood between the user and their work: on to where they were going, or home.
      if (forced) void navigate(landingPath());
    } catch (failure) {
      // The server names its fields OldPassword, NewPassword and ConfirmPassword.
      const refused = splitFailure(failure, SERVER_FIELDS, t);
      setFieldErrors({
        old: refused.fields.OldPassword,
        next: refused.fields.NewPassword,
        confirm: refused.fields.ConfirmPassword,
      });
      setError(refused.form);
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
        errors={fieldErrors}
        onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
      />
      <button type="submit" className="btn btn-primary" aria-busy={busy}>
        {t('Change password')}
      </button>
      <FormError message={error} />
    </form>
  );
}
