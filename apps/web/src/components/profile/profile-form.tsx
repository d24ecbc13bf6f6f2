import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { type Profile, updateProfile } from '../../api/account';
import { isCallFailure } from '../../api/client';

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
      {FIELDS.map((field) => (
        <div className="mb-3" key={field.name}>
          <label htmlFor={`profile-${field.name}`} className="form-label">
            {t(field.label)}
          </label>
          <input
            id={`profile-${field.name}`}
            type={field.type}
            className="form-control"
            autoComplete={field.autoComplete}
            value={values[field.name]}
            onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
          />
        </div>
      ))}
      <button type="submit" className="btn btn-primary" aria-busy={busy}>
        {t('Save')}
      </button>
      {error && (
        <div className="text-danger mt-3 small" role="alert">
          {error}
        </div>
      )}
    </form>
  );
}
