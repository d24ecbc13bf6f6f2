import type { UIAppConfig } from '@panelwright/contract';
import { APP_DEFAULTS } from '@panelwright/contract/constants';

/** Check: watching; Countdown: the warning dialog is open; Expired: the user was logged out. */
export type IdleStatus = 'check' | 'countdown' | 'expired';

export type IdleConfig = { idleMs: number; intervalMs: number; countdownMs: number };

export type IdleState = {
  status: IdleStatus;
  /** When this tab becomes idle (epoch ms), unless activity moves it. */
  deadline: number;
  /** When the countdown reaches 0 (epoch ms); set only in Countdown. */
  countdownEndsAt: number | null;
};

/** Activity is debounced by 500 ms; the countdown display refreshes every 500 ms. */
export const IDLE_ACTIVITY_DEBOUNCE_MS = 500;
export const IDLE_COUNTDOWN_REFRESH_MS = 500;
/** Per-tab deadlines live in shared storage under this prefix, one key per tab. */
export const IDLE_STORAGE_PREFIX = 'IdleCheck-';
/** Checking does not start when this storage flag is '1'. */
export const NO_CHECK_IDLE_FLAG = '_noCheckIdle';

export const IDLE_TEXTS = {
  aboutToExpire: 'Your session is about to expire',
  expired: 'Your session expired',
  signMeOut: 'Sign me out',
  keepMeSignedIn: 'Keep me signed in',
  backToSignIn: 'Back to sign in',
  /** Said with `count`: the locale files hold its `_one` and `_other` forms ("1 second"). */
  countdown: 'You will be signed out in {{count}} seconds.',
  expiredText: 'You were signed out because you were inactive.',
} as const;

/** Defaults 600 s idle, 5 s interval, 60 s countdown; the configured values apply when hasCheckIdle is on. */
export function idleConfigFrom(config: Partial<UIAppConfig> | null | undefined): IdleConfig {
  const use = config?.hasCheckIdle === true;
  const pick = (value: number | undefined, fallback: number) =>
    use && typeof value === 'number' && value > 0 ? value : fallback;
  return {
    idleMs: pick(config?.checkIdleSecond, APP_DEFAULTS.idleSecond) * 1000,
    intervalMs: pick(config?.checkIdleInterval, APP_DEFAULTS.idleInterval) * 1000,
    countdownMs: pick(config?.checkIdleCountdown, APP_DEFAULTS.idleCountdown) * 1000,
  };
}

export function shouldCheckIdle(noCheckIdleFlag: string | null): boolean {
  return noCheckIdleFlag !== '1';
}

export function startChecking(now: number, config: IdleConfig): IdleState {
  return { status: 'check', deadline: now + config.idleMs, countdownEndsAt: null };
}

/** This tab's own activity moves the deadline while checking; an open dialog needs a button. */
export function onActivity(state: IdleState, now: number, config: IdleConfig): IdleState {
  return state.status === 'check' ? startChecking(now, config) : state;
}

/** Activity in another tab restarts checking here and hides the warning; an expiry stays. */
export function onOtherTabActivity(state: IdleState, now: number, config: IdleConfig): IdleState {
  return state.status === 'expired' ? state : startChecking(now, config);
}

/** A timer tick: past the deadline the countdown starts; at its end the session expires. */
export function onTick(state: IdleState, now: number, config: IdleConfig): IdleState {
  if (state.status === 'check' && now >= state.deadline) {
    return { ...state, status: 'countdown', countdownEndsAt: now + config.countdownMs };
  }
  if (state.status === 'countdown' && state.countdownEndsAt !== null && now >= state.countdownEndsAt) {
    return { ...state, status: 'expired' };
  }
  return state;
}

/** 'Keep me signed in'. */
export function onKeepSignedIn(now: number, config: IdleConfig): IdleState {
  return startChecking(now, config);
}

/** Back on the tab after an expiry: if the user signed in again meanwhile, checking restarts. */
export function onRefocus(state: IdleState, now: number, config: IdleConfig, signedIn: boolean): IdleState {
  return state.status === 'expired' && signedIn ? startChecking(now, config) : state;
}

/** Whole seconds left on the countdown, for the dialog. */
export function secondsLeft(state: IdleState, now: number): number {
  if (state.status !== 'countdown' || state.countdownEndsAt === null) return 0;
  return Math.max(0, Math.ceil((state.countdownEndsAt - now) / 1000));
}

/** Whether a storage change is another tab's activity (its deadline key moved). */
export function isOtherTabActivity(key: string | null, ownKey: string, newValue: string | null): boolean {
  return key !== null && key !== ownKey && key.startsWith(IDLE_STORAGE_PREFIX) && newValue !== null;
}
