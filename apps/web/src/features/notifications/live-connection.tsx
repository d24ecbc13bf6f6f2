import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiBaseUrl } from '../../api/api';
import { session } from '../../api/session';
import {
  liveBackoffMs,
  notificationHubUrl,
  parseCommentsChanged,
  parseConfigChanged,
  parseDataChanged,
  parseExportProgress,
  parseNotification,
} from '../../engine/live';
import { useAppStore } from '../../state/app-store';
import { noteConfigVersion } from '../../state/configuration-version';
import {
  emitCommentsChanged,
  emitDataChanged,
  emitExportProgress,
  emitImportProgress,
} from '../../state/live-events';
import { handleUnauthorized } from '../../state/session-actions';
import { showNotificationToast } from './notification-toast';

/**
 * The live connection (Server-Sent Events), only when `hasSignalR` is on and a user is signed in:
 * notifications become toasts and a fresh unread count; data changes reach the open lists.
 * A dropped connection comes back with back-off.
 */
export function LiveConnection() {
  const enabled = useAppStore(
    (s) => s.isAuthenticated && s.dataFirstSetting?.UIAppConfig.hasSignalR === true,
  );
  const loginCount = useAppStore((s) => s.loginRefreshCount);
  const queryClient = useQueryClient();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new login opens a new connection
  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let attempt = 0;
    let retry: number | undefined;
    let stopped = false;
    const connect = () => {
      const token = session.token();
      if (!token || stopped) return;
      source = new EventSource(notificationHubUrl(apiBaseUrl(), token));
      source.onopen = () => {
        attempt = 0;
      };
      source.addEventListener('notification', (event) => {
        const notification = parseNotification((event as MessageEvent<string>).data);
        if (!notification) return;
        showNotificationToast(notification);
        void queryClient.invalidateQueries({ queryKey: ['Notifications'] });
      });
      source.addEventListener('data-changed', (event) => {
        const change = parseDataChanged((event as MessageEvent<string>).data);
        if (change) emitDataChanged(change);
      });
      // A record's thread changed: an open thread reads it again.
      source.addEventListener('comments-changed', (event) => {
        const change = parseCommentsChanged((event as MessageEvent<string>).data);
        if (change) emitCommentsChanged(change);
      });
      // The server ended this session (the user was disabled, or signed out elsewhere): sign out now.
      source.addEventListener('session-ended', () => {
        stopped = true;
        source?.close();
        handleUnauthorized();
      });
      // A new configuration was published: routes, menus, texts and screens are read again.
      source.addEventListener('config-changed', (event) => {
        const version = parseConfigChanged((event as MessageEvent<string>).data);
        if (version !== null) void noteConfigVersion(version);
      });
      source.addEventListener('export-progress', (event) => {
        const progress = parseExportProgress((event as MessageEvent<string>).data);
        if (progress) emitExportProgress(progress);
      });
      // An import's progress has the shape of an export's.
      source.addEventListener('import-progress', (event) => {
        const progress = parseExportProgress((event as MessageEvent<string>).data);
        if (progress) emitImportProgress(progress);
      });
      source.onerror = () => {
        // The browser's own retry is replaced by ours, so that retries back off.
        source?.close();
        source = null;
        if (stopped) return;
        retry = window.setTimeout(connect, liveBackoffMs(attempt));
        attempt += 1;
      };
    };
    connect();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      source?.close();
    };
  }, [enabled, loginCount, queryClient]);

  return null;
}
