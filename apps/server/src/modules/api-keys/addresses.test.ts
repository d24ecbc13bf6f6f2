import { describe, expect, it } from 'vitest';
import { addressMatches, parseAddressRule } from './addresses';
import { KeyThrottle } from './throttle';

describe('allowed addresses of a key', () => {
  it('accepts addresses and ranges of both families, and nothing else', () => {
    expect(parseAddressRule('203.0.113.7')).toBe('203.0.113.7');
    expect(parseAddressRule(' 10.0.0.0/8 ')).toBe('10.0.0.0/8');
    expect(parseAddressRule('2001:db8::/32')).toBe('2001:db8::/32');
    for (const bad of ['', 'localhost', '10.0.0.0/33', '2001:db8::/129', '1.2.3.4/8/9', '10.0.0.0/x']) {
      expect(parseAddressRule(bad), bad).toBeNull();
    }
  });

  it('matches an address by the rule', () => {
    expect(addressMatches('10.0.0.0/8', '10.20.30.40')).toBe(true);
    expect(addressMatches('10.0.0.0/8', '11.0.0.1')).toBe(false);
    expect(addressMatches('127.0.0.1', '127.0.0.1')).toBe(true);
    expect(addressMatches('127.0.0.1', '127.0.0.2')).toBe(false);
    expect(addressMatches('2001:db8::/32', '2001:db8:1::5')).toBe(true);
    expect(addressMatches('10.0.0.0/8', '')).toBe(false);
  });
});

describe('the throttle of a key', () => {
  it('allows its rate, then refuses until the bucket refills', () => {
    const throttle = new KeyThrottle(60);
    const start = 1_000_000;
    for (let i = 0; i < 60; i++) expect(throttle.take('a', start)).toBe(0);
    expect(throttle.take('a', start)).toBeGreaterThan(0);
    expect(throttle.take('b', start)).toBe(0);
    expect(throttle.take('a', start + 1_000)).toBe(0);
  });
});
