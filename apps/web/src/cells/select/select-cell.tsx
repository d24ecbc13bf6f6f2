import { EMPTY_OPTION_VALUE } from '@panelwright/contract/constants';
import { sameValue, valueText } from '../../engine/values';
import { cellOptions } from '../shared/cell-options';
import { type EditorProps, editableCell, useEditorEnd } from '../shared/editable-cell';
import { editorLabel } from '../shared/editors';
import { renderOptionBadges } from '../shared/option-badges';

/** A drop-down of the column's option list; choosing saves, Escape or leaving cancels. */
function SelectEditor(props: EditorProps) {
  const { cell, initial } = props;
  const end = useEditorEnd(props);
  const { actions, resolved } = cell;
  const options = cellOptions(cell);
  // Option labels are translated as the filters translate them.
  const label = (text: string) => actions.t(text);
  const current = options.find((option) => sameValue(option.Value, initial));
  const pick = (raw: string, keyboard: boolean) => {
    if (raw === EMPTY_OPTION_VALUE) return end.commit(null, keyboard);
    const option = options.find((item) => valueText(item.Value) === raw);
    end.commit(option ? option.Value : raw, keyboard);
  };
  return (
    <select
      className="form-select form-select-sm"
      defaultValue={current ? valueText(current.Value) : EMPTY_OPTION_VALUE}
      aria-label={editorLabel(props)}
      style={{ ...resolved.styling.controlStyle, ...resolved.styling.inputStyle }}
      // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this cell
      autoFocus
      onChange={(event) => pick(event.currentTarget.value, false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') end.cancel(true);
        if (event.key === 'Enter') {
          event.preventDefault();
          pick(event.currentTarget.value, true);
        }
      }}
      onBlur={() => end.cancel()}
    >
      <option value={EMPTY_OPTION_VALUE}>{actions.t('(none)')}</option>
      {options.map((option) => (
        <option key={valueText(option.Value)} value={valueText(option.Value)}>
          {label(option.Text)}
        </option>
      ))}
    </select>
  );
}

/** `select`: the value's option as a badge (`Type.source`'s list); edited with a drop-down. */
export const SelectCell = editableCell(SelectEditor, { renderText: renderOptionBadges });
