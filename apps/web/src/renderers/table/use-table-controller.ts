import type { ColumnDef, FilterOutput, ListParams, OptionItem } from '@panelwright/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchResourceDetail, fetchResourceList, fetchResourceOptions } from '../../api/resources';
import { fetchTableView, saveTableView, tableViewKey } from '../../api/table-views';
import type { CellActions, Translate } from '../../cells';
import { useMaster } from '../../components/modal-host/master-context';
import {
  applyColumnView,
  type ColumnViewEntry,
  columnViewEntries,
  defaultVisibleFields,
  fullRowLoadingFields,
  isRowActionColumn,
  reloadAfterUpdateFields,
} from '../../engine/columns';
import {
  applyClientFilters,
  buildFilterOutput,
  type FilterDefinition,
  toServerFilters,
} from '../../engine/filters';
import {
  LINKED_RECORD,
  pageSizeStorageKey,
  readLinkedRecord,
  readPageSize,
  readTableAddress,
  sameFilters,
  type TableAddress,
  writeAddressParam,
  writePageSize,
  writeTableAddress,
} from '../../engine/paging';
import {
  loadingFields,
  markRowJustDeleted,
  markRowJustNew,
  type TableRow,
  toggleRowExpanded,
} from '../../engine/rows';
import { hasValue, type Row, readObject, sameValue, valueText } from '../../engine/values';
import { rememberingTranslate } from '../../i18n';
import { onDataChanged } from '../../state/live-events';
import { addressSearch, setAddressSearch, useAddressSearch } from '../../state/navigation';
import type { ScreenRendererProps } from '../registry';
import { createCellActions, PERF_MARKS, type TableHost } from './cell-actions';
import { justFailed, listStaleTime, prefetchTableData } from './prefetch';
import { mergeReloadedRows, RowStore } from './row-store';
import {
  filterDefinitions,
  offeredSorts,
  parseScreenConfig,
  readOptionLists,
  type TableScreenConfig,
  type TableVariant,
  tableColumns,
} from './screen-config';
import { useLookupFilterTexts } from './use-lookup-filter-texts';

/** How long after our own change a `data-changed` event for the row is taken as its echo. */
const OWN_WRITE_ECHO_MS = 3000;
/** Text search and text filters wait for the typing to pause. */
const TYPING_PAUSE_MS = 300;
/** Several changes announced together reload the list once. */
const RELOAD_DEBOUNCE_MS = 400;

const NO_OPTIONS: readonly OptionItem[] = [];
const NO_VIEW: ColumnViewEntry[] = [];

/** A filter that keeps every row; `false` is a value (a flag filter's "No"). */
function isEmptyFilterValue(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  return Array.isArray(value) && value.length === 0;
}

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

