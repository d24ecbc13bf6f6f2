import { act, cleanup, render } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as notificationsApi from '../../api/notifications';
import { useAppStore } from '../../state/app-store';
import { NOTIFICATION_POLL_MS, NotificationPoll } from './notification-poll';

vi.mock('../../api/notifications', () => ({ fetchUnreadNotifications: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: { info: vi.fn() } }));
const api = vi.mocked(notificationsApi);

const notice = (id: string, title: string) => ({
  Id: id,
  Title: title,
  Body: 'Please check the price',
  Url: '/data/products?record=3',
  CreatedAt: '2026-11-27T06:00:00.000Z',
  IsRead: false,
});

const signedIn = (hub: boolean) =>
  useAppStore.setState({
    isAuthenticated: true,
    dataFirstSetting: { UIAppConfig: { hasSignalR: hub } } as never,
  });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
  useAppStore.setState({ isAuthenticated: false, dataFirstSetting: null });
});

describe('notifications without the live stream', () => {
  it('tells the notifications that come after the page opened, once each, in the order they came', async () => {
    signedIn(false);
    const older = notice('a', 'Already there');
    api.fetchUnreadNotifications
      .mockResolvedValueOnce({ Items: [older], Unread: 1 })
      .mockResolvedValueOnce({
        Items: [
          notice('c', 'Ann mentioned you on Products #4'),
          notice('b', 'Ann mentioned you on Products #3'),
          older,
        ],
        Unread: 3,
      })
      .mockResolvedValue({ Items: [notice('c', 'x'), notice('b', 'x'), older], Unread: 3 });
    render(<NotificationPoll />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.fetchUnreadNotifications).toHaveBeenCalledTimes(1);
    expect(toast.info).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS));
    expect(vi.mocked(toast.info).mock.calls.map(([text]) => text)).toEqual([
      'Ann mentioned you on Products #3: Please check the price',
      'Ann mentioned you on Products #4: Please check the price',
    ]);
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS));
    expect(api.fetchUnreadNotifications).toHaveBeenCalledTimes(3);
    expect(toast.info).toHaveBeenCalledTimes(2);
  });

  it('asks nothing when the live stream is on (it tells at once)', async () => {
    signedIn(true);
    render(<NotificationPoll />);
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS * 2));
    expect(api.fetchUnreadNotifications).not.toHaveBeenCalled();
  });
});
