import { describe, expect, it } from 'vitest';
import { WedgeDetector } from './keyboard-wedge';

const feed = (detector: WedgeDetector, keys: string[], start: number, step: number) =>
  keys.map((key, i) => detector.key(key, start + i * step));

describe('keyboard-wedge scans', () => {
  it('takes a fast burst ending in Enter as a scan', () => {
    const detector = new WedgeDetector();
    const answers = feed(detector, [...'8930000000011', 'Enter'], 1000, 8);
    expect(answers.at(-1)).toBe('8930000000011');
    expect(answers.slice(0, -1).every((a) => a === null)).toBe(true);
  });

  it('leaves typing by a person alone', () => {
    const detector = new WedgeDetector();
    expect(feed(detector, [...'12345', 'Enter'], 0, 180).at(-1)).toBeNull();
  });

  it('refuses a burst too short, and starts over after a pause', () => {
    const detector = new WedgeDetector();
    expect(feed(detector, ['1', '2', 'Enter'], 0, 5).at(-1)).toBeNull();
    // Slow keys first, then a burst: only the burst is the code.
    feed(detector, ['a', 'b'], 100, 300);
    expect(feed(detector, [...'SKU-42', 'Enter'], 2000, 10).at(-1)).toBe('SKU-42');
  });

  it('never splits a scan whose first keys were held up by a pause (the first scan after loading)', () => {
    const detector = new WedgeDetector();
    // "89" arrive, the page is busy for a moment, the other eleven digits and Enter follow at speed.
    expect(detector.key('8', 1000)).toBeNull();
    expect(detector.key('9', 1006)).toBeNull();
    const rest = feed(detector, [...'30000001528', 'Enter'], 1180, 6);
    expect(rest.at(-1)).toBe('8930000001528');
  });

  it("keeps a person's key before a burst out of the code, even a long burst", () => {
    const detector = new WedgeDetector();
    feed(detector, ['x'], 0, 0);
    expect(feed(detector, [...'1234567890123456789012345', 'Enter'], 200, 4).at(-1)).toBe(
      '1234567890123456789012345',
    );
  });

  it('keeps Shift within a burst and drops the burst on other keys', () => {
    const detector = new WedgeDetector();
    expect(feed(detector, ['Shift', 'P', 'O', 'S', '-', '1', 'Enter'], 0, 5).at(-1)).toBe('POS-1');
    expect(feed(detector, ['1', '2', '3', 'ArrowLeft', '4', 'Enter'], 100, 5).at(-1)).toBeNull();
  });

  it('knows when a burst is under way', () => {
    const detector = new WedgeDetector();
    feed(detector, ['1', '2', '3'], 0, 5);
    expect(detector.inBurst(12)).toBe(true);
    expect(detector.inBurst(500)).toBe(false);
  });
});
