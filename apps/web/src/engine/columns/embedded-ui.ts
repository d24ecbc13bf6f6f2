import { readObject, readText } from '../values';
import type { CellContext } from './cell-context';

export type CellEmbeddedUi = { type: string; config: unknown };

/** `myui`: a registered screen renderer of `type` drawn inside the cell with `config`; null otherwise. */
export function resolveEmbeddedUi({ more }: CellContext): CellEmbeddedUi | null {
  const myui = readObject(more.myui);
  const type = readText(myui?.type);
  if (!myui || !type) return null;
  return { type, config: myui.config };
}
