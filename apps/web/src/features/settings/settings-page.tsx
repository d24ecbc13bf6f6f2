import type { UIAppConfig } from '@panelwright/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { fetchProfile } from '../../api/account';
import {
  fetchAdminSettings,
  fetchGivableRoles,
  type SecuritySettings,
  saveSettings,
} from '../../api/settings';
import { useAppStore } from '../../state/app-store';
import { loadFirstSetting } from '../../state/session-actions';

/** As the server's limit. */
const SITE_NAME_MAX_LENGTH = 60;
/** What receipts and invoices print about the seller. */
const SELLER_TEXTS: { key: keyof UIAppConfig; label: string; lines?: number; hint?: string }[] = [
  { key: 'sellerName', label: 'Seller name' },
  { key: 'sellerAddress', label: 'Seller address', lines: 3 },
  { key: 'sellerTaxNumber', label: 'Tax number' },
  { key: 'logoUrl', label: 'Logo address (header, receipts and invoices)' },
  { key: 'shopTimeZone', label: 'Time zone of the shop', hint: 'e.g. Asia/Ho_Chi_Minh; empty: the server’s' },
];
/** The time zones the browser knows, offered while typing one. */
const TIME_ZONES: readonly string[] =
  (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];

/** The switches and values an administrator may change here, with their labels. */
const FLAGS: { key: keyof UIAppConfig; label: string }[] = [
  { key: 'forgotPassword', label: 'Forgot password' },
  { key: 'registerAccount', label: 'Self-registration' },
  { key: 'socialLogin', label: 'Social sign-in' },
  { key: 'oidcLogin', label: 'OpenID Connect sign-in' },
  { key: 'pushNotify', label: 'Push notifications' },
  { key: 'languageChange', label: 'Language change' },
  { key: 'settingsPage', label: 'Settings page in the user menu' },
  { key: 'hasSignalR', label: 'Live notifications' },
  { key: 'hasCheckIdle', label: 'Idle check with the times below' },
];
const NUMBERS: { key: keyof UIAppConfig; label: string; min: number }[] = [
  { key: 'checkIdleSecond', label: 'Idle after (seconds)', min: 1 },
  { key: 'checkIdleInterval', label: 'Check every (seconds)', min: 1 },
  { key: 'checkIdleCountdown', label: 'Countdown (seconds)', min: 1 },
];
const TEXTS: { key: keyof UIAppConfig; label: string }[] = [
  { key: 'siteName', label: 'Site name' },
  { key: 'themeSeason', label: 'Seasonal theme (xmas2023, tet2024 or empty)' },
  { key: 'chatWebhookUrl', label: 'Chat webhook URL' },
  { key: 'oidcProviderName', label: 'OpenID Connect provider name (on the sign-in button)' },
];

