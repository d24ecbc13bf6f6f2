import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { unlockAccount } from '../../api/account';
import { isCallFailure } from '../../api/client';
import { FormError } from '../../components/simple-form';
import { AuthCard } from './auth-card';

/**
 * /unlock-account/{key}: the link mailed to the owner of an account whose sign-in is slowed. Nothing
 * happens on opening (mail scanners open links); the owner presses Unlock.
 */
export function UnlockAccountPage() {
  const { t } = useTranslation();
  const { key = '' } = useParams();
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState('');

  const unlock = async () => {
    if (loading) return;
    setError('');
    setLoading(true);
    try {
      setDone(await unlockAccount(key));
    } catch (failure) {
      setError(isCallFailure(failure) ? failure.msg : t('Something went wrong'));
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthCard>
      <h1 className="h4 mb-3 text-center">{t('Unlock your account')}</h1>
      {done !== null ? (
        <p role="status">{t(done)}</p>
      ) : (
        <>
          <p className="text-secondary small">
            {t(
              'Sign-in to your account was slowed after many failed attempts. Unlock it to sign in from here.',
            )}
          </p>
          <button type="button" className="btn btn-primary w-100" aria-busy={loading} onClick={unlock}>
            {t('Unlock')}
          </button>
          <FormError message={error} />
        </>
      )}
      <div className="mt-3 small">
        <Link to="/login">{t('Back to Sign in')}</Link>
      </div>
    </AuthCard>
  );
}
