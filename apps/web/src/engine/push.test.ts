import { describe, expect, it } from 'vitest';
import { PUSH_ANSWERS, readPushAnswer, shouldShowPushPrompt, vapidKeyBytes } from './push';

describe('push prompt', () => {
  it('stores 1, 2, -1, -2, -3', () => {
    expect(PUSH_ANSWERS).toEqual({
      subscribed: 1,
      maybeLater: 2,
      subscribeError: -1,
      unsupported: -2,
      denied: -3,
    });
    expect(readPushAnswer('1')).toBe(1);
    expect(readPushAnswer('-3')).toBe(-3);
    expect(readPushAnswer('7')).toBeNull();
    expect(readPushAnswer(null)).toBeNull();
    expect(readPushAnswer('')).toBeNull();
  });

  it('shows only with push notify on, no prompt already there and no subscription', () => {
    expect(shouldShowPushPrompt(true, null, false)).toBe(true);
    expect(shouldShowPushPrompt(true, 2, false)).toBe(true);
    expect(shouldShowPushPrompt(true, -3, false)).toBe(true);
    expect(shouldShowPushPrompt(true, 1, false)).toBe(false);
    expect(shouldShowPushPrompt(false, null, false)).toBe(false);
    expect(shouldShowPushPrompt(true, null, true)).toBe(false);
  });

  it('decodes the base64url VAPID key', () => {
    expect([...vapidKeyBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });
});
