import '../../cells';
import './api-list';
import './permission-matrix';
import './row-detail';
import './table.scss';
import { useDeferredValue, useMemo } from 'react';
import { ListMessage } from '../../components/list-state/list-state';
import { MasterContext } from '../../components/modal-host/master-context';
import type { ScreenRendererProps } from '../registry';
import { RecordActivitySection, useRecordLink } from './activity/open-record-activity';
import './bulk/bulk.scss';
import { BulkBar } from './bulk/bulk-bar';
import { useRowSelection } from './bulk/use-row-selection';
import { CardViews } from './card-views';
import { DataGrid } from './data-grid';
import { FilterBar } from './filter-bar';
import { Pager } from './pager';
import type { TableVariant } from './screen-config';
import { Toolbar } from './toolbar';
import { useTableController } from './use-table-controller';
import { useTableDensity } from './use-table-density';

function TableScreen({
  screen,
  embedded,
  variant,
  record = false,
}: ScreenRendererProps & { variant?: TableVariant; record?: boolean }) {
  // Only a page's own list keeps its state in the address: one address cannot hold two tables.
  const controller = useTableController(screen, variant, !embedded && !record);
  const { t, loading, config } = controller;
  // Screens inside this table's expansions and modals reload it with needReloadMaster.
  const master = useMemo(() => ({ reloadMaster: controller.reloadList }), [controller.reloadList]);
  const [density] = useTableDensity();
  // The Options answer (a synchronous update of its query) swaps the placeholder for the toolbar, the
  // filters and the grid: drawn in a transition, in slices, not as one long task on a phone (issue 26).
  const settled = useDeferredValue(controller.settled);
  return (
    <MasterContext.Provider value={master}>
      <section
        className={`table-screen density-${density}${embedded ? ' embedded' : ' container-fluid py-3'}`}
        // Inside a widget, tab or modal the container names the region; a second name would repeat it.
        aria-label={embedded ? undefined : t(screen.title || (config.page.title ?? ''))}
        aria-busy={loading ? true : undefined}
        data-screen={screen.screenCode}
      >
        {settled ? (
          <TableLayout
            controller={controller}
            embedded={embedded}
            record={record}
            // A page that draws the record's comments and history itself (the project's task page).
            activityBelow={record && screen.config.ownActivity !== true}
          />
        ) : (
          <TablePlaceholder t={t} title={embedded ? undefined : screen.title} />
        )}
      </section>
    </MasterContext.Provider>
  );
}

function TableLayout({
  controller,
  embedded,
  record,
  activityBelow,
}: {
  controller: ReturnType<typeof useTableController>;
  embedded: boolean | undefined;
  record: boolean;
  /** One record's page: its comments and history under its fields. */
  activityBelow: boolean;
}) {
  const { t, loading, rows } = controller;
  const shown = controller.variant;
  const selection = useRowSelection(controller);
  // Rows are chosen for bulk actions on a page's own table (not one record, not inside a widget).
  const selectable = shown === 'table' && !record && !embedded;
  useRecordLink(controller, !record && !embedded && controller.config.table.activity);
  const shownRecord = activityBelow && controller.config.table.activity ? Number(rows[0]?.Id) : Number.NaN;
  return (
    <>
      <Toolbar controller={controller} embedded={embedded} />
      {controller.linkedRecord !== null && <LinkedRecordNote controller={controller} />}
      {/* One record (a detail page) has nothing to search, filter or page through. */}
      {!record && <FilterBar controller={controller} />}
      {selectable && <BulkBar controller={controller} selection={selection} />}
      <div className="table-body">
        {shown === 'table' ? (
          <DataGrid controller={controller} selection={selectable ? selection : undefined} />
        ) : (
          <CardViews controller={controller} variant={shown} record={record} />
        )}
        {loading && (
          <div className="table-loading" role="status">
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />
            <span className="visually-hidden">{t('Loading')}</span>
          </div>
        )}
        {!loading &&
          rows.length === 0 &&
          (record ? (
            <p className="table-empty text-body-secondary">{t('This record does not exist any more.')}</p>
          ) : (
            <EmptyState controller={controller} />
          ))}
      </div>
      {Number.isInteger(shownRecord) && shownRecord > 0 && (
        <RecordActivitySection controller={controller} id={shownRecord} />
      )}
      {/* No pager over nothing: zero rows have no pages; none around one record. */}
      {!record && (rows.length > 0 || controller.total > 0) && <Pager controller={controller} />}
    </>
  );
}

