import { api } from './api';

export type NotificationItem = {
  Id: string;
  Title: string;
  Body: string;
  Url: string;
  CreatedAt: string;
  IsRead: boolean;
};

export function fetchNotifications(take = 10): Promise<{ Items: NotificationItem[]; Unread: number }> {
  return api.post('Notification', 'List', { Take: take }, { silent: true });
}

/** The latest unread notifications, asked quietly (a page without the live stream asks now and then). */
export function fetchUnreadNotifications(take = 20): Promise<{ Items: NotificationItem[]; Unread: number }> {
  return api.post(
    'Notification',
    'List',
    { Take: take, UnreadOnly: true },
    { silent: true, hideError: true },
  );
}

export function markNotificationsRead(ids: string[] | 'all'): Promise<{ Updated: number; Unread: number }> {
  return api.post('Notification', 'MarkRead', ids === 'all' ? { All: true } : { Ids: ids }, { silent: true });
}
