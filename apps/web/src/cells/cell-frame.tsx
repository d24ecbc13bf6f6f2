import { memo, useId } from 'react';
import { describeEmbeddedScreen, EmbeddedScreen } from '../components/embedded-screen/embedded-screen';
import type { PreparedColumn } from '../engine/columns';
import { cellError, isCellErrorRetryable, isCellLoading, rowCellAppend, type TableRow } from '../engine/rows';
import { textColorForTheme } from '../engine/theme-color';
import { joinClassNames, readObject, readText, valueText } from '../engine/values';
import { useColorMode } from '../state/color-mode';
import { cellDefinition } from './registry';
import { resolveCellCached } from './resolve-cache';
import { fillObjectTemplates } from './shared/templates';
import type { CellActions, CellProps } from './types';

/** What a row appends to a cell (`UI_ComponentAppendCell`): a text, or `{type: badge | icon, text, color}`. */
function CellAppend({ value, actions }: { value: unknown; actions: CellActions }) {
  const object = readObject(value);
  if (!object) return <span className="cell-append ms-1">{valueText(value)}</span>;
  const text = readText(object.text) ?? '';
  const color = readText(object.color) ?? 'secondary';
  if (object.type === 'icon') {
    return (
      <i
        className={`bi bi-${readText(object.icon) ?? 'info-circle'} ms-1 text-${color}`}
        role="img"
        aria-label={actions.t(text || 'Note')}
      />
    );
  }
  return <span className={`badge text-bg-${color} ms-1`}>{actions.t(text)}</span>;
}

/** The cell's content: its renderer (or embedded screen) and the states of the cell-update machine. */
function CellContent(props: CellProps) {
  const { column, row, resolved, actions } = props;
  const field = resolved.value.valueField;
  const loading = isCellLoading(row, field);
  const error = cellError(row, field);
  const errorId = useId();
  const append = rowCellAppend(row, column.fieldName);
  const embedded = resolved.embeddedUi;
  const Cell = cellDefinition(column.cellType).component;
  let body: React.ReactNode;
  if (embedded) {
    const config = readObject(embedded.config) ?? {};
    const screen = describeEmbeddedScreen({ ...config, uiType: embedded.type });
    screen.requestData = { ...screen.requestData, ...fillObjectTemplates(config.requestData, row) };
    body = <EmbeddedScreen screen={screen} />;
  } else {
    body = <Cell {...props} errorId={errorId} />;
  }
  return (
    <>
      {body}
      {resolved.editing.waiting && (
        <span className="cell-waiting-mark" title={actions.t('Waiting for the server')}>
          <i className="bi bi-hourglass-split" aria-hidden="true" />
          <span className="visually-hidden">{actions.t('Waiting for the server')}</span>
        </span>
      )}
      {loading && (
        <span className="spinner-border spinner-border-sm cell-spinner" role="status">
          <span className="visually-hidden">{actions.t('Saving')}</span>
        </span>
      )}
      {error && !loading && (
        <span className="cell-error" role="alert">
          <span className="cell-error-text" id={errorId}>
            {actions.t(error)}
          </span>
          {/* Only a network failure is worth sending again as it is; a refusal waits for a change. */}
          {isCellErrorRetryable(row, field) && (
            <button
              type="button"
              className="btn btn-link btn-sm p-0 cell-retry"
              onClick={() => actions.retry(row, column)}
            >
              {actions.t('Retry')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-link btn-sm p-0 cell-dismiss"
            onClick={() => actions.cancelEdit(row, column)}
            title={actions.t('Keep the saved value')}
          >
            {actions.t('Undo')}
          </button>
        </span>
      )}
      {append !== undefined && <CellAppend value={append} actions={actions} />}
    </>
  );
}

type CellFrameProps = {
  column: PreparedColumn;
  row: TableRow;
  actions: CellActions;
  inModal?: boolean;
  /** `td` in the table; `div` in list and card views, with the column's header as a label. */
  as?: 'td' | 'div';
  label?: string;
};

/**
 * One cell: resolves its options once (cached per row object), applies visibility, style, class and
 * tooltip, and marks its state (loading, error, waiting on a running api, refreshed after a related
 * update). Memoised: a cell re-renders only when its row object or column changes.
 */
export const CellFrame = memo(function CellFrame({
  column,
  row,
  actions,
  inModal,
  as = 'td',
  label,
}: CellFrameProps) {
  const resolved = resolveCellCached(column, row);
  const theme = useColorMode((s) => s.theme);
  const Tag = as;
  const field = resolved.value.valueField;
  if (!resolved.visibility.visible) {
    return (
      <Tag
        className={joinClassNames('cell', 'cell-hidden', resolved.styling.className)}
        data-field={column.fieldName}
      />
    );
  }
  const loading = isCellLoading(row, field);
  const error = cellError(row, field);
  const refreshed =
    row._UI_NeedUpdateUI === true &&
    Array.isArray(row._UI_NeedUpdateUIByFields) &&
    row._UI_NeedUpdateUIByFields.includes(column.fieldName);
  const configuredColor = resolved.styling.cellStyle.color;
  // A configured colour is chosen on white: in dark mode it is lightened until it reads.
  const themedStyle =
    theme === 'dark' && typeof configuredColor === 'string'
      ? { ...resolved.styling.cellStyle, color: textColorForTheme(configuredColor, theme) }
      : resolved.styling.cellStyle;
  const tooltip =
    resolved.tooltip.tooltip ?? (resolved.display.shortened ? resolved.display.fullText : undefined);
  return (
    <Tag
      className={joinClassNames(
        'cell',
        `cell-type-${column.cellType}`,
        resolved.styling.className,
        loading && 'cell-loading',
        error && 'cell-has-error',
        resolved.editing.waiting && 'cell-waiting',
        refreshed && 'cell-refreshed',
        resolved.styling.cellStyle.wordBreak !== undefined && 'cell-wrap',
      )}
      style={themedStyle}
      title={tooltip}
      data-field={column.fieldName}
      aria-busy={loading || resolved.editing.waiting ? true : undefined}
    >
      {label !== undefined && <span className="cell-label">{label}</span>}
      <CellContent column={column} row={row} resolved={resolved} actions={actions} inModal={inModal} />
    </Tag>
  );
});
