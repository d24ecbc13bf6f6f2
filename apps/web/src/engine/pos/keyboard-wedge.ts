/** A keyboard-wedge scanner types a code much faster than a person: keys this far apart on average. */
export const WEDGE_MAX_GAP_MS = 50;
/**
 * One pause this long or longer ends whatever came before it. A shorter one inside a fast burst
 * (the page busy drawing the first keys' search, a scanner's own hiccup) does not split the scan:
 * the first scan after loading the till once lost its first two digits to such a pause.
 */
export const WEDGE_STALL_MS = 300;
/** The shortest code a scan gives (EAN-8 is the shortest we sell). */
export const WEDGE_MIN_LENGTH = 4;
/** Keys kept while waiting for Enter (a code is never longer). */
const MAX_KEPT = 100;

/**
 * Tells a scanner's burst from typing: printable keys, then Enter, whose gaps average at most
 * `maxGap` (none a stall) make a scan; the code is the longest such run of the latest keys that
 * begins with two quick keys. Anything slower, or shorter, is a person.
 */
export class WedgeDetector {
  private keys: { key: string; at: number }[] = [];
  private last = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly maxGap = WEDGE_MAX_GAP_MS,
    private readonly minLength = WEDGE_MIN_LENGTH,
    private readonly stall = WEDGE_STALL_MS,
  ) {}

  /** Feeds one key (its `KeyboardEvent.key`) at time `at` (ms); answers the code when a scan ends. */
  key(key: string, at: number): string | null {
    const gap = at - this.last;
    this.last = at;
    if (key === 'Enter') {
      const code = gap < this.stall ? this.burstEndingAt(at) : null;
      this.keys = [];
      return code;
    }
    if (key.length !== 1) {
      // Shift and the like come with a scanner's capitals: they neither add nor break the burst.
      if (key !== 'Shift') this.keys = [];
      return null;
    }
    if (gap >= this.stall) this.keys = [];
    this.keys.push({ key, at });
    if (this.keys.length > MAX_KEPT) this.keys.shift();
    return null;
  }

  /** The longest run of the latest keys (at least `minLength`) that came fast enough, with Enter at `end`. */
  private burstEndingAt(end: number): string | null {
    for (let start = 0; start <= this.keys.length - this.minLength; start++) {
      const first = this.keys[start];
      if (!first) break;
      // A burst begins with two quick keys: one key and a pause before the rest is a person's key.
      const second = this.keys[start + 1];
      if (second && second.at - first.at > 2 * this.maxGap) continue;
      const gaps = this.keys.length - start;
      if ((end - first.at) / gaps <= this.maxGap) {
        return this.keys
          .slice(start)
          .map((k) => k.key)
          .join('');
      }
    }
    return null;
  }

  /** True while a burst is under way (its keys should not land in a field). */
  inBurst(at: number): boolean {
    return this.keys.length >= 2 && at - this.last <= this.maxGap;
  }
}
