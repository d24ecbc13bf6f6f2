import { describe, expect, it } from 'vitest';
import { imitatesReservedName } from './reserved-names';

describe('reserved names', () => {
  it.each([
    'admin',
    'Admin',
    'ADMINISTRATOR',
    'Administrator',
    'adm1n',
    'Adm1nistrat0r',
    'аdmin', // Cyrillic а
    'Ádmin',
    'ａｄｍｉｎ', // full-width
    'system',
    'System Support',
    'The Admin',
    'sys admin',
    'SysAdmin',
    'root',
    'r00t',
    'Panelwright',
    'admin.',
    '-admin-',
  ])('refuses %s', (name) => {
    expect(imitatesReservedName(name)).toBe(true);
  });

  it.each([
    'Alice Nguyen',
    'Adminton Smith',
    'Rooth',
    'Systematic Sam',
    'Lan',
    'Bảo Ngọc',
    'Support'.slice(1),
  ])('accepts %s', (name) => {
    expect(imitatesReservedName(name)).toBe(false);
  });
});
