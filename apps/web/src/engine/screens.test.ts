import type { ScreenEntry } from '@panelwright/contract';
import { describe, expect, it } from 'vitest';
import {
  afterForcedRefresh,
  buildScreenRoutes,
  fillRequestParams,
  findScreenRoute,
  hasNoSidebar,
  isPrivateScreenPath,
  localCacheFlag,
  pageTypeOf,
  shouldClearLocalCache,
  shouldUpdateScreenList,
  toRoutePath,
} from './screens';

const screen = (over: Partial<ScreenEntry>): ScreenEntry => ({
  Id: 'id',
  UIUrl: '/x',
  ScreenCode: 'x',
  Title: 'X',
  APIName: '',
  UIType: '',
  Config: '{}',
  RequestData: '{}',
  Type: '',
  ...over,
});

describe('server-driven routes', () => {
  it('turns [param] into :param', () => {
    expect(toRoutePath('/orders/[id]/lines/[line]')).toBe('/orders/:id/lines/:line');
    expect(toRoutePath('reports')).toBe('/reports');
  });

  it('maps UI types to page types, an empty one to the table', () => {
    expect(pageTypeOf('')).toBe('admin_table');
    expect(pageTypeOf(null)).toBe('admin_table');
    for (const [ui, page] of [
      ['table', 'admin_table'],
      ['tab', 'admin_tab'],
      ['dashboard', 'admin_dashboard'],
      ['panel', 'admin_panel'],
      ['table_list', 'admin_table_list'],
      ['table_list_card', 'admin_table_list_card'],
      ['table_grid_card', 'admin_table_grid_card'],
    ]) {
      expect(pageTypeOf(ui)).toBe(page);
    }
    expect(pageTypeOf('chart')).toBe('chart');
  });

  it('reads noSidebar from Config', () => {
    expect(hasNoSidebar('{"noSidebar":true}')).toBe(true);
    expect(hasNoSidebar('{"noSidebar":false}')).toBe(false);
    expect(hasNoSidebar('noSidebar')).toBe(true);
    expect(hasNoSidebar('{}')).toBe(false);
    expect(hasNoSidebar('')).toBe(false);
  });

  it('builds routes from the public and private lists, public first', () => {
    const routes = buildScreenRoutes(
      [screen({ UIUrl: '/about', UIType: 'mypage' })],
      [screen({ UIUrl: '/orders/[id]', Config: '{"noSidebar":1}' }), screen({ UIUrl: '/about' })],
    );
    expect(routes.map((r) => [r.path, r.pageType, r.isPublic, r.noSidebar])).toEqual([
      ['/about', 'mypage', true, false],
      ['/orders/:id', 'admin_table', false, true],
    ]);
  });

  it('finds the route of a path, with its parameters, preferring fixed segments', () => {
    const routes = buildScreenRoutes([], [screen({ UIUrl: '/pj/[pj]' }), screen({ UIUrl: '/pj/new' })]);
    expect(findScreenRoute(routes, '/pj/42')).toMatchObject({ params: { pj: '42' } });
    expect(findScreenRoute(routes, '/pj/new')?.route.path).toBe('/pj/new');
    expect(findScreenRoute(routes, '/pj/42/x')).toBeNull();
  });

  it('stores the screen list only when it changed or when forced', () => {
    const list = [screen({})];
    expect(shouldUpdateScreenList(JSON.stringify(list), list, false)).toBe(false);
    expect(shouldUpdateScreenList(JSON.stringify(list), list, true)).toBe(true);
    expect(shouldUpdateScreenList(null, list, false)).toBe(true);
    expect(shouldUpdateScreenList(JSON.stringify(list), [screen({ Title: 'Y' })], false)).toBe(true);
  });

  it('updates routes after a forced refresh if a 404 came before, else waits for the next 404', () => {
    expect(afterForcedRefresh(true)).toEqual({ updateRoutes: true, needUpdateRoutesIn404: false });
    expect(afterForcedRefresh(false)).toEqual({ updateRoutes: false, needUpdateRoutesIn404: true });
  });
});

