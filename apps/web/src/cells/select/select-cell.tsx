import type { OptionItem } from '@panelwright/contract';
import { EMPTY_OPTION_VALUE } from '@panelwright/contract/constants';
import { useState } from 'react';
import { LookupBox } from '../../components/lookup-box/lookup-box';
import type { LookupRelation } from '../../engine/lookup';
import { optionText } from '../../engine/option-text';
import { sameValue, valueText } from '../../engine/values';
import { cellOptions } from '../shared/cell-options';
import { displayText } from '../shared/display-text';
import { type EditorProps, editableCell, useEditorEnd } from '../shared/editable-cell';
import { editorLabel } from '../shared/editors';
import { renderOptionBadges } from '../shared/option-badges';

/** A drop-down of the column's option list; choosing saves, Escape or leaving cancels. */
function SelectEditor(props: EditorProps) {
  const { cell, initial } = props;
  const end = useEditorEnd(props);
  const { actions, resolved } = cell;
  const options = cellOptions(cell);
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
          {optionText(option, actions.t)}
        </option>
      ))}
    </select>
  );
}

/**
 * The editor of a field whose list grows (a relation; `editing.lookup`): typed into, one page of
 * matches asked of the server at each pause; picking saves, Escape or leaving cancels.
 */
function LookupEditor(props: EditorProps & { relation: LookupRelation }) {
  const { cell, initial, relation } = props;
  const end = useEditorEnd(props);
  const { actions, resolved } = cell;
  const label = editorLabel(props);
  const [picked, setPicked] = useState<OptionItem | null>(null);
  // The cell's own text (the related record's, `fText`) while the value is the saved one; the
  // picked record's while it is being saved.
  const shown = sameValue(initial, resolved.value.value)
    ? displayText(cell)
    : picked && sameValue(picked.Value, initial)
      ? picked.Text
      : valueText(initial);
  return (
    <LookupBox
      inputClassName="form-control form-control-sm"
      label={label}
      listLabel={label}
      autoFocus
      inFlow
      search={(text) => actions.lookup(relation, text)}
      shownText={shown}
      onPick={(option, keyboard) => {
        setPicked(option);
        end.commit(option.Value, keyboard);
      }}
      onClear={valueText(initial) !== '' ? () => end.commit(null) : undefined}
      onEscape={() => end.cancel(true)}
      onLeave={() => end.cancel()}
      placeholder={resolved.editing.placeholder ? actions.t(resolved.editing.placeholder) : undefined}
      style={{ ...resolved.styling.controlStyle, ...resolved.styling.inputStyle }}
    />
  );
}

/** A select cell's editor: the lookup for a list that grows, else the drop-down of its options. */
function OptionEditor(props: EditorProps) {
  const relation = props.cell.resolved.editing.lookup;
  return relation ? <LookupEditor {...props} relation={relation} /> : <SelectEditor {...props} />;
}

/**
 * `select`: the value's option as a badge (`Type.source`'s list), or a relation's record as its text;
 * edited with a drop-down, or with the lookup when the list grows.
 */
export const SelectCell = editableCell(OptionEditor, { renderText: renderOptionBadges });
