import type { CellDefinition } from './types';

const cells = new Map<string, CellDefinition>();

/** The cell type drawn for types nobody registered. */
export const FALLBACK_CELL_TYPE = 'readonly';

/**
 * Registers the renderer of a cell type (`Type.type`). A type has one renderer: a second registration
 * is a programming error. A new cell type is one registration in `cells/index.ts` plus its folder.
 */
export function registerCell(type: string, definition: CellDefinition): void {
  if (cells.has(type)) throw new Error(`a cell renderer for ${type} is registered twice`);
  cells.set(type, definition);
}

/** The renderer of a cell type; unknown types show as read-only text. */
export function cellDefinition(type: string): CellDefinition {
  const definition = cells.get(type) ?? cells.get(FALLBACK_CELL_TYPE);
  if (!definition) throw new Error('the cell renderers are not registered: import cells/index.ts');
  return definition;
}

export function registeredCellTypes(): string[] {
  return [...cells.keys()];
}
