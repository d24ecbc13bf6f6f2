import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title';

describe('documentTitle', () => {
  it('is the site name, after the page title when there is one', () => {
    expect(documentTitle('Back office', '', 'Admin')).toBe('Back office');
    expect(documentTitle('Back office', 'Products', 'Admin')).toBe('Products · Back office');
  });

  it('falls back to the default name for a missing or blank site name', () => {
    expect(documentTitle(undefined, '', 'Admin')).toBe('Admin');
    expect(documentTitle('  ', 'Products', 'Admin')).toBe('Products · Admin');
  });

  it('does not repeat a page title equal to the site name', () => {
    expect(documentTitle('Admin', 'Admin', 'Admin')).toBe('Admin');
  });
});
