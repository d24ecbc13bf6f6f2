import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fetchProfile } from '../../api/account';
import { ApiKeysTab } from './api-keys-tab';
import { DeliveriesTab } from './deliveries-tab';
import { WebhooksTab } from './webhooks-tab';

const TABS = [
  { id: 'keys', label: 'API keys', adminOnly: false },
  { id: 'webhooks', label: 'Webhooks', adminOnly: true },
  { id: 'deliveries', label: 'Delivery log', adminOnly: true },
] as const;

/**
 * /integrations: API keys (an administrator's all, a user's own when their role may make keys),
 * webhooks and their delivery log (administrators). One tab each (?tab=).
 */
export function IntegrationsPage() {
  const { t } = useTranslation();
  const profile = useQuery({ queryKey: ['MyProfile'], queryFn: fetchProfile, staleTime: 60_000 });
  const [search, setSearch] = useSearchParams();
  if (profile.isPending)
    return <div className="spinner-border text-primary m-4" role="status" aria-label={t('Loading')} />;
  const isAdmin = profile.data?.Role === 'admin' || (profile.data?.Roles ?? []).includes('admin');
  const tabs = TABS.filter((tab) => isAdmin || !tab.adminOnly);
  const current = tabs.find((tab) => tab.id === search.get('tab')) ?? tabs[0];
  return (
    <section id="integrations-page" className="container-fluid py-3 px-3 px-lg-4" style={{ maxWidth: 1280 }}>
      <h1 className="h3 mb-3">{t('Integrations')}</h1>
      <div className="nav nav-tabs mb-3" role="tablist">
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-controls={`panel-${tab.id}`}
            aria-selected={tab.id === current?.id}
            className={`nav-link ${tab.id === current?.id ? 'active' : 'text-body-secondary'}`}
            onClick={() => setSearch({ tab: tab.id }, { replace: true })}
          >
            {t(tab.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${current?.id}`} aria-labelledby={`tab-${current?.id}`}>
        {current?.id === 'keys' && <ApiKeysTab isAdmin={isAdmin} ownRoles={profile.data?.Roles ?? []} />}
        {current?.id === 'webhooks' && <WebhooksTab />}
        {current?.id === 'deliveries' && (
          <DeliveriesTab onShowWebhooks={() => setSearch({ tab: 'webhooks' }, { replace: true })} />
        )}
      </div>
    </section>
  );
}
