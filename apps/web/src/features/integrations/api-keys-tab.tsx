import type { ApiKeyItem } from '@panelwright/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createApiKey, fetchApiKeys, fetchRoleCodes, revokeApiKey } from '../../api/integrations';
import { ListState } from '../../components/list-state/list-state';
import { confirmDialog } from '../../components/modal-host/modal-store';
import { showSecret } from '../../components/secret-dialog/secret-dialog';
import { DATA_TEXT } from '../../i18n';
import { shownTime } from './format';

const STATUS_CLASS: Record<ApiKeyItem['Status'], string> = {
  active: 'text-bg-success',
  expired: 'text-bg-secondary',
  revoked: 'text-bg-danger',
};

/** The keys, a form for a new one, and the new key shown once in the product's secret dialog. */
export function ApiKeysTab({ isAdmin, ownRoles }: { isAdmin: boolean; ownRoles: string[] }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const keys = useQuery({ queryKey: ['ApiKeys'], queryFn: fetchApiKeys });
  const roleCodes = useQuery({
    queryKey: ['RoleCodes', isAdmin],
    queryFn: async () => (isAdmin ? ((await fetchRoleCodes()) ?? ownRoles) : ownRoles),
  });
  const [name, setName] = useState('');
  const [role, setRole] = useState('');
  const [expires, setExpires] = useState('');
  const [addresses, setAddresses] = useState('');
  const [busy, setBusy] = useState(false);
  const roles = roleCodes.data ?? [];
  // No role is chosen for the user: a key gets the role someone picked, never the first in a list.
  const chosenRole = role;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || name.trim() === '' || chosenRole === '') return;
    setBusy(true);
    try {
      const created = await createApiKey({
        Name: name.trim(),
        Role: chosenRole,
        ExpiresAt: expires ? new Date(`${expires}T23:59:59`).toISOString() : null,
        AllowedAddresses: addresses
          .split(/[\s,]+/)
          .map((part) => part.trim())
          .filter(Boolean),
      });
      showSecret(t('Your new key'), {
        label: t('Key'),
        value: created.Key,
        message: `${t('Copy the key {{name}} now: it is shown only once and cannot be read again.', {
          name: created.Name,
        })} ${t('Use it as the header Authorization: Bearer <key>.')}`,
      });
      setName('');
      setRole('');
      setExpires('');
      setAddresses('');
      await client.invalidateQueries({ queryKey: ['ApiKeys'] });
    } catch {
      // The API client has shown the reason.
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (item: ApiKeyItem) => {
    const sure = await confirmDialog({
      title: t('Revoke key'),
      message: t('Revoke the key {{name}}? Whatever uses it stops working at once.', { name: item.Name }),
      okText: t('Revoke'),
    });
    if (!sure) return;
    try {
      await revokeApiKey(item.Id);
      await client.invalidateQueries({ queryKey: ['ApiKeys'] });
    } catch {
      // The API client has shown the reason.
    }
  };

  return (
    <>
      <form className="card card-body mb-3" onSubmit={submit} aria-labelledby="new-key-title">
        <h2 className="h6 mb-3" id="new-key-title">
          {t('New API key')}
        </h2>
        <div className="row g-2 align-items-end">
          <div className="col-12 col-md-3">
            <label className="form-label" htmlFor="key-name">
              {t('Name')}
            </label>
            <input
              id="key-name"
              className="form-control"
              value={name}
              maxLength={100}
              required
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div className="col-6 col-md-2">
            <label className="form-label" htmlFor="key-role">
              {t('Role')}
            </label>
            <select
              id="key-role"
              className="form-select"
              value={chosenRole}
              required
              onChange={(e) => setRole(e.target.value)}
            >
              <option value="">{t('Choose a role')}</option>
              {roles.map((code) => (
                <option key={code} value={code} {...DATA_TEXT}>
                  {code}
                </option>
              ))}
            </select>
          </div>
          <div className="col-6 col-md-2">
            <label className="form-label" htmlFor="key-expires">
              {t('Expires on')}
            </label>
            <input
              id="key-expires"
              className="form-control"
              type="date"
              value={expires}
              onChange={(e) => setExpires(e.target.value)}
            />
          </div>
          <div className="col-12 col-md-3">
            <label className="form-label" htmlFor="key-addresses">
              {t('Allowed addresses')}
            </label>
            <input
              id="key-addresses"
              className="form-control"
              placeholder="203.0.113.7, 10.0.0.0/8"
              aria-describedby="key-addresses-help"
              value={addresses}
              onChange={(e) => setAddresses(e.target.value)}
            />
          </div>
          <div className="col-12 col-md-2 d-grid">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={busy || name.trim() === '' || chosenRole === ''}
            >
              {t('Create key')}
            </button>
          </div>
        </div>
        <div id="key-addresses-help" className="form-text">
          {t('Empty: any address. No expiry date: the key works until it is revoked.')}
        </div>
      </form>

      <ListState
        query={keys}
        count={keys.data?.length}
        failure={t('The API keys could not be loaded.')}
        empty={{
          icon: 'key',
          text: t('No API keys yet.'),
          action: (
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              onClick={() => document.getElementById('key-name')?.focus()}
            >
              {t('Name your first key')}
            </button>
          ),
        }}
      >
        <div className="table-responsive position-relative">
          <table className="table table-sm table-hover align-middle">
            <caption className="visually-hidden">{t('API keys')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Name')}</th>
                <th scope="col">{t('Key')}</th>
                <th scope="col">{t('Role')}</th>
                {isAdmin && <th scope="col">{t('Owner')}</th>}
                <th scope="col">{t('Expires')}</th>
                <th scope="col">{t('Last used')}</th>
                <th scope="col">{t('Status')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('Actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(keys.data ?? []).map((item) => (
                <tr key={item.Id}>
                  <td className="fw-semibold" {...DATA_TEXT}>
                    {item.Name}
                  </td>
                  <td>
                    <code {...DATA_TEXT}>{item.Prefix}…</code>
                  </td>
                  <td {...DATA_TEXT}>{item.Role}</td>
                  {isAdmin && <td {...DATA_TEXT}>{item.Owner}</td>}
                  <td className="text-nowrap">
                    {item.ExpiresAt ? shownTime(item.ExpiresAt, i18n.language) : t('Never')}
                  </td>
                  <td className="text-nowrap">
                    {item.LastUsedAt ? (
                      <>
                        {shownTime(item.LastUsedAt, i18n.language)}
                        <div className="small text-body-secondary" {...DATA_TEXT}>
                          {item.LastUsedIp}
                        </div>
                      </>
                    ) : (
                      t('Not used yet')
                    )}
                  </td>
                  <td>
                    <span className={`badge ${STATUS_CLASS[item.Status]}`}>
                      {t(`key-status-${item.Status}`)}
                    </span>
                  </td>
                  <td className="text-end">
                    {item.Status === 'active' && (
                      <button
                        type="button"
                        className="btn btn-sm border border-danger-subtle text-danger-emphasis"
                        aria-label={t('Revoke the key {{name}}', { name: item.Name })}
                        onClick={() => void revoke(item)}
                      >
                        {t('Revoke')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListState>
    </>
  );
}
