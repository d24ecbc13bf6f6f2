import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { keepAlive } from '../../api/account';
import { session } from '../../api/session';
import { preloadable } from '../../components/preloadable';
import {
  IDLE_ACTIVITY_DEBOUNCE_MS,
  IDLE_COUNTDOWN_REFRESH_MS,
  type IdleState,
  idleConfigFrom,
  isOtherTabActivity,
  NO_CHECK_IDLE_FLAG,
  onActivity,
  onKeepSignedIn,
  onOtherTabActivity,
  onRefocus,
  onTick,
  secondsLeft,
  shouldCheckIdle,
  startChecking,
} from '../../engine/idle-check';
import { setAppState, useAppStore } from '../../state/app-store';
import { idleTabKey, writeIdleDeadline } from '../../state/idle-storage';
import { expireSession, logout } from '../../state/session-actions';

// Fetched when checking starts: the expiry dialog must appear even if the server is unreachable then.
const { Component: IdleDialog, preload: preloadIdleDialog } = preloadable(() => import('./idle-dialog'));
const ACTIVITY_EVENTS = ['mousemove', 'touchmove', 'keydown'] as const;
/** The server is told about activity at most this often (and more often for short idle limits). */
const KEEP_ALIVE_EVERY_MS = 60_000;

/**
 * The idle check of part 1 section 4: Check → Countdown (dialog) → Expired. Each tab keeps its
 * deadline in shared storage; another tab's activity restarts this one's checking.
 */
export function IdleCheck() {
  const isAuthenticated = useAppStore((s) => s.isAuthenticated);
  const uiConfig = useAppStore((s) => s.dataFirstSetting?.UIAppConfig);
  const config = useMemo(() => idleConfigFrom(uiConfig), [uiConfig]);
  const [state, setState] = useState<IdleState | null>(null);
  const [now, setNow] = useState(Date.now());
  const lastKeepAlive = useRef(0);

  const apply = useCallback(
    (next: (current: IdleState) => IdleState) =>
      setState((current) => {
        if (!current) return current;
        const updated = next(current);
        if (updated.status === 'check' && updated.deadline !== current.deadline)
          writeIdleDeadline(updated.deadline);
        if (updated.status === 'expired' && current.status !== 'expired') void expireSession();
        return updated;
      }),
    [],
  );

  // Start watching when a user is signed in (unless _noCheckIdle says not to).
  useEffect(() => {
    if (isAuthenticated && shouldCheckIdle(localStorage.getItem(NO_CHECK_IDLE_FLAG))) {
      const started = startChecking(Date.now(), config);
      preloadIdleDialog();
      writeIdleDeadline(started.deadline);
      setState(started);
    } else {
      setState((current) => (current?.status === 'expired' ? current : null));
    }
  }, [isAuthenticated, config]);

  const watching = state !== null;
  useEffect(() => {
    if (!watching) return;
    const tick = window.setInterval(() => apply((s) => onTick(s, Date.now(), config)), config.intervalMs);
    let debounce: number | undefined;
    const onUserActivity = () => {
      window.clearTimeout(debounce);
      debounce = window.setTimeout(() => {
        apply((s) => onActivity(s, Date.now(), config));
        if (
          Date.now() - lastKeepAlive.current > Math.min(KEEP_ALIVE_EVERY_MS, config.idleMs / 4) &&
          session.isLoggedIn()
        ) {
          lastKeepAlive.current = Date.now();
          void keepAlive();
        }
      }, IDLE_ACTIVITY_DEBOUNCE_MS);
    };
    const onStorage = (event: StorageEvent) => {
      if (isOtherTabActivity(event.key, idleTabKey(), event.newValue))
        apply((s) => onOtherTabActivity(s, Date.now(), config));
    };
    const onFocus = () => {
      if (document.visibilityState !== 'visible') return;
      const signedIn = session.isLoggedIn();
      apply((s) => onRefocus(s, Date.now(), config, signedIn));
      if (signedIn) setAppState({ isAuthenticated: true });
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onUserActivity, { passive: true });
    window.addEventListener('storage', onStorage);
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(debounce);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onUserActivity);
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, [watching, config, apply]);

  // The countdown display refreshes every 500 ms.
  useEffect(() => {
    if (state?.status !== 'countdown') return;
    const refresh = window.setInterval(() => setNow(Date.now()), IDLE_COUNTDOWN_REFRESH_MS);
    return () => window.clearInterval(refresh);
  }, [state?.status]);

  if (!state || state.status === 'check') return null;
  return (
    <Suspense fallback={null}>
      <IdleDialog
        status={state.status}
        seconds={secondsLeft(state, Math.max(now, Date.now()))}
        onKeepSignedIn={() => apply(() => onKeepSignedIn(Date.now(), config))}
        onSignOut={() => void logout().then(() => window.location.reload())}
        onBackToSignIn={() => window.location.reload()}
      />
    </Suspense>
  );
}
