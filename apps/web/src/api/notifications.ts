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

export function markNotificationsRead(ids: string[] | 'all'): Promise<{ Updated: number; Unread: number }> {
  return api.post('Notification', 'MarkRead', ids === 'all' ? { All: true } : { Ids: ids }, { silent: true });
}
