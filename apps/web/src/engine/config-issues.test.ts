import { describe, expect, it } from 'vitest';
import { fieldOfIssuePath, issuesByField, issueWords } from './config-issues';

describe('configuration issues for forms', () => {
  it('turns a number inside a reason into a value, so one translation serves every length', () => {
    expect(issueWords('must be at most 200 characters')).toEqual({
      text: 'must be at most {{count}} characters',
      values: { count: '200' },
    });
    expect(issueWords('must be at most 1 character')).toEqual({
      text: 'must be at most {{count}} characters',
      values: { count: '1' },
    });
    expect(issueWords('is required')).toEqual({ text: 'is required' });
  });

  it('keeps the first reason of each field of the form, and leaves out deeper ones', () => {
    expect(
      issuesByField([
        { path: ['name'], message: 'is required' },
        { path: ['name'], message: 'must be at most 200 characters' },
        { path: ['url'], message: 'must be a path' },
        { path: ['children', 0, 'url'], message: 'must be a path' },
        { path: [], message: 'is not valid' },
      ]),
    ).toEqual({ name: 'is required', url: 'must be a path' });
  });

  it('finds the field a server issue names for the entry at a path, and nothing for others', () => {
    expect(fieldOfIssuePath('menus.side.1.children.0.url', 'menus.side.1.children.0')).toBe('url');
    expect(fieldOfIssuePath('menus.side.1.children.0.children.2.url', 'menus.side.1.children.0')).toBeNull();
    expect(fieldOfIssuePath('menus.side.10.url', 'menus.side.1')).toBeNull();
    expect(fieldOfIssuePath('menus.side.1', 'menus.side.1')).toBeNull();
  });
});
