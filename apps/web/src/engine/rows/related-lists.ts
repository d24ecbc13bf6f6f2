import { pageTypeOf } from '../screens';

/** A list of records pointing at a row (a category's customers), as the server's `Table.expand.related` names it. */
export type RelatedList = { apiName: string; field: string; title: string };

const NAME = /^[A-Za-z][A-Za-z0-9]{0,63}$/;

/**
 * The related lists of an expansion's configuration (`expand.related`): entries naming a resource
 * and its field; anything else is left out rather than turned into a call.
 */
export function relatedListsOf(config: Readonly<Record<string, unknown>>): RelatedList[] {
  if (!Array.isArray(config.related)) return [];
  const lists: RelatedList[] = [];
  for (const entry of config.related) {
    if (!entry || typeof entry !== 'object') continue;
    const { apiName, field, title } = entry as Record<string, unknown>;
    if (typeof apiName !== 'string' || !NAME.test(apiName)) continue;
    if (typeof field !== 'string' || !NAME.test(field)) continue;
    lists.push({ apiName, field, title: typeof title === 'string' && title ? title : apiName });
  }
  return lists;
}

/**
 * The table a related list is drawn as inside a row: that resource's List narrowed to the records
 * whose field holds the row's id (`RequestData: {Category: 5}`, which also makes a record added
 * there point at the row). Null for a row without an id (nothing can point at it yet).
 */
export function relatedScreenOf(list: RelatedList, row: Readonly<Record<string, unknown>>) {
  const id = row.Id;
  if (typeof id !== 'number' && !(typeof id === 'string' && /^\d+$/.test(id))) return null;
  return {
    id: `related:${list.apiName}:${list.field}:${id}`,
    screenCode: '',
    title: list.title,
    apiName: list.apiName,
    apiMethod: 'List',
    uiType: 'table',
    pageType: pageTypeOf('table'),
    config: {},
    requestData: { [list.field]: Number(id) },
    contents: [],
  };
}
