import { describe, expect, it } from 'vitest';
import {
  idleConfigFrom,
  isOtherTabActivity,
  onActivity,
  onKeepSignedIn,
  onOtherTabActivity,
  onRefocus,
  onTick,
  secondsLeft,
  shouldCheckIdle,
  startChecking,
} from './idle-check';

const config = { idleMs: 10_000, intervalMs: 1000, countdownMs: 5000 };

describe('idle configuration', () => {
  it('uses 600 s / 5 s / 60 s by default', () => {
    expect(idleConfigFrom(null)).toEqual({ idleMs: 600_000, intervalMs: 5000, countdownMs: 60_000 });
  });

  it('takes the configured times only when hasCheckIdle is on', () => {
    const configured = { checkIdleSecond: 3, checkIdleInterval: 1, checkIdleCountdown: 4 };
    expect(idleConfigFrom({ ...configured, hasCheckIdle: false })).toEqual({
      idleMs: 600_000,
      intervalMs: 5000,
      countdownMs: 60_000,
    });
    expect(idleConfigFrom({ ...configured, hasCheckIdle: true })).toEqual({
      idleMs: 3000,
      intervalMs: 1000,
      countdownMs: 4000,
    });
  });

  it('does not start when _noCheckIdle is 1', () => {
    expect(shouldCheckIdle('1')).toBe(false);
    expect(shouldCheckIdle(null)).toBe(true);
    expect(shouldCheckIdle('0')).toBe(true);
  });
});

describe('idle state machine', () => {
  it('goes Check → Countdown at the deadline → Expired when the countdown ends', () => {
    let state = startChecking(0, config);
    state = onTick(state, 9_999, config);
    expect(state.status).toBe('check');
    state = onTick(state, 10_000, config);
    expect(state).toMatchObject({ status: 'countdown', countdownEndsAt: 15_000 });
    expect(secondsLeft(state, 10_000)).toBe(5);
    expect(secondsLeft(state, 12_600)).toBe(3);
    state = onTick(state, 14_999, config);
    expect(state.status).toBe('countdown');
    state = onTick(state, 15_000, config);
    expect(state.status).toBe('expired');
  });

  it('moves the deadline on activity while checking, not while the dialog is open', () => {
    let state = onActivity(startChecking(0, config), 8000, config);
    expect(state.deadline).toBe(18_000);
    state = onTick(state, 18_000, config);
    expect(onActivity(state, 19_000, config)).toBe(state);
  });

  it("'Keep me signed in' restarts checking", () => {
    expect(onKeepSignedIn(20_000, config)).toEqual({
      status: 'check',
      deadline: 30_000,
      countdownEndsAt: null,
    });
  });

  it('restarts and hides the warning on activity in another tab, but not after an expiry', () => {
    const countdown = onTick(startChecking(0, config), 10_000, config);
    expect(onOtherTabActivity(countdown, 11_000, config)).toEqual({
      status: 'check',
      deadline: 21_000,
      countdownEndsAt: null,
    });
    const expired = { ...countdown, status: 'expired' as const };
    expect(onOtherTabActivity(expired, 11_000, config)).toBe(expired);
  });

  it('restarts on refocus after an expiry only when signed in again', () => {
    const expired = { status: 'expired' as const, deadline: 0, countdownEndsAt: 5 };
    expect(onRefocus(expired, 100, config, false)).toBe(expired);
    expect(onRefocus(expired, 100, config, true).status).toBe('check');
  });

  it("recognises another tab's deadline key", () => {
    expect(isOtherTabActivity('IdleCheck-b', 'IdleCheck-a', '123')).toBe(true);
    expect(isOtherTabActivity('IdleCheck-a', 'IdleCheck-a', '123')).toBe(false);
    expect(isOtherTabActivity('Language', 'IdleCheck-a', 'vn')).toBe(false);
    expect(isOtherTabActivity('IdleCheck-b', 'IdleCheck-a', null)).toBe(false);
  });
});
