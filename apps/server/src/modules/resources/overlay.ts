import type { ConfigColumn } from '@panelwright/contract';
import { COLUMN_TYPES } from './column-types';
import type { ColumnDeclaration, ResourceDeclaration } from './define';

/** Where a configured column fails its resource's declaration (a path within the screen), and why. */
export type ColumnProblem = { path: string[]; message: string };

/** What the configuration says of a screen's columns (`ConfigScreen.columns` and `columnOrder`). */
export type ColumnSettings = { columns: Record<string, ConfigColumn>; order: readonly string[] };

function configuredColumn(
  declared: ColumnDeclaration,
  settings: ConfigColumn,
  problems: ColumnProblem[],
): ColumnDeclaration {
  const path = (key: string) => ['columns', declared.field, key];
  const column: ColumnDeclaration = { ...declared };
  if (settings.header !== undefined) column.header = settings.header;
  if (settings.width !== undefined) column.width = settings.width ?? undefined;
  if (settings.show !== undefined) column.hidden = !settings.show;
  if (settings.className !== undefined) column.className = settings.className;
  if (settings.bgF !== undefined) column.bgF = settings.bgF;
  if (settings.colorF !== undefined) column.colorF = settings.colorF;
  if (settings.link !== undefined) column.link = settings.link;
  if (settings.more !== undefined) column.more = settings.more;
  const declaredKind = COLUMN_TYPES[declared.type];
  if (settings.type !== undefined && settings.type !== declared.type) {
    const kind = COLUMN_TYPES[settings.type];
    if (kind.family !== declaredKind.family) {
      const alike = Object.entries(COLUMN_TYPES)
        .filter(([, other]) => other.family === declaredKind.family)
        .map(([name]) => name);
      problems.push({ path: path('type'), message: `must be one of ${alike.join(', ')}` });
    } else {
      column.type = settings.type;
    }
  }
  const kind = COLUMN_TYPES[column.type];
  if (settings.editable !== undefined) {
    if (settings.editable && (!kind.stored || column.type === 'readonly' || !declared.column)) {
      problems.push({
        path: path('editable'),
        message: `cannot be true: a ${column.type} column shows no value to change`,
      });
    } else {
      column.editable = settings.editable;
    }
  }
  if (settings.filter !== undefined) {
    if (settings.filter !== null && !kind.filters.includes(settings.filter)) {
      problems.push({
        path: path('filter'),
        message:
          kind.filters.length === 0
            ? `must be null: a ${column.type} column cannot be filtered`
            : `must be one of ${kind.filters.join(', ')}`,
      });
    } else {
      column.filter = settings.filter ?? undefined;
    }
  }
  return column;
}

/**
 * The declaration of a resource as one screen's configuration shows it: each configured column's
 * header, width, visibility, editing, filter, cell type (within its family) and options over the
 * declared ones, in the configured order. What the declaration cannot allow is a problem, and the
 * declared value stays: a configuration never makes a column store or read what its table does not.
 */
export function configuredDeclaration(
  declaration: ResourceDeclaration,
  settings: ColumnSettings,
): { declaration: ResourceDeclaration; problems: ColumnProblem[] } {
  const problems: ColumnProblem[] = [];
  const declared = new Map(declaration.columns.map((column) => [column.field, column]));
  for (const field of Object.keys(settings.columns)) {
    if (!declared.has(field))
      problems.push({ path: ['columns', field], message: `is not a column of ${declaration.apiName}` });
  }
  const order: string[] = [];
  for (const [index, field] of settings.order.entries()) {
    if (!declared.has(field)) {
      problems.push({
        path: ['columnOrder', String(index)],
        message: `${field} is not a column of ${declaration.apiName}`,
      });
    } else if (!order.includes(field)) {
      order.push(field);
    }
  }
  const ordered = [
    ...order.map((field) => declared.get(field) as ColumnDeclaration),
    ...declaration.columns.filter((column) => !order.includes(column.field)),
  ];
  const columns = ordered.map((column) => {
    const configured = settings.columns[column.field];
    return configured ? configuredColumn(column, configured, problems) : column;
  });
  return { declaration: { ...declaration, columns }, problems };
}
