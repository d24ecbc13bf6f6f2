import type { WebhookDeliveryItem } from '@panelwright/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDeliveries, redeliver } from '../../api/integrations';
import { ListState } from '../../components/list-state/list-state';
import { DATA_TEXT } from '../../i18n';
import { shownTime } from './format';

const STATUS_CLASS: Record<string, string> = {
  pending: 'text-bg-warning',
  delivered: 'text-bg-success',
  failed: 'text-bg-danger',
};

/** The delivery log: newest first, 50 a page, with Redeliver; empty, a way to the webhooks. */
export function DeliveriesTab({ onShowWebhooks }: { onShowWebhooks: () => void }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: ['WebhookDeliveries', page],
    queryFn: () => fetchDeliveries(page),
    refetchInterval: 5_000,
  });
  const pages = Math.max(1, Math.ceil((log.data?.Total ?? 0) / 50));

  const again = async (item: WebhookDeliveryItem) => {
    try {
      await redeliver(item.Id);
      await client.invalidateQueries({ queryKey: ['WebhookDeliveries'] });
    } catch {
      // The API client has shown the reason.
    }
  };

  const rows = log.data?.Data ?? [];
  return (
    <ListState
      query={log}
      count={log.data?.Data.length}
      failure={t('The delivery log could not be loaded.')}
      empty={{
        icon: 'send',
        text: t('No deliveries yet.'),
        action: (
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={onShowWebhooks}>
            {t('See the webhooks')}
          </button>
        ),
      }}
    >
      <div className="table-responsive position-relative">
        <table className="table table-sm table-hover align-middle">
          <caption className="visually-hidden">{t('Delivery log')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('Status')}</th>
              <th scope="col">{t('Time')}</th>
              <th scope="col">{t('Event')}</th>
              <th scope="col">{t('Record')}</th>
              <th scope="col" className="text-end">
                {t('Response')}
              </th>
              <th scope="col" className="text-end">
                {t('Time taken')}
              </th>
              <th scope="col" className="text-end">
                {t('Attempts')}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t('Actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((item) => (
              <tr key={item.Id}>
                <td>
                  <span className={`badge ${STATUS_CLASS[item.Status] ?? 'text-bg-secondary'}`}>
                    {t(`delivery-status-${item.Status}`)}
                  </span>
                  {item.LastError && item.Status !== 'delivered' && (
                    <div className="small text-body-secondary text-break" {...DATA_TEXT}>
                      {item.LastError}
                    </div>
                  )}
                </td>
                <td className="text-nowrap">{shownTime(item.CreatedAt, i18n.language)}</td>
                <td>{t(`event-${item.Event}`)}</td>
                <td className="text-nowrap" {...DATA_TEXT}>
                  {item.Resource} {item.RecordId ? `#${item.RecordId}` : ''}
                </td>
                <td className="text-end">{item.ResponseCode ?? '—'}</td>
                <td className="text-end text-nowrap">
                  {item.DurationMs === null ? '—' : `${item.DurationMs} ms`}
                </td>
                <td className="text-end">{item.Attempts}</td>
                <td className="text-end">
                  <button
                    type="button"
                    className="btn btn-sm border border-primary-subtle text-primary-emphasis text-nowrap"
                    aria-label={t('Redeliver {{event}} of {{record}}', {
                      event: t(`event-${item.Event}`),
                      record: `${item.Resource} #${item.RecordId ?? ''}`,
                    })}
                    onClick={() => void again(item)}
                  >
                    {t('Redeliver')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav className="d-flex gap-2 align-items-center" aria-label={t('Pages of the delivery log')}>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('Previous')}
          </button>
          <span>{t('Page {{page}} of {{pages}}', { page, pages })}</span>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('Next')}
          </button>
        </nav>
      )}
    </ListState>
  );
}
