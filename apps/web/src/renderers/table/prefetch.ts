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
 * The page size each screen's configuration gave last time (local storage, by screen id), so that
 * the List sent beside Options on a first load in a tab asks the page the screen will show.
 */
const CONFIGURED_SIZES_KEY = 'pw-configured-page-sizes';

function configuredSizes(): Record<string, unknown> {
  return readObject(savedSettings(CONFIGURED_SIZES_KEY) ?? '') ?? {};
}

function rememberConfiguredSize(screen: ScreenDescriptor, size: number | undefined): void {
  const sizes = configuredSizes();
  if (sizes[screen.id] === size) return;
  try {
    localStorage.setItem(CONFIGURED_SIZES_KEY, JSON.stringify({ ...sizes, [screen.id]: size }));
  } catch {
    // Storage full or refused: the guess falls back to the default size.
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
  return body;
}

function prefetchList(queryClient: QueryClient, screen: ScreenDescriptor, body: Record<string, unknown>) {
  const queryKey = listQueryKey(screen, body);
  const cached = queryClient.getQueryState(queryKey);
  if (cached?.fetchStatus === 'fetching') return;
  if (cached?.data !== undefined && Date.now() - cached.dataUpdatedAt < PREFETCHED_LIST_FRESH_MS) return;
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
 * parallel: while Options are not known, List goes out with the page size they most likely give
 * (the saved one, else the default); when their configuration asks another size, that page follows.
 * A screen that shows no data before a filter is chosen gets no List here.
 */
export async function prefetchTableData(queryClient: QueryClient, screen: ScreenDescriptor): Promise<void> {
  if (screen.apiName === '') return;
  const getOptions = screen.config.isGetOptions !== false;
  if (!getOptions) {
    prefetchList(queryClient, screen, firstListBody(screen, undefined));
    return;
  }
  const queryKey = optionsQueryKey(screen);
  const known = queryClient.getQueryData<Record<string, unknown>>(queryKey);
  const options =
    known ??
    queryClient.fetchQuery({
      queryKey,
      queryFn: () => fetchOptions(screen),
      staleTime: Number.POSITIVE_INFINITY,
    });
  if (!known) {
    const remembered = configuredSizes()[screen.id];
    prefetchList(
      queryClient,
      screen,
      firstListBody(screen, typeof remembered === 'number' ? remembered : undefined),
    );
  }
  let answer: Record<string, unknown>;
  try {
    answer = await options;
  } catch {
    return;
  }
  const rules = firstPageRules(readObject(answer?.Configs)?.ScreenConfig);
  rememberConfiguredSize(screen, rules.sizePerPage);
  if (rules.require4ShowData) return;
  prefetchList(queryClient, screen, firstListBody(screen, rules.sizePerPage));
}
