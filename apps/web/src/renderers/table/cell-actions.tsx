import type { ApiConfig, OptionItem } from '@panelwright/contract';
import { useSyncExternalStore } from 'react';
import { toast } from 'react-toastify';
import { searchRelation } from '../../api/relation-search';
import {
  deleteResourceRecord,
  fetchResourceDetail,
  runApiPlan,
  updateResourceFields,
} from '../../api/resources';
import { type CellActions, CellFrame, resolveCellCached, type Translate } from '../../cells';
import { fillObjectTemplates } from '../../cells/shared/templates';
import { describeEmbeddedScreen } from '../../components/embedded-screen/embedded-screen';
import { showFullPath } from '../../components/full-path/full-path';
import {
  confirmDialog,
  type ModalSpec,
  openLightbox,
  openModal,
} from '../../components/modal-host/modal-store';
import { showSecret } from '../../components/secret-dialog/secret-dialog';
import {
  buildUpdateFieldsRequest,
  cancelCellEdit,
  failCellUpdate,
  startCellUpdate,
  succeedCellUpdate,
} from '../../engine/cell-update';
import {
  buildApiCall,
  type CellModal,
  decideAfterApiSuccess,
  decideModalFromCheck,
  type PreparedColumn,
} from '../../engine/columns';
import {
  hasTriedValue,
  markRowJustDeleted,
  recordName,
  setRowExpanded,
  type TableRow,
  triedValue,
} from '../../engine/rows';
import { parseToastText } from '../../engine/toast-prefix';
import { fillTemplate, hasValue, readObject, readText, valueText } from '../../engine/values';
import type { RowStore } from './row-store';

/** Marks in the page's performance timeline, read by the benchmarks (bench/table.ts). */
export const PERF_MARKS = {
  rowsSet: 'pw-table:rows-set',
  rowsPainted: 'pw-table:rows-painted',
  cellSaved: 'pw-table:cell-saved',
} as const;

/** What the cell actions need from the table that shows the cells. */
export type TableHost = {
  t: Translate;
  apiName: string;
  screenRequestData: Record<string, unknown>;
  store: RowStore;
  options(key: string | undefined): readonly OptionItem[];
  /** Fields whose update reloads the list (`needReloadAfterUpdateFields` columns). */
  reloadAfterUpdateFields(): readonly string[];
  /** The page's filters and search, for `queryWithQuerySharedPage`. */
  sharedQuery(): unknown;
  reloadList(): void;
  reloadOptionsAndList(): void;
  reloadMaster(): void;
  /** This page changed the row: a `data-changed` event for it is our own echo. */
  noteOwnWrite(key: string): void;
};

/** The question of a delete button without a configured confirmation: it names the record. */
const DELETE_NAMED = 'Delete “{{name}}”? This cannot be undone.';
const DELETE_UNNAMED = 'Delete this row? This cannot be undone.';

/** Shows a message of the server as a toast; a prefix such as [Warning] picks the kind. */
function toastMessage(t: Translate, text: string, fallback: 'success' | 'info' = 'success'): void {
  const { kind, text: shown } = parseToastText(text, fallback);
  const show = {
    success: toast.success,
    info: toast.info,
    warning: toast.warning,
    error: toast.error,
  }[kind as 'success' | 'info' | 'warning' | 'error'];
  (show ?? toast)(t(shown));
}

/** A cell of one row drawn in a modal (`cellinmodal`), following the row as it changes. */
function RowCellInModal({
  store,
  rowKey,
  column,
  actions,
}: {
  store: RowStore;
  rowKey: string;
  column: PreparedColumn;
  actions: CellActions;
}) {
  const row = useSyncExternalStore(store.subscribe, () => store.get(rowKey));
  if (!row) return <p className="mb-0">{actions.t('This row is no longer in the list.')}</p>;
  return <CellFrame as="div" column={column} row={row} actions={actions} inModal />;
}

/**
 * The actions of the cells of one table: the cell-update state machine of part 2 section 4 (through
 * the engine's start, succeed and fail), configured calls, modals with their api check, confirmations,
 * deletes and removes. One instance per table; it reads the host at every call, so it never goes
 * stale and stays one object for the memoised cells.
 */
