import { useTranslation } from 'react-i18next';
import { ProfileTabs } from '../../components/profile/profile-tabs';

/** /my-profile: the signed-in user's profile, password and second factor, one tab each (?tab=). */
export function MyProfilePage() {
  const { t } = useTranslation();
  return <ProfileTabs title={t('My Profile')} />;
}