/** The page shows the one record a relation's link opened: says so, with the way back to them all. */
function LinkedRecordNote({ controller }: { controller: ReturnType<typeof useTableController> }) {
  const { t } = controller;
  return (
    <p className="table-linked-record">
      <i className="bi bi-link-45deg" aria-hidden="true" />
      <span>{t('Showing record #{{id}} only.', { id: controller.linkedRecord })}</span>
      <button type="button" className="btn btn-sm btn-link p-0" onClick={controller.showAllRecords}>
        {t('Show all records')}
      </button>
    </p>
  );
}

/**
 * Grey bars where the toolbar, the filters and the first rows will be, until the layout is known.
 * The page's title is known from its menu entry already: it is drawn where the toolbar will draw it,
 * so that the heading (often the largest text of the first view) is painted at once.
 */
function TablePlaceholder({
  t,
  title,
}: {
  t: ReturnType<typeof useTableController>['t'];
  title: string | undefined;
}) {
  return (
    <div className="table-placeholder placeholder-glow" role="status">
      {title ? (
        <div className="table-toolbar">
          <h1 className="h4 mb-0 me-auto">{t(title)}</h1>
        </div>
      ) : (
        <span className="placeholder placeholder-lg col-3" aria-hidden="true" />
      )}
      <span className="visually-hidden">{t('Loading')}</span>
      <span className="placeholder col-12" aria-hidden="true" />
      {PLACEHOLDER_ROWS.map((row) => (
        <span key={row} className="placeholder placeholder-sm col-12" aria-hidden="true" />
      ))}
    </div>
  );
}
const PLACEHOLDER_ROWS = [1, 2, 3, 4, 5, 6];

/**
 * What a table with no rows shows: why (a failure, a filter to choose, nothing matching), with an
 * icon, and the way out (clear the filters and the search) when they are what hides the rows.
 */
function EmptyState({ controller }: { controller: ReturnType<typeof useTableController> }) {
  const { t, failed, waitingForFilter, filtersActive, clearFilters } = controller;
  if (failed) {
    // The generic texts of part 1 section 8: 'Error!', 'Something went wrong', 'Try again'.
    return (
      <ListMessage
        failed
        icon="exclamation-triangle"
        heading={t('Error!')}
        text={t('Something went wrong')}
        action={
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            onClick={controller.retryAfterFailure}
          >
            <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
            {t('Try again')}
          </button>
        }
      />
    );
  }
  return (
    <ListMessage
      icon={waitingForFilter ? 'funnel' : 'inbox'}
      text={waitingForFilter ? t('Choose a filter to show data') : t('No records match')}
      action={
        !waitingForFilter &&
        filtersActive && (
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={clearFilters}>
            <i className="bi bi-x-circle me-1" aria-hidden="true" />
            {t('Clear filters')}
          </button>
        )
      }
    />
  );
}

/** `admin_table`: the variant the screen configures (`Table.variant`), a table by default. */
export default function AdminTable(props: ScreenRendererProps) {
  return <TableScreen {...props} />;
}

/** `admin_table_list`: rows as a list. */
export function AdminTableList(props: ScreenRendererProps) {
  return <TableScreen {...props} variant="table_list" />;
}

/** `admin_table_list_card`: rows as cards, one under the other. */
export function AdminTableListCard(props: ScreenRendererProps) {
  return <TableScreen {...props} variant="table_list_card" />;
}

/** `admin_table_grid_card`: rows as a grid of cards, `Table.gridColumns` (5) to a line. */
export function AdminTableGridCard(props: ScreenRendererProps) {
  return <TableScreen {...props} variant="table_grid_card" />;
}

/** `admin_record`: one record's detail (the address names it), every field in place, as a card. */
export function AdminRecord(props: ScreenRendererProps) {
  return <TableScreen {...props} variant="table_list_card" record />;
}
