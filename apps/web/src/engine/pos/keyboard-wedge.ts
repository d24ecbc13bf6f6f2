/** A keyboard-wedge scanner types a code much faster than a person: keys at most this far apart. */
export const WEDGE_MAX_GAP_MS = 50;
/** The shortest code a scan gives (EAN-8 is the shortest we sell). */
export const WEDGE_MIN_LENGTH = 4;

/**
 * Tells a scanner's burst from typing: printable keys each within `maxGap` of the one before, then
 * Enter, make a scan. Anything slower, or shorter, is a person; the detector starts over.
 */
export class WedgeDetector {
  private buffer = '';
  private last = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly maxGap = WEDGE_MAX_GAP_MS,
    private readonly minLength = WEDGE_MIN_LENGTH,
  ) {}

  /** Feeds one key (its `KeyboardEvent.key`) at time `at` (ms); answers the code when a scan ends. */
  key(key: string, at: number): string | null {
    const gap = at - this.last;
    this.last = at;
    if (key === 'Enter') {
      const code = gap <= this.maxGap && this.buffer.length >= this.minLength ? this.buffer : null;
      this.buffer = '';
      return code;
    }
    if (key.length !== 1) {
      // Shift and the like come with a scanner's capitals: they neither add nor break the burst.
      if (key !== 'Shift') this.buffer = '';
      return null;
    }
    this.buffer = gap <= this.maxGap ? this.buffer + key : key;
    return null;
  }

  /** True while a burst is under way (its keys should not land in a field). */
  inBurst(at: number): boolean {
    return this.buffer.length >= 2 && at - this.last <= this.maxGap;
  }
}
