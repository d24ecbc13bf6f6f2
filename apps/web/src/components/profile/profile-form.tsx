import type { Profile } from '@panelwright/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { updateProfile } from '../../api/account';
import { isCallFailure } from '../../api/client';
import { FormError, SimpleFields } from '../simple-form';

const FIELDS = [
  { name: 'DisplayName', label: 'Display name', type: 'text', autoComplete: 'name' },
  { name: 'Email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'PhoneNumber', label: 'Phone number', type: 'tel', autoComplete: 'tel' },
] as const;

/** The profile tab: the user's own name, e-mail and phone. */
export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({
    DisplayName: profile.DisplayName,
    Email: profile.Email,
    PhoneNumber: profile.PhoneNumber,
  });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      await updateProfile(
        FIELDS.map((f) => ({ FieldName: f.name, NewValue: values[f.name] })),
        { silent: true },
      );
      toast.success(t('Saved'));
      onSaved();
    } catch (failure) {
      setError(isCallFailure(failure) ? failure.msg : t('Something went wrong'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className="text-secondary">
        {t('Username')}: <strong>{profile.UserName}</strong>
      </p>
      <SimpleFields
        idPrefix="profile"
        fields={FIELDS}
        values={values}
        onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
      />
      <button type="submit" className="btn btn-primary" aria-busy={busy}>
        {t('Save')}
      </button>
      <FormError message={error} />
    </form>
  );
}
