import type { ApiConfig } from '@panelwright/contract';
import { MODAL_SIZES, MODAL_TYPES } from '@panelwright/contract/constants';
import { fillTemplate, isTruthyFlag, readObject, readText, rowFieldOr, valueText } from '../values';
import type { CellContext } from './cell-context';

export type ModalType = (typeof MODAL_TYPES)[number];
export type ModalSize = (typeof MODAL_SIZES)[number];

/** Modal size when the column gives none (part 2 section 9). */
export const DEFAULT_MODAL_SIZE: ModalSize = 'lg';
/** Modal type when the column gives none: the cell itself, shown in a modal. */
export const DEFAULT_MODAL_TYPE: ModalType = 'cellinmodal';

export type CellModal = {
  /** false when `canShowModal` is false or the row's `fCanShowModal` field is falsy. */
  canOpen: boolean;
  title: string;
  type: ModalType;
  size: ModalSize;
  config: unknown;
  /** `apiCheckShowModal`: a call whose answer decides whether the modal opens. */
  check: ApiConfig | undefined;
};

const isModalType = (value: unknown): value is ModalType =>
  typeof value === 'string' && (MODAL_TYPES as readonly string[]).includes(value);
const isModalSize = (value: unknown): value is ModalSize =>
  typeof value === 'string' && (MODAL_SIZES as readonly string[]).includes(value);

/** The cell's modal, or null when the column has none. */
export function resolveModal({ more, row }: CellContext): CellModal | null {
  const modal = readObject(more.modal);
  const check = readObject(more.apiCheckShowModal) as ApiConfig | undefined;
  if (!modal && !check) return null;
  const options = modal ?? {};
  const rowAllows =
    typeof options.fCanShowModal === 'string' && options.fCanShowModal !== ''
      ? isTruthyFlag(row[options.fCanShowModal])
      : true;
  const title = valueText(rowFieldOr(row, options.fTitle, readText(options.title) ?? ''));
  return {
    canOpen: options.canShowModal !== false && rowAllows,
    title: fillTemplate(title, row),
    type: isModalType(options.type) ? options.type : DEFAULT_MODAL_TYPE,
    size: isModalSize(options.size) ? options.size : DEFAULT_MODAL_SIZE,
    config: options.config,
    check,
  };
}

/** What `apiCheckShowModal`'s answer decided. */
export type ModalCheckDecision =
  | { open: false }
  | { open: true; formData: unknown; configForm: unknown; resultModel: unknown };

/**
 * The modal opens only when the answer's `Data.Config.IsShow` is exactly true; an error (pass the
 * caught value) or any other answer keeps it closed.
 */
export function decideModalFromCheck(answer: unknown): ModalCheckDecision {
  if (answer instanceof Error) return { open: false };
  const data = readObject(readObject(answer)?.Data);
  const config = readObject(data?.Config);
  if (config?.IsShow !== true) return { open: false };
  return {
    open: true,
    formData: config.FormData,
    configForm: config.ConfigForm,
    resultModel: config.ResultModel,
  };
}
