import { describe, expect, it } from 'vitest';
import { originOf } from '../modules/settings/service';
import { widenPolicy } from './security-headers';

describe('the content security policy widened by the settings', () => {
  const policy = "default-src 'self';img-src 'self' data:;script-src 'self';connect-src 'self' https:";

  it('adds each configured origin to its directive only', () => {
    expect(
      widenPolicy(policy, {
        img: ['http://tiles.lan:8080'],
        script: ['https://stats.example'],
        connect: ['https://stats.example', 'http://chat.lan'],
      }),
    ).toBe(
      "default-src 'self';img-src 'self' data: http://tiles.lan:8080;script-src 'self' https://stats.example;" +
        "connect-src 'self' https: https://stats.example http://chat.lan",
    );
    expect(widenPolicy(policy, { img: [], script: [], connect: [] })).toBe(policy);
  });

  it('never adds what is not an origin', () => {
    expect(
      widenPolicy(policy, {
        img: ["'unsafe-inline'", 'http://a.lan; script-src *'],
        script: [],
        connect: [],
      }),
    ).toBe(policy);
  });

  it('takes the origin of tile addresses with placeholders, and nothing from paths or other schemes', () => {
    expect(originOf('http://127.0.0.1:8080/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8080');
    expect(originOf('https://{s}.tile.example/{z}/{x}/{y}.png')).toBe('https://*.tile.example');
    expect(originOf('/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf('')).toBeNull();
  });
});
