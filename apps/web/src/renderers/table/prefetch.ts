import type { ListParams } from '@panelwright/contract';
import type { Query, QueryClient } from '@tanstack/react-query';
import { fetchResourceList, fetchResourceOptions } from '../../api/resources';
import { pageSizeStorageKey, readPageSize } from '../../engine/paging';
import { readObject } from '../../engine/values';
import type { ScreenDescriptor } from '../registry';

// A table screen's first data, fetched ahead of its first render: on hover or focus of a menu entry
// (app/screen-preload.ts) and again as the screen mounts. The query keys are the controller's own
// (use-table-controller.ts), so the screen finds the answers in the cache, or joins them in flight.

/** A prefetched List answer counts as fresh this long, so that the screen does not ask again at once. */
const PREFETCHED_LIST_FRESH_MS = 5000;
const prefetchedLists = new WeakSet<object>();

/** The controller's List `staleTime`: fresh for a moment when prefetched, else stale at once. */
export function listStaleTime<T>(query: Query<T, Error, T, readonly unknown[]>): number {
  const data: unknown = query.state.data;
  return typeof data === 'object' && data !== null && prefetchedLists.has(data)
    ? PREFETCHED_LIST_FRESH_MS
    : 0;
}

/**
 * A call that failed a moment ago (the hover's prefetch, then the screen's mount) is not asked again
 * at once: the same failure would come back, and the API client would toast it a second time. Read
 * from the times, which a new fetch keeps (it clears the status and the error).
 */
export function justFailed(state: { errorUpdatedAt: number; dataUpdatedAt: number } | undefined): boolean {
  return (
    state !== undefined &&
    state.errorUpdatedAt > state.dataUpdatedAt &&
    Date.now() - state.errorUpdatedAt < PREFETCHED_LIST_FRESH_MS
  );
}

export function optionsQueryKey(screen: ScreenDescriptor): unknown[] {
  return ['resource', screen.apiName, 'Options', screen.id, screen.requestData];
}

export function listQueryKey(screen: ScreenDescriptor, body: Record<string, unknown>): unknown[] {
  return ['resource', screen.apiName, screen.apiMethod, body];
}

export function fetchOptions(screen: ScreenDescriptor) {
  return fetchResourceOptions(screen.apiName, { ScreenGUID: screen.id, RequestData: screen.requestData });
}

/**
 * What each screen's configuration said about its first page last time (local storage, by screen
 * id), so that the List sent beside Options asks the page the screen will show. A screen seen for
 * the first time, or one that shows no data before a filter is chosen, gets no List before Options.
 */
const FIRST_PAGE_RULES_KEY = 'pw-first-page-rules';

type FirstPageRules = { sizePerPage: number | undefined; require4ShowData: boolean };

function rememberedRules(screen: ScreenDescriptor): FirstPageRules | undefined {
  const remembered = readObject(readObject(savedSettings(FIRST_PAGE_RULES_KEY) ?? '')?.[screen.id]);
  if (!remembered) return undefined;
  return firstPageRules({
    Page: { sizePerPage: remembered.size },
    Filter: { require4ShowData: remembered.filterFirst },
  });
}

function rememberRules(screen: ScreenDescriptor, rules: FirstPageRules): void {
  const all = readObject(savedSettings(FIRST_PAGE_RULES_KEY) ?? '') ?? {};
  const entry = { size: rules.sizePerPage, filterFirst: rules.require4ShowData };
  if (JSON.stringify(all[screen.id]) === JSON.stringify(entry)) return;
  try {
    localStorage.setItem(FIRST_PAGE_RULES_KEY, JSON.stringify({ ...all, [screen.id]: entry }));
  } catch {
    // Storage full or refused: the next first load waits for Options before its List.
  }
}

/**
 * What the first List call takes from `ScreenConfig`, read as screen-config.ts reads it; kept apart
 * so that this module stays small and its calls go out before the table's code has arrived.
 */