function savedSettings(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * What the table shows (page, size, sorts, filters, search): in the address for the page's own table,
 * so that reload, back and forward and a shared link show the same rows; in the component for a table
 * inside a tab, widget, expansion or modal (one address cannot hold two tables).
 */
function useTableAddress(inAddress: boolean) {
  const search = useAddressSearch();
  const [local, setLocal] = useState('');
  const text = inAddress ? search : local;
  const state = useMemo(() => readTableAddress(new URLSearchParams(text)), [text]);
  const update = useCallback(
    (change: (current: TableAddress) => TableAddress, options: { replace?: boolean } = {}) => {
      const apply = (params: URLSearchParams) => {
        const current = readTableAddress(params);
        const next = change(current);
        return next === current ? null : writeTableAddress(params, next);
      };
      if (inAddress) {
        const next = apply(new URLSearchParams(addressSearch()));
        if (next) setAddressSearch(next, options);
      } else {
        setLocal((current) => apply(new URLSearchParams(current))?.toString() ?? current);
      }
    },
    [inAddress],
  );
  return [state, update] as const;
}

/** The record the address names (`?id=`) for a page's own table; null inside a tab, widget or modal. */
function useLinkedRecord(inAddress: boolean): number | null {
  const search = useAddressSearch();
  return inAddress ? readLinkedRecord(new URLSearchParams(search)) : null;
}

/** The page's own table shows every record again: `?id=` leaves the address. */
function showAllRecords(): void {
  setAddressSearch(writeAddressParam(new URLSearchParams(addressSearch()), LINKED_RECORD, null));
}

/**
 * The state and data of one table screen: Options, then List with the paging, sorts, filters and
 * search; the rows in a `RowStore`; the cell actions; reloads, live refresh, expansion.
 */
export function useTableController(
  screen: ScreenRendererProps['screen'],
  variantOverride?: TableVariant,
  inAddress = false,
) {
  const { t: translate } = useTranslation([screen.screenCode, 'table']);
  const t = useMemo(() => rememberingTranslate(translate as unknown as Translate), [translate]);
  const queryClient = useQueryClient();
  const master = useMaster();
  const apiName = screen.apiName;
  // A relation's cell links to one record of its other side: `?id=` narrows the page's own table to
  // it (`RequestData.Id`, which every resource's List understands).
  const linkedRecord = useLinkedRecord(inAddress);
  const requestData = useMemo(
    () => (linkedRecord === null ? screen.requestData : { ...screen.requestData, Id: linkedRecord }),
    [screen.requestData, linkedRecord],
  );
  const storageKey = pageSizeStorageKey(screen.screenCode || apiName);
  const getOptions = screen.config.isGetOptions !== false;

  const optionsKey = useMemo(
    () => ['resource', apiName, 'Options', screen.id, requestData],
    [apiName, screen.id, requestData],
  );
  const optionsQuery = useQuery({
    queryKey: optionsKey,
    queryFn: () => fetchResourceOptions(apiName, { ScreenGUID: screen.id, RequestData: requestData }),
    enabled: apiName !== '' && getOptions,
    // Kept until Cache/Refresh (state/shell-actions) or the screen's own reload.
    staleTime: Number.POSITIVE_INFINITY,
    // A failure (the prefetch's, a moment ago) is shown, not asked again behind the user's back: the
    // API client has toasted it once; Try again asks anew.
    retryOnMount: false,
  });
  const configs = readObject(optionsQuery.data?.Configs);
  const config: TableScreenConfig = useMemo(
    () => parseScreenConfig(configs?.ScreenConfig),
    [configs?.ScreenConfig],
  );
  const optionLists = useMemo(() => readOptionLists(optionsQuery.data), [optionsQuery.data]);
  const optionsReady = !getOptions || optionsQuery.isSuccess;

  // Paging: the address's size wins over the saved one, which wins over the screen's, then 20.
  const [address, updateAddressAs] = useTableAddress(inAddress);
  // Options and the first List page go out together (they may already be on their way from a hover);
  // an address that holds another page, sort, filter or search gets Options only.
  // Once per screen: the descriptor object may be rebuilt by a parent's render.
  const screenAtMount = useRef(screen);
  screenAtMount.current = requestData === screen.requestData ? screen : { ...screen, requestData };
  const firstPageAtMount = useRef(false);
  firstPageAtMount.current =
    address.page === 1 &&
    address.pageSize === null &&
    address.sorting.length === 0 &&
    address.search === '' &&
    Object.keys(address.filters).length === 0;
  const screenId = screen.id;
  useEffect(() => {
    if (screenId !== screenAtMount.current.id) return;
    void prefetchTableData(queryClient, screenAtMount.current, { firstPage: firstPageAtMount.current });
  }, [queryClient, screenId]);
  const [chosenSize, setChosenSize] = useState<number | null>(null);
  const pageSize =
    address.pageSize ?? chosenSize ?? readPageSize(savedSettings(storageKey), config.page.sizePerPage);
  // Every entry the table writes holds the size it shows, so that back shows the same rows even after
  // another size was chosen (and saved) since.
  const shownSize = useRef(pageSize);
  shownSize.current = pageSize;
  const updateAddress = useCallback(
    (change: (current: TableAddress) => TableAddress) =>
      updateAddressAs((current) => {
        const next = change(current);
        return next === current ? current : { ...next, pageSize: next.pageSize ?? shownSize.current };
      }),
    [updateAddressAs],
  );
  const page = address.page;
  const textSearch = address.search;
  // The address is read again whenever any part of it changes (a tab, a page size): its filters keep
  // their identity until they change themselves, or a change elsewhere would undo a choice in progress.
  const addressFiltersText = JSON.stringify(address.filters);
  const debouncedFilters = useMemo(
    () => JSON.parse(addressFiltersText) as Record<string, unknown>,
    [addressFiltersText],
  );
  // Typing stays here; once it pauses, it goes to the address (a new history entry), which the
  // request follows.
  const [filterValues, setFilterValues] = useState<Record<string, unknown>>(debouncedFilters);
  const [search, setSearch] = useState(address.search);
  const settledSearch = useDebounced(search.trim(), TYPING_PAUSE_MS);
  const settledFilters = useDebounced(filterValues, TYPING_PAUSE_MS);
  // Back and forward (or a link) bring other filters: the inputs follow the address.
  useEffect(() => {
    setSearch((current) => (current.trim() === address.search ? current : address.search));
  }, [address.search]);
  useEffect(() => {
    setFilterValues((current) => (sameFilters(current, debouncedFilters) ? current : debouncedFilters));
  }, [debouncedFilters]);
  // Only what the user typed goes to the address; the address changing does not send it back.
  useEffect(() => {
    updateAddress((current) =>
      current.search === settledSearch && sameFilters(current.filters, settledFilters)
        ? current
        : { ...current, search: settledSearch, filters: settledFilters, page: 1 },
    );
  }, [settledSearch, settledFilters, updateAddress]);

  // Columns come with the List answer; a page with the same columns keeps the same prepared ones.
  const [columnsText, setColumnsText] = useState('{}');
  const columnDefs = useMemo(() => JSON.parse(columnsText) as Record<string, ColumnDef>, [columnsText]);
  const allColumns = useMemo(() => tableColumns(columnDefs, config), [columnDefs, config]);
  // A sort the screen does not offer (an old link, a column no longer sortable, a field this user may
  // not read) is never sent, and leaves the address once the offered sorts are known, as a filter the
  // screen no longer has is never sent.
  const offered = useMemo(() => offeredSorts(config, columnDefs), [config, columnDefs]);
  const sorting: SortingState = useMemo(
    () => (offered ? address.sorting.filter((sort) => offered.has(sort.id)) : address.sorting),
    [address.sorting, offered],
  );
  const sortsToDrop = offered !== undefined && sorting.length !== address.sorting.length;
  useEffect(() => {
    if (!offered || !sortsToDrop) return;
    updateAddressAs(
      (current) => {
        const kept = current.sorting.filter((sort) => offered.has(sort.id));
        return kept.length === current.sorting.length ? current : { ...current, sorting: kept };
      },
      { replace: true },
    );
  }, [offered, sortsToDrop, updateAddressAs]);
  // The user's own columns (shown, hidden, order) for this screen, kept on the server per user.
  const viewCode = screen.screenCode;
  const viewQuery = useQuery({
    queryKey: tableViewKey(viewCode),
    queryFn: () => fetchTableView(viewCode),
    enabled: viewCode !== '',
    staleTime: 5 * 60_000,
  });
  const view = viewQuery.data?.Columns ?? NO_VIEW;
  // The chooser holds the data columns; the row's actions are always drawn, at its end.
  // A table shows its default columns; cards and a record's page show every field.
  const variant = variantOverride ?? config.table.variant ?? 'table';
  const showID = config.table.showID;
  const { dataColumns, rowActions, shownByDefault } = useMemo(() => {
    const defaults = defaultVisibleFields(allColumns, { showID });
    return {
      dataColumns: allColumns.filter((column) => !isRowActionColumn(column)),
      rowActions: allColumns.filter(isRowActionColumn),
      shownByDefault: (field: string) => variant !== 'table' || defaults.has(field),
    };
  }, [allColumns, showID, variant]);
  const columns = useMemo(
    () => [...applyColumnView(dataColumns, view, shownByDefault), ...rowActions],
    [dataColumns, rowActions, view, shownByDefault],
  );
  const columnChoices = useMemo(
    () =>
      columnViewEntries(
        dataColumns.map((column) => column.fieldName),
        view,
        shownByDefault,
      ),
    [dataColumns, view, shownByDefault],
  );
  // Until the saved view has arrived the chooser waits: a choice drawn from the screen's own columns
  // would be overwritten by the arriving view, or would overwrite the user's saved one.
  const columnChoicesReady = viewCode === '' || !viewQuery.isPending;
  const saveColumnChoices = useCallback(
    async (entries: ColumnViewEntry[]) => {
      if (viewCode === '') return;
      const key = tableViewKey(viewCode);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      queryClient.setQueryData(key, { ScreenCode: viewCode, Columns: entries });
      saveTableView(viewCode, entries).catch(() => queryClient.setQueryData(key, before));
    },
    [queryClient, viewCode],
  );
  const filters = useMemo(() => filterDefinitions(config, columnDefs), [config, columnDefs]);
  const lookupTexts = useLookupFilterTexts(filters, filterValues);
  /** The options a filter names its values by: a lookup's known records, else its option list. */
  const filterOptions = useCallback(
    (definition: FilterDefinition): readonly OptionItem[] =>
      definition.lookup
        ? (lookupTexts.known[definition.fieldName] ?? NO_OPTIONS)
        : definition.optionKey
          ? (optionLists[definition.optionKey] ?? NO_OPTIONS)
          : NO_OPTIONS,
    [lookupTexts.known, optionLists],
  );
  const filterOutputs = useMemo(
    () =>
      filters
        .map((definition) =>
          buildFilterOutput(definition, debouncedFilters[definition.fieldName], {
            options: filterOptions(definition),
            now: new Date(),
          }),
        )
        .filter((output): output is FilterOutput => output !== null),
    [filters, debouncedFilters, filterOptions],
  );
  const serverFilters = useMemo(() => toServerFilters(filterOutputs), [filterOutputs]);
  const clientFilters = useMemo(() => filterOutputs.filter((output) => !output.isServer), [filterOutputs]);
  const waitingForFilter = config.filter.require4ShowData && filterOutputs.length === 0;

  const listBody = useMemo(() => {
    const body: ListParams & Record<string, unknown> = {
      Page: page,
      PageSize: pageSize,
      Sorts: sorting.map((sort) => ({ Field: sort.id, Dir: sort.desc ? 'desc' : 'asc' })),
      Filters: serverFilters,
    };
    if (textSearch) body.TextSearch = textSearch;
    if (Object.keys(requestData).length > 0) body.RequestData = requestData;
    // The screen whose configured columns the rows come with (prefetch.ts builds the same body).
    if (screen.id) body.ScreenGUID = screen.id;
    return body;
  }, [page, pageSize, sorting, serverFilters, textSearch, requestData, screen.id]);
  const listKey = useMemo(
    () => ['resource', apiName, screen.apiMethod, listBody],
    [apiName, screen.apiMethod, listBody],
  );
  // Set by Try again: the one time a List that just failed is asked again at once.
  const askAgain = useRef(false);
  const listQuery = useQuery({
    queryKey: listKey,
    queryFn: ({ queryKey }) => {
      // The same List failed a moment ago (the prefetch's, answered before this query was enabled):
      // its failure stands, instead of a second call and a second error toast.
      if (!askAgain.current && justFailed(queryClient.getQueryState(queryKey))) {
        return Promise.reject(new Error('The list could not be loaded.'));
      }
      askAgain.current = false;
      return fetchResourceList(apiName, screen.apiMethod, listBody);
    },
    enabled: apiName !== '' && optionsReady && !waitingForFilter,
    placeholderData: keepPreviousData,
    staleTime: listStaleTime,
    retryOnMount: false,
  });
  const listData = listQuery.data;

  const firstSettled = useSettledOnce(optionsReady || optionsQuery.isError || apiName === '');

  // The rows live in a store so that one cell's change re-renders one row.
  const [store] = useState(() => new RowStore());
  const paintPending = useRef(false);
  // A record just added: marked once the reloaded list brings it.
  const justAdded = useRef<string | null>(null);
  // A passive effect, measured: a layout effect here drew the 10,000-row list 40 ms later (median of
  // ten loads), its synchronous re-render making one long task of what React otherwise splits.
  useEffect(() => {
    if (!listData) return;
    performance.mark(PERF_MARKS.rowsSet);
    paintPending.current = true;
    setColumnsText(JSON.stringify(listData.ExtraData?.Columns ?? {}));
    store.replaceAll(mergeReloadedRows(store.snapshot(), listData.Data as TableRow[]));
    const added = justAdded.current;
    if (added !== null && store.get(added)) {
      justAdded.current = null;
      store.update(added, markRowJustNew);
    }
  }, [listData, store]);
  useEffect(() => {
    if (waitingForFilter) store.replaceAll([]);
  }, [waitingForFilter, store]);
  const rows = useSyncExternalStore(store.subscribe, store.snapshot);
  const shownRows = useMemo(
    () => (clientFilters.length > 0 ? applyClientFilters(rows, clientFilters) : rows),
    [rows, clientFilters],
  );

  const reloadList = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['resource', apiName, screen.apiMethod] });
  }, [queryClient, apiName, screen.apiMethod]);
  /**
   * After Add new the list is read again, so that the footer's counts and the rows' order follow the
   * server's sort and filters (a row put on top would be in the wrong place, and not counted). The
   * new row is highlighted where the sort puts it; the answer says whether it is on this page.
   */
  const reloadAfterAdd = useCallback(
    async (added: unknown): Promise<'shown' | 'elsewhere' | 'unknown'> => {
      const key = hasValue(added) ? valueText(added) : null;
      justAdded.current = key;
      if (waitingForFilter) return 'unknown';
      const result = await listQuery.refetch();
      if (key === null || result.isError) return 'unknown';
      const rows = (result.data?.Data ?? []) as Row[];
      if (rows.some((row) => sameValue(row.Id, key))) return 'shown';
      justAdded.current = null;
      return 'elsewhere';
    },
    [listQuery.refetch, waitingForFilter],
  );
  const reloadOptionsAndList = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: optionsKey }).then(reloadList);
  }, [queryClient, optionsKey, reloadList]);

  /** Try again after a failure: the Options too when they are what failed. */
  const optionsFailed = optionsQuery.isError;
  const retryAfterFailure = useCallback(() => {
    askAgain.current = true;
    if (optionsFailed) reloadOptionsAndList();
    else reloadList();
  }, [optionsFailed, reloadOptionsAndList, reloadList]);

  // The cell actions read the latest state through this host, so they stay one object.
  const ownWrites = useRef(new Map<string, number>());
  const fullRowFields = useMemo(() => fullRowLoadingFields(allColumns), [allColumns]);
  const reloadFields = useMemo(() => reloadAfterUpdateFields(allColumns), [allColumns]);
  const host = useRef<TableHost | null>(null);
  host.current = {
    t,
    apiName,
    screenRequestData: requestData,
    store,
    options: (key) => (key ? (optionLists[key] ?? NO_OPTIONS) : NO_OPTIONS),
    reloadAfterUpdateFields: () => reloadFields,
    sharedQuery: () => ({ TextSearch: textSearch, Filters: serverFilters }),
    reloadList,
    reloadOptionsAndList,
    reloadMaster: () => master?.reloadMaster(),
    noteOwnWrite: (key) => ownWrites.current.set(key, Date.now()),
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new language makes new texts for every cell
  const actions: CellActions = useMemo(() => createCellActions(() => host.current as TableHost), [t]);

  // Live refresh: a change elsewhere to a row shown is re-read; anything else reloads the list.
  useEffect(() => {
    let timer: number | undefined;
    const stop = onDataChanged((event) => {
      if (event.APIName !== apiName) return;
      const key = valueText(event.Id);
      const own = ownWrites.current.get(key);
      if (own !== undefined && Date.now() - own < OWN_WRITE_ECHO_MS) return;
      const row = key ? store.get(key) : undefined;
      if (row) {
        if (loadingFields(row).length > 0) return;
        fetchResourceDetail(apiName, row.Id as number).then(
          (fresh) => store.update(key, (latest) => ({ ...latest, ...readObject(fresh) })),
          () => store.update(key, markRowJustDeleted),
        );
        return;
      }
      window.clearTimeout(timer);
      timer = window.setTimeout(reloadList, RELOAD_DEBOUNCE_MS);
    });
    return () => {
      stop();
      window.clearTimeout(timer);
    };
  }, [apiName, store, reloadList]);

  const setPageSize = useCallback(
    (size: number) => {
      try {
        localStorage.setItem(storageKey, writePageSize(savedSettings(storageKey), size));
      } catch {
        // Storage may be full or off; the size still applies to this page.
      }
      setChosenSize(size);
      updateAddress((current) => ({ ...current, pageSize: size, page: 1 }));
    },
    [storageKey, updateAddress],
  );
  const setPage = useCallback(
    (next: number) =>
      updateAddress((current) => (current.page === next ? current : { ...current, page: next })),
    [updateAddress],
  );
  const setSorting = useCallback(
    (next: SortingState | ((old: SortingState) => SortingState)) =>
      updateAddress((current) => ({
        ...current,
        sorting: (typeof next === 'function' ? next(current.sorting) : next).map(({ id, desc }) => ({
          id,
          desc,
        })),
        page: 1,
      })),
    [updateAddress],
  );
  const setFilterValue = useCallback((fieldName: string, value: unknown) => {
    setFilterValues((current) => ({ ...current, [fieldName]: value }));
  }, []);
  const setSearchText = useCallback((text: string) => {
    setSearch(text);
  }, []);
  const filtersActive =
    search.trim() !== '' || Object.values(filterValues).some((value) => !isEmptyFilterValue(value));
  /** Takes off every filter and the search, at once (one history entry). */
  const clearFilters = useCallback(() => {
    setSearch('');
    setFilterValues({});
    updateAddress((current) => ({ ...current, search: '', filters: {}, page: 1 }));
  }, [updateAddress]);
  const toggleExpanded = useCallback(
    (key: string) => store.update(key, (row) => toggleRowExpanded(row)),
    [store],
  );

  // A table inside another screen (a category's customers) names its landmarks after itself, so
  // that they are told from the page's own filters and pages.
  const landmark = useCallback(
    (name: string) =>
      !inAddress && screen.title
        ? t('{{name}} of {{list}}', { name: t(name), list: t(screen.title) })
        : t(name),
    [inAddress, screen.title, t],
  );

  return {
    screen,
    t,
    landmark,
    apiName,
    config,
    variant,
    optionLists,
    columns,
    allColumns,
    dataColumns,
    columnChoices,
    columnChoicesReady,
    saveColumnChoices,
    columnDefs,
    filters,
    filterValues,
    setFilterValue,
    filterOptions,
    /** A record picked in a lookup filter: its text shows in the filter's chip. */
    rememberLookupOption: lookupTexts.remember,
    search,
    setSearchText,
    filtersActive,
    clearFilters,
    page,
    setPage,
    pageSize,
    setPageSize,
    sorting,
    setSorting,
    total: listData?.Total ?? 0,
    rows: shownRows,
    /** Changes when the rows shown come, go or move (not when a row's values change). */
    rowsStructure: `${store.structure}:${shownRows.length}`,
    store,
    actions,
    fullRowFields,
    listBody,
    /** True once after a List answer's rows reached the store: the view marks when they are painted. */
    takePaintPending: () => {
      const pending = paintPending.current;
      paintPending.current = false;
      return pending;
    },
    loading: listQuery.isFetching || optionsQuery.isFetching,
    /**
     * Whether the screen's layout is known (its Options are in, or failed). Until then the screen
     * shows a placeholder, so that the toolbar and the filters arrive together, above a grid that
     * is not yet there, instead of pushing the grid down as they come (a layout shift). The rows
     * come later into the grid's own place, below which nothing is drawn yet.
     */
    settled: firstSettled,
    failed: listQuery.isError || optionsQuery.isError,
    retryAfterFailure,
    waitingForFilter,
    reloadList,
    reloadAfterAdd,
    reloadOptionsAndList,
    toggleExpanded,
    /** The one record a relation's link opened (`?id=`), and the way back to them all. */
    linkedRecord,
    showAllRecords,
  };
}

export type TableController = ReturnType<typeof useTableController>;

/** True from the first render where `now` holds on: a screen that has settled never goes back. */
function useSettledOnce(now: boolean): boolean {
  const settled = useRef(false);
  if (now) settled.current = true;
  return settled.current;
}
