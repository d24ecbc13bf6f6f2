// The cell renderers of the product: one registration per cell type of screen-config.md, each in
// its folder. A new cell type is one line here plus its folder.
import { ActionCell } from './action/action-cell';
import { ApiCell } from './api/api-cell';
import { ButtonCell } from './button/button-cell';
import { CheckboxCell } from './checkbox/checkbox-cell';
import { ColorCell } from './color/color-cell';
import { DateCell } from './date/date-cell';
import { DateTimeCell } from './datetime/datetime-cell';
import { DeleteCell } from './delete/delete-cell';
import { FormCell } from './form/form-cell';
import { HtmlCell } from './html/html-cell';
import { IconCell } from './icon/icon-cell';
import { JsonCell } from './json/json-cell';
import { LinkCell } from './link/link-cell';
import { ModalCell } from './modal/modal-cell';
import { MoneyCell } from './money/money-cell';
import { MultiSelectCell } from './multiselect/multiselect-cell';
import { NumberCell } from './number/number-cell';
import { PercentCell } from './percent/percent-cell';
import { PhotoCell } from './photo/photo-cell';
import { ReadonlyCell } from './readonly/readonly-cell';
import { registerCell, registeredCellTypes } from './registry';
import { RemoveCell } from './remove/remove-cell';
import { SelectCell } from './select/select-cell';
import { SwitchCell } from './switch/switch-cell';
import { TagCell } from './tag/tag-cell';
import { TextCell } from './text/text-cell';
import { TextareaCell } from './textarea/textarea-cell';
import { TimeCell } from './time/time-cell';

// Idempotent, so that tests and several renderers may import this file.
if (registeredCellTypes().length === 0) {
  registerCell('readonly', { component: ReadonlyCell });
  registerCell('text', { component: TextCell });
  registerCell('textarea', { component: TextareaCell });
  registerCell('number', { component: NumberCell });
  registerCell('money', { component: MoneyCell });
  registerCell('percent', { component: PercentCell });
  registerCell('checkbox', { component: CheckboxCell });
  registerCell('switch', { component: SwitchCell });
  registerCell('date', { component: DateCell });
  registerCell('datetime', { component: DateTimeCell });
  registerCell('time', { component: TimeCell });
  registerCell('select', { component: SelectCell });
  registerCell('multiselect', { component: MultiSelectCell });
  registerCell('color', { component: ColorCell });
  registerCell('link', { component: LinkCell });
  registerCell('button', { component: ButtonCell });
  registerCell('api', { component: ApiCell });
  registerCell('icon', { component: IconCell });
  registerCell('photo', { component: PhotoCell });
  registerCell('html', { component: HtmlCell });
  registerCell('json', { component: JsonCell });
  registerCell('tag', { component: TagCell });
  registerCell('delete', { component: DeleteCell });
  registerCell('remove', { component: RemoveCell });
  registerCell('action', { component: ActionCell });
  registerCell('form', { component: FormCell });
  registerCell('modal', { component: ModalCell });
}

export { CellFrame } from './cell-frame';
export { actionItemColumns, resolveCellCached } from './resolve-cache';
export type { CellActions, CellProps, Translate } from './types';
