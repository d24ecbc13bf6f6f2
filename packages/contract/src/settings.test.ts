import { describe, expect, it } from 'vitest';
import { uiAppConfigSchema } from './settings';

const mapTileUrl = uiAppConfigSchema.shape.mapTileUrl;

describe('the map tile address setting', () => {
  it.each([
    '',
    'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    'http://{s}.tiles.example.test/{z}/{x}/{y}.png',
    '/tiles/{z}/{x}/{y}.png',
  ])('accepts %j', (url) => {
    expect(mapTileUrl.safeParse(url).success).toBe(true);
  });

  it.each([
    // Protocol-relative: a path in looks only, it loads from another host.
    '//tiles.evil.test/{z}/{x}/{y}.png',
    '/\\tiles.evil.test/{z}/{x}/{y}.png',
    'javascript:alert(1)//{z}/{x}/{y}',
    'https://tiles.example.test/{z}/{x}.png',
    'https:///{z}/{x}/{y}.png',
  ])('refuses %j', (url) => {
    expect(mapTileUrl.safeParse(url).success).toBe(false);
  });
});
