import type { ComponentType } from 'react';
import type { ScreenRendererProps } from '../registry';
import { ScreenRenderer } from '../screen-renderer';

/**
 * A page type of the project module that is another renderer over its own resource: the tasks,
 * releases, API tests, environments and members tabs are tables, the overview and the task page one
 * record's detail (every field editable in place; no search, filters or pager), the schedule a calendar.
 */
export function aliasOf(
  pageType: string,
  requestDataFromParams?: (params: Record<string, string>) => Record<string, unknown>,
  config?: Record<string, unknown>,
): ComponentType<ScreenRendererProps> {
  return function AliasScreen({ screen, params, embedded }: ScreenRendererProps) {
    const requestData = { ...screen.requestData, ...requestDataFromParams?.(params) };
    const aliased = {
      ...screen,
      pageType,
      requestData,
      ...(config ? { config: { ...screen.config, ...config } } : {}),
    };
    return <ScreenRenderer screen={aliased} params={params} embedded={embedded} />;
  };
}

/** The project's pages draw a record's comments and history of their own (the task's activity). */
const OWN_ACTIVITY = { ownActivity: true };

export const ProjectTable = aliasOf('admin_table');
/** A project's overview: the project of the address, as one record. */
export const ProjectOverview = aliasOf('admin_record', undefined, OWN_ACTIVITY);
/** /dailytasks/[taskid]: the one task, its fields editable in place. */
export const TaskPage = aliasOf(
  'admin_record',
  (params) => (params.taskid ? { Id: params.taskid } : {}),
  OWN_ACTIVITY,
);
