import { useCallback, useEffect, useRef } from 'react';
import { openModal } from '../../../components/modal-host/modal-store';
import { historyValueFormatter } from '../../../engine/record-activity/history-values';
import { addressSearch, setAddressSearch, useAddressSearch } from '../../../state/navigation';
import type { TableController } from '../use-table-controller';
import { RecordActivity } from './record-activity';

type Opener = Pick<TableController, 't' | 'apiName' | 'allColumns'>;
type ActivityTable = Opener & { config: { table: { activity: boolean } } };

/** Opens a record's comments and history in a dialog. */
export function openRecordActivity(controller: Opener, id: number): void {
  const format = historyValueFormatter(controller.allColumns, controller.t);
  void openModal({
    type: 'component',
    size: 'lg',
    title: controller.t('Comments and history of #{{id}}', { id }),
    render: () => <RecordActivity apiName={controller.apiName} id={id} t={controller.t} format={format} />,
  });
}

/**
 * The opener of a record's comments and history for a table's rows, or undefined where its records
 * have none. Stable across renders, so that memoised rows do not draw again for it.
 */
export function useRecordActivityOpener(controller: ActivityTable): ((id: number) => void) | undefined {
  const current = useRef(controller);
  current.current = controller;
  const open = useCallback((id: number) => openRecordActivity(current.current, id), []);
  return controller.config.table.activity ? open : undefined;
}

/** One record's page (`admin_record`): its comments and history under its fields. */
export function RecordActivitySection({ controller, id }: { controller: Opener; id: number }) {
  const { t } = controller;
  return (
    <section className="record-activity-section card mt-3" aria-label={t('Comments and history')}>
      <div className="card-body">
        <h2 className="h5 mb-3">{t('Comments and history')}</h2>
        <RecordActivity
          apiName={controller.apiName}
          id={id}
          t={t}
          format={historyValueFormatter(controller.allColumns, t)}
        />
      </div>
    </section>
  );
}

/**
 * A page's table opened with `?record=ID` (the link of a mention's notification) shows that
 * record's comments at once; the parameter is then dropped so that a reload does not open it again.
 */
export function useRecordLink(controller: Opener, enabled: boolean): void {
  // The address through state/navigation, as the table's own state: no router needed around a table.
  const linked = new URLSearchParams(useAddressSearch()).get('record');
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!enabled || !linked || !/^\d{1,10}$/.test(linked) || opened.current === linked) return;
    opened.current = linked;
    openRecordActivity(controller, Number(linked));
    const next = new URLSearchParams(addressSearch());
    next.delete('record');
    setAddressSearch(next, { replace: true });
  }, [enabled, linked, controller]);
}