export function createCellActions(getHost: () => TableHost): CellActions {
  /** Updates of one row go one after the other, each with the row's latest `IM_ReturnTime`. */
  const queues = new Map<string, Promise<void>>();
  const enqueue = (key: string, work: () => Promise<void>) => {
    const next = (queues.get(key) ?? Promise.resolve()).then(work, work);
    queues.set(key, next);
    void next.finally(() => {
      if (queues.get(key) === next) queues.delete(key);
    });
  };

  const current = (row: TableRow): { key: string | undefined; row: TableRow } => {
    const { store } = getHost();
    const key = store.keyOf(row);
    return { key, row: (key && store.get(key)) || row };
  };

  const setLoading = (key: string | undefined, field: string, loading: boolean) => {
    if (!key) return;
    getHost().store.update(key, (row) => ({ ...row, _UI_Loading: { ...row._UI_Loading, [field]: loading } }));
  };

  const confirmed = async (column: PreparedColumn, row: TableRow): Promise<boolean> => {
    const confirmation = resolveCellCached(column, row).confirmation;
    if (!confirmation) return true;
    const { t } = getHost();
    return confirmDialog({ title: t(confirmation.title), message: t(confirmation.message) });
  };

  const baseBody = (column: PreparedColumn, row: TableRow): Record<string, unknown> => {
    const host = getHost();
    const resolved = resolveCellCached(column, row);
    const body: Record<string, unknown> = {};
    const requestData = { ...host.screenRequestData, ...resolved.updateBehaviour.requestDataFromRow };
    if (Object.keys(requestData).length > 0) body.RequestData = requestData;
    if (Object.keys(resolved.updateBehaviour.defaultValues).length > 0) {
      body.DefaultValues = resolved.updateBehaviour.defaultValues;
    }
    return body;
  };

  async function sendUpdate(
    key: string,
    column: PreparedColumn,
    field: string,
    value: unknown,
    force: boolean,
  ) {
    const host = getHost();
    const latest = host.store.get(key);
    if (!latest) return;
    const resolved = resolveCellCached(column, latest);
    const request = buildUpdateFieldsRequest(latest, field, value, {
      requestData: Object.keys(host.screenRequestData).length > 0 ? host.screenRequestData : undefined,
      requestDataFromRow: resolved.updateBehaviour.requestDataFromRow,
    });
    if (hasValue(latest.IM_ReturnTime)) request.IM_ReturnTime = valueText(latest.IM_ReturnTime);
    // queryWithQuerySharedPage: the page's filters and search go along (the server may ignore them).
    if (resolved.reloads.sendSharedQuery) {
      (request as typeof request & { SharedQueryData?: unknown }).SharedQueryData = host.sharedQuery();
    }
    host.noteOwnWrite(key);
    try {
      // A column may name its own update function (`more.updateFunction`) instead of UpdateFields.
      const own = resolved.updateBehaviour.updateFunction;
      const answer = await (own
        ? updateResourceFields(host.apiName, request, own)
        : updateResourceFields(host.apiName, request));
      let outcome: ReturnType<typeof succeedCellUpdate> | undefined;
      host.store.update(key, (row) => {
        outcome = succeedCellUpdate(row, field, answer, {
          force,
          reloadAfterUpdateFields: host.reloadAfterUpdateFields(),
          reloadListMain: resolved.reloads.listMain,
          reloadOptionsAndListMain: resolved.reloads.optionsAndListMain,
          reloadMaster: resolved.reloads.master,
        });
        return outcome.row;
      });
      performance.mark(PERF_MARKS.cellSaved);
      if (outcome?.reload === 'optionsAndList') host.reloadOptionsAndList();
      else if (outcome?.reload === 'list') host.reloadList();
      if (outcome?.reloadMaster) host.reloadMaster();
    } catch (error) {
      host.store.update(key, (row) => failCellUpdate(row, field, error));
    }
  }

  async function commit(row: TableRow, column: PreparedColumn, value: unknown, retry = false) {
    const host = getHost();
    const { key, row: now } = current(row);
    if (!key) return;
    const resolved = resolveCellCached(column, now);
    const field = resolved.value.valueField;
    const update = { field, value, relatedFields: resolved.updateBehaviour.relatedFields };
    const first = startCellUpdate(now, update);
    if (!first.send) {
      // Nothing to send; giving the saved value back still clears what was tried.
      if (first.row !== now) host.store.update(key, (latest) => startCellUpdate(latest, update).row);
      return;
    }
    if (!retry && !(await confirmed(column, now))) return;
    let sent = false;
    host.store.update(key, (latest) => {
      const started = startCellUpdate(latest, update);
      sent = started.send;
      return started.row;
    });
    if (sent) enqueue(key, () => sendUpdate(key, column, field, value, false));
  }

  async function reloadRow(key: string) {
    const host = getHost();
    const row = host.store.get(key);
    if (!row || !hasValue(row.Id)) return;
    try {
      const fresh = await fetchResourceDetail(host.apiName, row.Id as number);
      host.store.update(key, (latest) => ({ ...latest, ...readObject(fresh) }));
    } catch {
      host.store.update(key, markRowJustDeleted);
    }
  }

  async function runApi(row: TableRow, column: PreparedColumn, config: ApiConfig) {
    const host = getHost();
    const { key, row: now } = current(row);
    const resolved = resolveCellCached(column, now);
    const plan = buildApiCall(config, {
      row: now,
      screenApiName: host.apiName,
      baseBody: baseBody(column, now),
      sharedQuery: host.sharedQuery(),
      sendSharedQuery: resolved.reloads.sendSharedQuery,
    });
    const field = column.fieldName;
    setLoading(key, field, true);
    if (key) host.noteOwnWrite(key);
    try {
      const answer = await runApiPlan(plan);
      const after = decideAfterApiSuccess(config, answer, {
        newWindow: column.more.newWindow !== false,
        autoOpenLink: column.more.autoOpenLink === true,
      });
      setLoading(key, field, false);
      if (after.toast) toastMessage(host.t, after.toast);
      if (after.secret) showSecret(host.t(column.header), after.secret);
      if (key && after.reloadRow) await reloadRow(key);
      if (key && after.reExpand) host.store.update(key, (latest) => setRowExpanded(latest, true));
      if (after.reloadPage) window.location.reload();
      else if (after.reloadOptionsAndList) host.reloadOptionsAndList();
      else if (after.reloadList) host.reloadList();
      showFullPath(after.fullPath);
    } catch {
      // The API client has told the user why.
      setLoading(key, field, false);
    }
  }

  function modalSpec(
    modal: CellModal,
    column: PreparedColumn,
    key: string | undefined,
    row: TableRow,
    data: { formData: unknown; configForm: unknown; resultModel: unknown },
    actions: CellActions,
  ): ModalSpec | null {
    const host = getHost();
    const config = readObject(modal.config) ?? {};
    const title = host.t(modal.title) || host.t(column.header);
    const base = { size: modal.size, title, reloadOpener: () => host.reloadList() };
    const formData = readObject(data.formData) ?? row;
    const resolved = resolveCellCached(column, row);
    switch (modal.type) {
      case 'cellinmodal':
        return key
          ? {
              ...base,
              type: 'cellinmodal',
              render: () => (
                <RowCellInModal store={host.store} rowKey={key} column={column} actions={actions} />
              ),
            }
          : null;
      case 'component':
        return { ...base, type: 'component', component: readText(config.name), config, data: formData };
      case 'lightbox': {
        const images = Array.isArray(config.images)
          ? config.images.map(valueText)
          : (resolved.photo?.urls ?? []);
        return images.length > 0 ? { type: 'lightbox', size: 'full', images, index: 0 } : null;
      }
      case 'mydialog':
        return {
          ...base,
          type: 'mydialog',
          message: fillTemplate(host.t(readText(config.message) ?? resolved.display.fullText), row),
        };
      case 'myui':
      case 'myform':
      case 'mypage': {
        const screen = describeEmbeddedScreen(config, {
          pageType: modal.type === 'myui' ? undefined : modal.type,
          apiName: host.apiName,
          title,
        });
        screen.requestData = { ...screen.requestData, ...fillObjectTemplates(config.requestData, row) };
        // What the form or page starts from: the api check's answer, else the row.
        screen.config = {
          ...screen.config,
          formData,
          configForm: data.configForm,
          resultModel: data.resultModel,
          defaultValues: resolved.updateBehaviour.defaultValues,
        };
        return { ...base, type: modal.type, screen };
      }
      default:
        return null;
    }
  }

  async function openCellModal(
    row: TableRow,
    column: PreparedColumn,
    actions: CellActions,
    confirm: boolean,
  ) {
    const host = getHost();
    const { key, row: now } = current(row);
    const resolved = resolveCellCached(column, now);
    const modal = resolved.modal;
    if (!modal?.canOpen) return;
    if (confirm && !(await confirmed(column, now))) return;
    let data = {
      formData: undefined as unknown,
      configForm: undefined as unknown,
      resultModel: undefined as unknown,
    };
    if (modal.check) {
      const plan = buildApiCall(modal.check, {
        row: now,
        screenApiName: host.apiName,
        baseBody: baseBody(column, now),
      });
      let decision: ReturnType<typeof decideModalFromCheck>;
      setLoading(key, column.fieldName, true);
      try {
        decision = decideModalFromCheck(await runApiPlan(plan));
      } catch (error) {
        decision = decideModalFromCheck(error instanceof Error ? error : new Error('the check failed'));
      } finally {
        setLoading(key, column.fieldName, false);
      }
      if (!decision.open) return;
      data = {
        formData: decision.formData,
        configForm: decision.configForm,
        resultModel: decision.resultModel,
      };
    }
    const spec = modalSpec(modal, column, key, now, data, actions);
    if (!spec) return;
    const result = await openModal(spec);
    if (result) host.reloadList();
  }

  // The host's translate remembers its texts (rememberingTranslate): cells ask for the same few
  // hundreds of times while scrolling.
  const translate: Translate = (key, options) => getHost().t(key, options);

  const actions: CellActions = {
    t: translate,
    options: (key) => getHost().options(key),
    lookup: searchRelation,
    commit: (row, column, value) => void commit(row, column, value),
    retry: (row, column) => {
      const { row: now } = current(row);
      const field = resolveCellCached(column, now).value.valueField;
      if (!hasTriedValue(now, field)) return;
      void commit(now, column, triedValue(now, field), true);
    },
    cancelEdit: (row, column) => {
      const host = getHost();
      const { key, row: now } = current(row);
      if (!key) return;
      const field = resolveCellCached(column, now).value.valueField;
      host.store.update(key, (latest) => cancelCellEdit(latest, field));
    },
    activate: (row, column) => {
      void (async () => {
        const { row: now } = current(row);
        const resolved = resolveCellCached(column, now);
        if (resolved.button?.disabled) return;
        const api = readObject(column.more.api) as ApiConfig | undefined;
        if (api) {
          if (await confirmed(column, now)) await runApi(now, column, api);
          return;
        }
        if (resolved.modal) return openCellModal(now, column, actions, true);
        if (column.cellType === 'form') return actions.openForm(now, column);
        const link = resolved.link;
        if (link?.href && (await confirmed(column, now))) {
          showFullPath({
            kind: 'open',
            links: [{ url: link.href, name: link.text, info: undefined }],
            title: undefined,
            newWindow: link.newWindow,
            download: false,
            autoOpen: true,
          });
        }
      })();
    },
    openModal: (row, column) => void openCellModal(row, column, actions, false),
    openForm: (row, column) => {
      void (async () => {
        const host = getHost();
        const { row: now } = current(row);
        const resolved = resolveCellCached(column, now);
        const config = readObject(column.more.form) ?? readObject(resolved.modal?.config) ?? {};
        const screen = describeEmbeddedScreen(config, { pageType: 'myform', apiName: host.apiName });
        screen.config = {
          ...screen.config,
          formData: now,
          defaultValues: resolved.updateBehaviour.defaultValues,
        };
        const result = await openModal({
          type: 'myform',
          size: resolved.modal?.size ?? 'lg',
          title: host.t(resolved.modal?.title || column.header),
          screen,
          reloadOpener: () => host.reloadList(),
        });
        if (result) host.reloadList();
      })();
    },
    openPhotos: (urls, index) => void openLightbox(urls, index),
    deleteRow: (row, column) => {
      void (async () => {
        const host = getHost();
        const { key, row: now } = current(row);
        if (!key || !hasValue(now.Id)) return;
        const confirmation = resolveCellCached(column, now).confirmation;
        const name = recordName(now);
        const ok = await confirmDialog({
          // Part 2 section 9: a confirmation's title is 'Confirm' unless configured.
          title: host.t(confirmation?.title ?? 'Confirm'),
          message: confirmation?.message
            ? host.t(confirmation.message)
            : name
              ? host.t(DELETE_NAMED, { name })
              : host.t(DELETE_UNNAMED),
          okText: host.t('Delete'),
          danger: true,
        });
        if (!ok) return;
        setLoading(key, column.fieldName, true);
        host.noteOwnWrite(key);
        try {
          await deleteResourceRecord(host.apiName, now.Id as number);
          host.store.update(key, (latest) => markRowJustDeleted({ ...latest, _UI_Loading: {} }));
          window.setTimeout(() => host.reloadList(), 800);
        } catch {
          setLoading(key, column.fieldName, false);
        }
      })();
    },
    removeRow: (row, column) => {
      void (async () => {
        const { key, row: now } = current(row);
        if (!key || !(await confirmed(column, now))) return;
        getHost().store.remove(key);
      })();
    },
  };
  return actions;
}