function firstPageRules(screenConfig: unknown): {
  sizePerPage: number | undefined;
  require4ShowData: boolean;
} {
  const root = readObject(screenConfig) ?? {};
  const page = readObject(root.Page) ?? {};
  const filter = readObject(root.Filter) ?? {};
  return {
    sizePerPage: typeof page.sizePerPage === 'number' ? page.sizePerPage : undefined,
    require4ShowData: filter.require4ShowData === true,
  };
}

function savedSettings(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The body of the screen's first List call, as the controller builds it before any paging, sort,
 * filter or search: its page size is the saved one, else the configuration's (`screenDefault`).
 */
export function firstListBody(
  screen: ScreenDescriptor,
  screenDefault: number | undefined,
): Record<string, unknown> {
  const storageKey = pageSizeStorageKey(screen.screenCode || screen.apiName);
  const body: ListParams & Record<string, unknown> = {
    Page: 1,
    PageSize: readPageSize(savedSettings(storageKey), screenDefault),
    Sorts: [],
    Filters: [],
  };
  if (Object.keys(screen.requestData).length > 0) body.RequestData = screen.requestData;
  if (screen.id) body.ScreenGUID = screen.id;
  return body;
}

function prefetchList(queryClient: QueryClient, screen: ScreenDescriptor, body: Record<string, unknown>) {
  const queryKey = listQueryKey(screen, body);
  const cached = queryClient.getQueryState(queryKey);
  if (cached?.fetchStatus === 'fetching') return;
  if (cached?.data !== undefined && Date.now() - cached.dataUpdatedAt < PREFETCHED_LIST_FRESH_MS) return;
  if (justFailed(cached)) return;
  void queryClient
    .fetchQuery({
      queryKey,
      queryFn: async () => {
        const answer = await fetchResourceList(screen.apiName, screen.apiMethod, body as ListParams);
        prefetchedLists.add(answer);
        return answer;
      },
    })
    .catch(() => {});
}

/**
 * Options (kept until Cache/Refresh or the screen's own reload) and the first List page, in
 * parallel when the screen's first-page rules are remembered from an earlier visit; else List
 * follows Options. A screen that shows no data before a filter is chosen gets no List here, nor
 * one opened on another page, sort, filter or search (`firstPage: false`, from its address).
 */
export async function prefetchTableData(
  queryClient: QueryClient,
  screen: ScreenDescriptor,
  { firstPage = true }: { firstPage?: boolean } = {},
): Promise<void> {
  if (screen.apiName === '') return;
  const getOptions = screen.config.isGetOptions !== false;
  if (!getOptions) {
    if (firstPage) prefetchList(queryClient, screen, firstListBody(screen, undefined));
    return;
  }
  const queryKey = optionsQueryKey(screen);
  if (justFailed(queryClient.getQueryState(queryKey))) return;
  const known = queryClient.getQueryData<Record<string, unknown>>(queryKey);
  const options =
    known ??
    queryClient.fetchQuery({
      queryKey,
      queryFn: () => fetchOptions(screen),
      staleTime: Number.POSITIVE_INFINITY,
    });
  if (!firstPage) return;
  const guess = known ? undefined : rememberedRules(screen);
  const guessBody = guess && !guess.require4ShowData ? firstListBody(screen, guess.sizePerPage) : undefined;
  if (guessBody) prefetchList(queryClient, screen, guessBody);
  let answer: Record<string, unknown>;
  try {
    answer = await options;
  } catch {
    return;
  }
  const rules = firstPageRules(readObject(answer?.Configs)?.ScreenConfig);
  rememberRules(screen, rules);
  const body = rules.require4ShowData ? undefined : firstListBody(screen, rules.sizePerPage);
  // A guess the configuration did not confirm is dropped, so that no later page takes its rows.
  if (guessBody && JSON.stringify(guessBody) !== JSON.stringify(body)) {
    queryClient.removeQueries({ queryKey: listQueryKey(screen, guessBody), exact: true, type: 'inactive' });
  }
  if (body) prefetchList(queryClient, screen, body);
}
