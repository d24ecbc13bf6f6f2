import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { openModal } from '../../../components/modal-host/modal-store';
import type { TableController } from '../use-table-controller';
import { RecordActivity } from './record-activity';

/** Opens a record's comments and history in a dialog. */
export function openRecordActivity(controller: Pick<TableController, 't' | 'apiName'>, id: number): void {
  void openModal({
    type: 'component',
    size: 'lg',
    title: controller.t('Comments and history of #{{id}}', { id }),
    render: () => <RecordActivity apiName={controller.apiName} id={id} t={controller.t} />,
  });
}

/**
 * A page's table opened with `?record=ID` (the link of a mention's notification) shows that
 * record's comments at once; the parameter is then dropped so that a reload does not open it again.
 */
export function useRecordLink(controller: Pick<TableController, 't' | 'apiName'>, enabled: boolean): void {
  const [params, setParams] = useSearchParams();
  const linked = params.get('record');
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!enabled || !linked || !/^\d{1,10}$/.test(linked) || opened.current === linked) return;
    opened.current = linked;
    openRecordActivity(controller, Number(linked));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('record');
        return next;
      },
      { replace: true },
    );
  }, [enabled, linked, controller, setParams]);
}
