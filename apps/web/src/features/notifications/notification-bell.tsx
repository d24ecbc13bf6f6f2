import { useQuery, useQueryClient } from '@tanstack/react-query';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchNotifications, markNotificationsRead, type NotificationItem } from '../../api/notifications';
import { isSafeMenuUrl } from '../../engine/menu';
import { useAppStore } from '../../state/app-store';

/** The header's bell: the unread count and the latest notifications. */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const enabled = useAppStore((s) => s.dataFirstSetting?.UIAppConfig.hasSignalR === true);
  const list = useQuery({ queryKey: ['Notifications'], queryFn: () => fetchNotifications(10), enabled });
  if (!enabled) return null;
  const unread = list.data?.Unread ?? 0;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['Notifications'] });

  const open = async (item: NotificationItem) => {
    if (!item.IsRead) await markNotificationsRead([item.Id]).catch(() => {});
    refresh();
    if (item.Url && isSafeMenuUrl(item.Url)) {
      if (item.Url.startsWith('/')) navigate(item.Url);
      else window.open(item.Url, '_blank', 'noopener');
    }
  };

  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="ghost"
        size="sm"
        className="no-caret position-relative"
        aria-label={t('Notifications, {{count}} unread', { count: unread })}
      >
        <i className="bi bi-bell" aria-hidden="true" />
        {unread > 0 && (
          <span
            className="position-absolute top-0 start-100 translate-middle badge rounded-pill bg-danger"
            data-testid="unread-count"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Dropdown.Toggle>
      <Dropdown.Menu style={{ minWidth: 300 }}>
        <div className="dropdown-header d-flex justify-content-between align-items-center">
          <span>{t('Notifications')}</span>
          {unread > 0 && (
            <button
              type="button"
              className="btn btn-link btn-sm p-0"
              onClick={() => void markNotificationsRead('all').then(refresh)}
            >
              {t('Mark all as read')}
            </button>
          )}
        </div>
        {(list.data?.Items ?? []).map((item) => (
          <Dropdown.Item
            as="button"
            key={item.Id}
            onClick={() => void open(item)}
            className={item.IsRead ? '' : 'fw-semibold'}
          >
            <div className="text-truncate">{item.Title}</div>
            {item.Body && <div className="small text-secondary text-truncate">{item.Body}</div>}
          </Dropdown.Item>
        ))}
        {list.data?.Items.length === 0 && (
          <Dropdown.ItemText className="text-secondary">{t('No data')}</Dropdown.ItemText>
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}
