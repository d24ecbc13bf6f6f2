import type { Profile } from '@panelwright/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { updateProfile } from '../../api/account';
import { DATA_TEXT } from '../../i18n';
import { FormError, SimpleFields, splitFailure } from '../simple-form';
import { useUnsavedChanges } from '../use-unsaved-changes';

const FIELDS = [
  { name: 'DisplayName', label: 'Display name', type: 'text', autoComplete: 'name' },
  { name: 'Email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'PhoneNumber', label: 'Phone number', type: 'tel', autoComplete: 'tel' },
  { name: 'AvatarUrl', label: 'Avatar address', type: 'url', autoComplete: 'photo' },
] as const;

/** The profile tab: the user's own name, e-mail, phone and avatar (a same-site path or an https address). */
export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({
    DisplayName: profile.DisplayName,
    Email: profile.Email,
    PhoneNumber: profile.PhoneNumber,
    AvatarUrl: profile.AvatarUrl,
  });
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<(typeof FIELDS)[number]['name'], string>>>(
    {},
  );
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(values);
  useUnsavedChanges(FIELDS.some((field) => values[field.name] !== saved[field.name]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    setFieldErrors({});
    try {
      await updateProfile(
        FIELDS.map((f) => ({ FieldName: f.name, NewValue: values[f.name] })),
        { silent: true },
      );
      toast.success(t('Saved'));
      setSaved(values);
      onSaved();
    } catch (failure) {
      const refused = splitFailure(failure, FIELDS, t);
      setFieldErrors(refused.fields);
      setError(refused.form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className="text-secondary">
        {t('Username')}: <strong {...DATA_TEXT}>{profile.UserName}</strong>
      </p>
      <SimpleFields
        idPrefix="profile"
        fields={FIELDS}
        values={values}
        errors={fieldErrors}
        onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
      />
      <button type="submit" className="btn btn-primary" aria-busy={busy}>
        {t('Save')}
      </button>
      <FormError message={error} />
    </form>
  );
}