/** /setting: the feature flags of the product, for administrators. */
export function SettingsPage() {
  const { t } = useTranslation();
  const current = useAppStore((s) => s.dataFirstSetting?.UIAppConfig);
  const profile = useQuery({ queryKey: ['MyProfile'], queryFn: fetchProfile, staleTime: 60_000 });
  const [changes, setChanges] = useState<Partial<UIAppConfig>>({});
  const [securityChanges, setSecurityChanges] = useState<Partial<SecuritySettings>>({});
  const [busy, setBusy] = useState(false);
  const [siteNameMissing, setSiteNameMissing] = useState(false);
  // Others reach the page when the settings-page flag offers it: they see the settings, read-only.
  const readOnly = profile.data?.Role !== 'admin';
  // The server-only settings are the administrator's alone to read.
  const security = useQuery({
    queryKey: ['AdminSettings'],
    queryFn: fetchAdminSettings,
    enabled: profile.isSuccess && !readOnly,
  });
  const givableRoles = useQuery({
    queryKey: ['GivableRoles'],
    queryFn: fetchGivableRoles,
    enabled: profile.isSuccess && !readOnly,
  });
  if (!current || profile.isPending)
    return <div className="spinner-border text-primary m-4" role="status" aria-label={t('Loading')} />;
  const value = <K extends keyof UIAppConfig>(key: K): UIAppConfig[K] =>
    (changes[key] ?? current[key]) as UIAppConfig[K];
  const change = (key: keyof UIAppConfig, next: unknown) => setChanges((c) => ({ ...c, [key]: next }));
  const defaultRole = securityChanges.oidcDefaultRole ?? security.data?.Security.oidcDefaultRole ?? '';
  const changed = Object.keys(changes).length > 0 || Object.keys(securityChanges).length > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !changed) return;
    // The server refuses it too; saying so here keeps the message under the field.
    if (changes.siteName !== undefined && changes.siteName.trim() === '') {
      setSiteNameMissing(true);
      document.getElementById('setting-siteName')?.focus();
      return;
    }
    setBusy(true);
    try {
      await saveSettings({
        ...(Object.keys(changes).length > 0 ? { UIAppConfig: changes } : {}),
        ...(Object.keys(securityChanges).length > 0 ? { Security: securityChanges } : {}),
      });
      await Promise.all([loadFirstSetting(), security.refetch()]);
      setChanges({});
      setSecurityChanges({});
      toast.success(t('Saved'));
    } catch {
      // The API client has shown the reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="container py-4" style={{ maxWidth: 720 }}>
      <h1 className="h3 mb-3">{t('Setting')}</h1>
      {readOnly && <p>{t('Only an administrator may change the settings.')}</p>}
      <form onSubmit={submit} noValidate>
        <fieldset disabled={readOnly}>
          <fieldset className="mb-4">
            <legend className="h6">{t('Features')}</legend>
            {FLAGS.map(({ key, label }) => (
              <div className="form-check form-switch" key={key}>
                <input
                  id={`setting-${key}`}
                  className="form-check-input"
                  type="checkbox"
                  role="switch"
                  aria-checked={Boolean(value(key))}
                  checked={Boolean(value(key))}
                  onChange={(e) => change(key, e.target.checked)}
                />
                <label className="form-check-label" htmlFor={`setting-${key}`}>
                  {t(label)}
                </label>
              </div>
            ))}
          </fieldset>
          {!readOnly && (
            <fieldset className="mb-4">
              <legend className="h6">{t('New accounts')}</legend>
              <label className="form-label" htmlFor="setting-oidcDefaultRole">
                {t('Role of accounts made by registration, social or OpenID Connect sign-in')}
              </label>
              <select
                id="setting-oidcDefaultRole"
                className="form-select"
                aria-describedby="setting-oidcDefaultRole-hint"
                value={defaultRole}
                disabled={!security.isSuccess}
                onChange={(e) => setSecurityChanges((c) => ({ ...c, oidcDefaultRole: e.target.value }))}
              >
                <option value="">{t('No role')}</option>
                {(givableRoles.data ?? []).map((role) => (
                  <option key={role.Code} value={role.Code}>
                    {t(role.Name)}
                  </option>
                ))}
                {/* A stored role no longer offered (deleted, made an administrator's) still shows. */}
                {defaultRole &&
                  givableRoles.isSuccess &&
                  !givableRoles.data.some((r) => r.Code === defaultRole) && (
                    <option value={defaultRole}>{defaultRole}</option>
                  )}
              </select>
              <div id="setting-oidcDefaultRole-hint" className="form-text">
                {t(
                  'Administrator roles are never given this way. With no role, OpenID Connect signs in existing accounts only, and registered accounts wait for an administrator to give them a role.',
                )}
              </div>
            </fieldset>
          )}
          <fieldset className="mb-4">
            <legend className="h6">{t('Idle check')}</legend>
            {NUMBERS.map(({ key, label, min }) => (
              <div className="mb-2" key={key}>
                <label className="form-label" htmlFor={`setting-${key}`}>
                  {t(label)}
                </label>
                <input
                  id={`setting-${key}`}
                  className="form-control"
                  type="number"
                  min={min}
                  value={String(value(key))}
                  onChange={(e) => change(key, Math.max(min, Math.trunc(Number(e.target.value) || min)))}
                />
              </div>
            ))}
          </fieldset>
          <fieldset className="mb-4">
            <legend className="h6">{t('Appearance and reports')}</legend>
            {TEXTS.map(({ key, label }) => (
              <div className="mb-2" key={key}>
                <label className="form-label" htmlFor={`setting-${key}`}>
                  {t(label)}
                </label>
                <input
                  id={`setting-${key}`}
                  className={`form-control ${key === 'siteName' && siteNameMissing ? 'is-invalid' : ''}`}
                  value={String(value(key) ?? '')}
                  required={key === 'siteName'}
                  maxLength={key === 'siteName' ? SITE_NAME_MAX_LENGTH : undefined}
                  aria-invalid={key === 'siteName' && siteNameMissing ? true : undefined}
                  aria-describedby={
                    key === 'siteName' && siteNameMissing ? 'setting-siteName-message' : undefined
                  }
                  onChange={(e) => {
                    if (key === 'siteName') setSiteNameMissing(false);
                    change(key, e.target.value);
                  }}
                />
                {key === 'siteName' && siteNameMissing && (
                  <div id="setting-siteName-message" className="invalid-feedback d-block">
                    {t('Enter a site name: it is shown in the header and the window title.')}
                  </div>
                )}
              </div>
            ))}
          </fieldset>
          <fieldset className="mb-4">
            <legend className="h6">{t('Receipts and invoices')}</legend>
            {SELLER_TEXTS.map(({ key, label, lines, hint }) => (
              <div className="mb-2" key={key}>
                <label className="form-label" htmlFor={`setting-${key}`}>
                  {t(label)}
                </label>
                {lines ? (
                  <textarea
                    id={`setting-${key}`}
                    className="form-control"
                    rows={lines}
                    value={String(value(key) ?? '')}
                    onChange={(e) => change(key, e.target.value)}
                  />
                ) : (
                  <input
                    id={`setting-${key}`}
                    className="form-control"
                    value={String(value(key) ?? '')}
                    list={key === 'shopTimeZone' ? 'setting-time-zones' : undefined}
                    aria-describedby={hint ? `setting-${key}-hint` : undefined}
                    onChange={(e) => change(key, e.target.value)}
                  />
                )}
                {hint && (
                  <div id={`setting-${key}-hint`} className="form-text">
                    {t(hint)}
                  </div>
                )}
              </div>
            ))}
            <datalist id="setting-time-zones">
              {TIME_ZONES.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </fieldset>
          {!readOnly && (
            <button type="submit" className="btn btn-primary" disabled={busy || !changed}>
              {t('Save')}
            </button>
          )}
        </fieldset>
      </form>
    </section>
  );
}
