import { apiBaseUrl } from '../../../api/api';
import { session } from '../../../api/session';
import { notificationHubUrl, parseExportProgress } from '../../../engine/live';
import { useAppStore } from '../../../state/app-store';
import { emitImportProgress } from '../../../state/live-events';

/** How long an import waits for its own stream to open before it starts anyway. */
const OPEN_WAIT_MS = 2000;

/**
 * An import's progress comes over the live stream. Where the app's live connection is off (the
 * `hasSignalR` setting, off by default), the import opens a stream of its own to the hub for as
 * long as it runs, so that its progress still shows; answers the function that closes it.
 */
export async function followImportProgress(): Promise<() => void> {
  const liveOn = useAppStore.getState().dataFirstSetting?.UIAppConfig.hasSignalR === true;
  const token = session.token();
  if (liveOn || !token || typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(notificationHubUrl(apiBaseUrl(), token));
  source.addEventListener('import-progress', (event) => {
    const progress = parseExportProgress((event as MessageEvent<string>).data);
    if (progress) emitImportProgress(progress);
  });
  // The first batch's event must not go out before the stream is there to carry it.
  await new Promise<void>((resolve) => {
    const timer = window.setTimeout(resolve, OPEN_WAIT_MS);
    const done = () => {
      window.clearTimeout(timer);
      resolve();
    };
    source.addEventListener('open', done, { once: true });
    source.addEventListener('error', done, { once: true });
  });
  return () => source.close();
}
