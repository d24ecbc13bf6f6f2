import type { WebhookEvent, WebhookItem } from '@panelwright/contract';
import { WEBHOOK_EVENTS } from '@panelwright/contract/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createWebhook,
  deleteWebhook,
  fetchRoleCodes,
  fetchWebhooks,
  fetchWebhookTargets,
  updateWebhook,
} from '../../api/integrations';
import { ListState } from '../../components/list-state/list-state';
import { confirmDialog } from '../../components/modal-host/modal-store';
import { DATA_TEXT } from '../../i18n';

/** The webhooks, a form for a new one, switching one off and deleting it. */
export function WebhooksTab() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const hooks = useQuery({ queryKey: ['Webhooks'], queryFn: fetchWebhooks });
  const targets = useQuery({
    queryKey: ['WebhookTargets'],
    queryFn: fetchWebhookTargets,
    staleTime: 300_000,
  });
  const roleCodes = useQuery({
    queryKey: ['RoleCodes', true],
    queryFn: async () => (await fetchRoleCodes()) ?? [],
  });
  const [target, setTarget] = useState('');
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [role, setRole] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['created', 'updated', 'deleted']);
  const [busy, setBusy] = useState(false);
  const reload = () => client.invalidateQueries({ queryKey: ['Webhooks'] });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await createWebhook({
        Target: target.trim(),
        Url: url.trim(),
        Secret: secret,
        Events: events,
        ...(role ? { Role: role } : {}),
      });
      setTarget('');
      setUrl('');
      setSecret('');
      await reload();
    } catch {
      // The API client has shown the reason.
    } finally {
      setBusy(false);
    }
  };

  const toggle = async (item: WebhookItem) => {
    try {
      await updateWebhook({ Id: item.Id, IsActive: !item.IsActive });
      await reload();
    } catch {
      // The API client has shown the reason.
    }
  };

  const remove = async (item: WebhookItem) => {
    const sure = await confirmDialog({
      title: t('Delete webhook'),
      message: t('Delete the webhook to {{url}} and its delivery log?', { url: item.Url }),
      okText: t('Delete'),
    });
    if (!sure) return;
    try {
      await deleteWebhook(item.Id);
      await reload();
    } catch {
      // The API client has shown the reason.
    }
  };

  return (
    <>
      <form className="card card-body mb-3" onSubmit={submit} aria-labelledby="new-hook-title">
        <h2 className="h6 mb-3" id="new-hook-title">
          {t('New webhook')}
        </h2>
        <div className="row g-2">
          <div className="col-12 col-md-3">
            <label className="form-label" htmlFor="hook-target">
              {t('Resource (APIName)')}
            </label>
            <select
              id="hook-target"
              className="form-select"
              required
              value={target}
              onChange={(e) => setTarget(e.target.value)}
            >
              <option value="">{t('Choose a resource')}</option>
              {(targets.data ?? []).map((apiName) => (
                <option key={apiName} value={apiName} {...DATA_TEXT}>
                  {apiName}
                </option>
              ))}
            </select>
          </div>
          <div className="col-12 col-md-5">
            <label className="form-label" htmlFor="hook-url">
              {t('Target URL')}
            </label>
            <input
              id="hook-url"
              className="form-control"
              type="url"
              placeholder="https://example.com/hooks/panelwright"
              required
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          </div>
          <div className="col-6 col-md-2">
            <label className="form-label" htmlFor="hook-secret">
              {t('Secret')}
            </label>
            <input
              id="hook-secret"
              className="form-control"
              type="password"
              autoComplete="new-password"
              minLength={16}
              required
              aria-describedby="hook-secret-help"
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
            />
          </div>
          <div className="col-6 col-md-2">
            <label className="form-label" htmlFor="hook-role">
              {t('Fields of role')}
            </label>
            <select
              id="hook-role"
              className="form-select"
              value={role}
              onChange={(e) => setRole(e.target.value)}
            >
              <option value="">{t('My role')}</option>
              {(roleCodes.data ?? []).map((code) => (
                <option key={code} value={code} {...DATA_TEXT}>
                  {code}
                </option>
              ))}
            </select>
          </div>
        </div>
        <fieldset className="mt-2">
          <legend className="form-label fs-6 mb-1">{t('Events')}</legend>
          {WEBHOOK_EVENTS.map((name) => (
            <div className="form-check form-check-inline" key={name}>
              <input
                id={`hook-event-${name}`}
                className="form-check-input"
                type="checkbox"
                checked={events.includes(name)}
                onChange={(e) =>
                  setEvents((list) =>
                    e.target.checked ? [...list, name] : list.filter((item) => item !== name),
                  )
                }
              />
              <label className="form-check-label" htmlFor={`hook-event-${name}`}>
                {t(`event-${name}`)}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="d-flex flex-wrap gap-2 align-items-center mt-2">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || events.length === 0 || target === ''}
          >
            {t('Add webhook')}
          </button>
          <span id="hook-secret-help" className="form-text m-0">
            {t('At least 16 characters; each delivery is signed with it (Panelwright-Signature).')}
          </span>
        </div>
      </form>

      <ListState
        query={hooks}
        count={hooks.data?.length}
        failure={t('The webhooks could not be loaded.')}
        empty={{
          icon: 'broadcast',
          text: t('No webhooks yet.'),
          action: (
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              onClick={() => document.getElementById('hook-target')?.focus()}
            >
              {t('Set up the first webhook')}
            </button>
          ),
        }}
      >
        <div className="table-responsive position-relative">
          <table className="table table-sm table-hover align-middle">
            <caption className="visually-hidden">{t('Webhooks')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Resource')}</th>
                <th scope="col">{t('Events')}</th>
                <th scope="col">{t('Target URL')}</th>
                <th scope="col">{t('Role')}</th>
                <th scope="col">{t('Active')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('Actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(hooks.data ?? []).map((item) => (
                <tr key={item.Id}>
                  <td className="fw-semibold" {...DATA_TEXT}>
                    {item.Target}
                  </td>
                  <td>{item.Events.map((name) => t(`event-${name}`)).join(', ')}</td>
                  <td className="text-break">
                    <code {...DATA_TEXT}>{item.Url}</code>
                  </td>
                  <td {...DATA_TEXT}>{item.Role}</td>
                  <td>
                    <div className="form-check form-switch m-0">
                      <input
                        className="form-check-input"
                        type="checkbox"
                        role="switch"
                        id={`hook-active-${item.Id}`}
                        checked={item.IsActive}
                        aria-checked={item.IsActive}
                        aria-label={t('Active: {{url}}', { url: item.Url })}
                        onChange={() => void toggle(item)}
                      />
                    </div>
                  </td>
                  <td className="text-end">
                    <button
                      type="button"
                      className="btn btn-sm border border-danger-subtle text-danger-emphasis"
                      aria-label={t('Delete the webhook to {{url}}', { url: item.Url })}
                      onClick={() => void remove(item)}
                    >
                      {t('Delete')}
                    </button>
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