describe('local cache clearing', () => {
  const never = { clearedAt: null, clearedFor: null };
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('clears when flagged for everyone or for this user', () => {
    expect(shouldClearLocalCache({ needClearLocalCache: true }, 5, now, never)).toBe(true);
    expect(shouldClearLocalCache({ needClearLocalCache: [4, 5] }, 5, now, never)).toBe(true);
    expect(shouldClearLocalCache({ needClearLocalCache: [4] }, 5, now, never)).toBe(false);
    expect(shouldClearLocalCache({ needClearLocalCache: false }, 5, now, never)).toBe(false);
    expect(shouldClearLocalCache({}, 5, now, never)).toBe(false);
  });

  it('does not clear while needClearLocalCacheBefore is in the future', () => {
    expect(
      shouldClearLocalCache(
        { needClearLocalCache: true, needClearLocalCacheBefore: '2026-11-22T00:00:00Z' },
        5,
        now,
        never,
      ),
    ).toBe(false);
    expect(
      shouldClearLocalCache(
        { needClearLocalCache: true, needClearLocalCacheBefore: '2026-11-20T00:00:00Z' },
        5,
        now,
        never,
      ),
    ).toBe(true);
  });

  it('clears once per request, not at every start', () => {
    const values = { needClearLocalCache: true, needClearLocalCacheBefore: '2026-11-20T00:00:00Z' };
    expect(
      shouldClearLocalCache(values, 5, now, {
        clearedAt: Date.parse('2026-11-20T10:00:00Z'),
        clearedFor: 'true',
      }),
    ).toBe(false);
    expect(
      shouldClearLocalCache({ needClearLocalCache: true }, 5, now, {
        clearedAt: now - 1000,
        clearedFor: 'true',
      }),
    ).toBe(false);
  });

  it('without a time, clears once per new flag value, not once per browser ever', () => {
    const cleared = (flag: string) => ({ clearedAt: now - 86_400_000, clearedFor: flag });
    // Cleared for an earlier list: a new list is a new request.
    expect(shouldClearLocalCache({ needClearLocalCache: [4, 5] }, 5, now, cleared('[5]'))).toBe(true);
    expect(shouldClearLocalCache({ needClearLocalCache: [5] }, 5, now, cleared('[5]'))).toBe(false);
    // Cleared long ago for a flag that was lifted since (the memory was forgotten): set again, it clears.
    expect(
      shouldClearLocalCache({ needClearLocalCache: true }, 5, now, {
        clearedAt: now - 1000,
        clearedFor: null,
      }),
    ).toBe(true);
    expect(localCacheFlag({ needClearLocalCache: [4, 5] }, 5)).toBe('[4,5]');
    expect(localCacheFlag({ needClearLocalCache: [4] }, 5)).toBeNull();
    expect(localCacheFlag({ needClearLocalCache: true }, null)).toBe('true');
  });
});

describe('route parameters in RequestData', () => {
  it('fills whole placeholders and placeholders inside text, leaving unknown ones', () => {
    expect(
      fillRequestParams(
        { ProjectId: '[pj]', Label: 'Project [pj] of [org]', Mine: true, Other: '[nope]' },
        { pj: '42' },
      ),
    ).toEqual({ ProjectId: '42', Label: 'Project 42 of [org]', Mine: true, Other: '[nope]' });
  });
});

describe("a guest's address", () => {
  const urls = ['/pj', '/pj/[pj]', '/dailytasks', '/dailytasks/[taskid]', '/data/products'];
  it('is a private screen when it matches one of their addresses, parameters included', () => {
    expect(isPrivateScreenPath(urls, '/pj')).toBe(true);
    expect(isPrivateScreenPath(urls, '/pj/42')).toBe(true);
    expect(isPrivateScreenPath(urls, '/dailytasks/7')).toBe(true);
    expect(isPrivateScreenPath(urls, '/data/products')).toBe(true);
  });
  it('is not one otherwise (page-not-found), nor with no list', () => {
    expect(isPrivateScreenPath(urls, '/data/nothing')).toBe(false);
    expect(isPrivateScreenPath(urls, '/pj/1/2')).toBe(false);
    expect(isPrivateScreenPath(undefined, '/pj')).toBe(false);
  });
});
