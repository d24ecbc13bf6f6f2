import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fetchProfile } from '../../api/account';
import { UserAvatar } from '../user-avatar';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';
import { TwoFactorPanel } from './two-factor-panel';

const TABS = [
  { id: 'info', title: 'Profile' },
  { id: 'changepw', title: 'Change password' },
  { id: 'twofactor', title: 'Two-step verification' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * The signed-in user's profile, password and second factor, one tab each (`?tab=`): the page
 * /my-profile and the `myprofile` screen type.
 */
export function ProfileTabs({ title, headingLevel = 1 }: { title: string; headingLevel?: 1 | 2 }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: ['MyProfile'], queryFn: fetchProfile });
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const active: TabId = TABS.some((tab) => tab.id === params.get('tab'))
    ? (params.get('tab') as TabId)
    : 'info';
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['MyProfile'] });
  const open = (id: TabId) => setParams({ tab: id }, { replace: true });

  // Arrow keys move between tabs (the WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };
    let next = -1;
    if (event.key in moves) next = (index + (moves[event.key] ?? 0) + TABS.length) % TABS.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = TABS.length - 1;
    const tab = TABS[next];
    if (!tab) return;
    event.preventDefault();
    open(tab.id);
    tabs.current[next]?.focus();
  };

  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="container py-4" style={{ maxWidth: 720 }}>
      <div className="d-flex align-items-center gap-3 mb-3">
        <UserAvatar url={profile.data?.AvatarUrl} size={48} />
        <Heading className="h3 mb-0">{title}</Heading>
      </div>
      <div className="nav nav-tabs mb-3" role="tablist">
        {TABS.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            id={`tab-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={active === tab.id}
            aria-controls={`panel-${tab.id}`}
            tabIndex={active === tab.id ? 0 : -1}
            className={`nav-link ${active === tab.id ? 'active' : ''}`}
            onClick={() => open(tab.id)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {t(tab.title)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${active}`} aria-labelledby={`tab-${active}`}>
        {profile.isPending && (
          <div className="spinner-border text-primary" role="status" aria-label={t('Loading')} />
        )}
        {profile.data && active === 'info' && <ProfileForm profile={profile.data} onSaved={refresh} />}
        {active === 'changepw' && <ChangePasswordForm />}
        {profile.data && active === 'twofactor' && (
          <TwoFactorPanel profile={profile.data} onChanged={refresh} />
        )}
      </div>
    </section>
  );
}
