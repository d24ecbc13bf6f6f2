import { describe, expect, it } from 'vitest';
import { MAX_PUSH_PAYLOAD_BYTES, pushPayload } from './service';

const event = { Id: 'id-1', Title: 'Title', Body: 'short', Url: '/x', CreatedAt: '2026-01-01T00:00:00.000Z' };

describe('pushPayload', () => {
  it('is the notification event as JSON when it fits', () => {
    expect(JSON.parse(pushPayload(event))).toEqual(event);
  });

  it('shortens the body of a notification that would not fit in a push, multi-byte text included', () => {
    for (const Body of ['x'.repeat(5000), 'ệ'.repeat(2000), '"\n'.repeat(1500), '😀'.repeat(1500)]) {
      const payload = pushPayload({ ...event, Body });
      expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_PUSH_PAYLOAD_BYTES);
      const parsed = JSON.parse(payload);
      expect(parsed.Title).toBe('Title');
      expect(parsed.Body.endsWith('…')).toBe(true);
      expect(parsed.Body.length).toBeGreaterThan(500);
    }
  });
});
