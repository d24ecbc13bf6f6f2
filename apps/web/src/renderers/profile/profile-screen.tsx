import { useTranslation } from 'react-i18next';
import { ProfileTabs } from '../../components/profile/profile-tabs';
import type { ScreenRendererProps } from '../registry';

/** The profile as a screen type (`myprofile`): the same tabs as /my-profile. */
export default function ProfileScreen({ screen, embedded }: ScreenRendererProps) {
  const { t } = useTranslation([screen.screenCode]);
  return <ProfileTabs title={t(screen.title || 'My Profile')} headingLevel={embedded ? 2 : 1} />;
}
