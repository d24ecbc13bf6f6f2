import { useEffect } from 'react';
import { fetchUnreadNotifications } from '../../api/notifications';
import { useAppStore } from '../../state/app-store';
import { showNotificationToast } from './notification-toast';

/** How often a signed-in page without the live stream asks for notifications that came since. */
export const NOTIFICATION_POLL_MS = 10_000;

/**
 * Notifications without the live stream (`hasSignalR` off, the default): the page notes the unread
 * ones there are when it opens, then asks every 10 s while it is visible (and when it becomes visible
 * again) and tells each new one as the live stream would, in a toast. A mention of a user in a
 * record's comments so reaches them while they work, whether the hub is on or not.
 */
export function NotificationPoll() {
  const enabled = useAppStore(
    (s) =>
      s.isAuthenticated && s.dataFirstSetting !== null && s.dataFirstSetting?.UIAppConfig.hasSignalR !== true,
  );
  const loginCount = useAppStore((s) => s.loginRefreshCount);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new login starts from its own notifications
  useEffect(() => {
    if (!enabled) return;
    let known: Set<string> | null = null;
    let stopped = false;
    let asking = false;
    const ask = async () => {
      if (asking) return;
      asking = true;
      try {
        const { Items } = await fetchUnreadNotifications();
        if (stopped) return;
        // Newest first in the answer: told oldest first, as they came.
        if (known)
          for (const item of [...Items].reverse()) if (!known.has(item.Id)) showNotificationToast(item);
        known = new Set([...(known ?? []), ...Items.map((item) => item.Id)]);
      } catch {
        // Asked again at the next tick.
      } finally {
        asking = false;
      }
    };
    const tick = () => {
      if (document.visibilityState === 'visible') void ask();
    };
    void ask();
    const timer = window.setInterval(tick, NOTIFICATION_POLL_MS);
    document.addEventListener('visibilitychange', tick);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [enabled, loginCount]);

  return null;
}
