import { useId, useState } from 'react';
import { joinMultiSelect, splitMultiSelect } from '../../engine/formats';
import { optionText } from '../../engine/option-text';
import { valueText } from '../../engine/values';
import { cellOptions } from '../shared/cell-options';
import { type EditorProps, editableCell, useEditorEnd } from '../shared/editable-cell';
import { editorLabel } from '../shared/editors';
import { renderOptionBadges } from '../shared/option-badges';

/** A list of check boxes of the option list, with Save and Cancel. */
function MultiSelectEditor(props: EditorProps) {
  const { cell, initial } = props;
  const end = useEditorEnd(props);
  const { actions } = cell;
  const id = useId();
  const options = cellOptions(cell);
  const [picked, setPicked] = useState(() => new Set(splitMultiSelect(initial)));
  const toggle = (value: string) =>
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(value)) next.delete(value);
      else next.add(value);
      return next;
    });
  const save = (keyboard: boolean) =>
    end.commit(
      joinMultiSelect(options.map((option) => valueText(option.Value)).filter((value) => picked.has(value))),
      keyboard,
    );
  return (
    <fieldset
      className="cell-multiselect border rounded p-2 bg-body"
      onKeyDown={(event) => {
        if (event.key === 'Escape') end.cancel(true);
      }}
    >
      <legend className="visually-hidden">{editorLabel(props)}</legend>
      {options.map((option, index) => {
        const value = valueText(option.Value);
        return (
          <div key={value} className="form-check">
            <input
              id={`${id}-${index}`}
              type="checkbox"
              className="form-check-input"
              checked={picked.has(value)}
              onChange={() => toggle(value)}
              // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this cell
              autoFocus={index === 0}
            />
            <label className="form-check-label" htmlFor={`${id}-${index}`}>
              {optionText(option, actions.t)}
            </label>
          </div>
        );
      })}
      <div className="d-flex gap-1 mt-1">
        <button type="button" className="btn btn-sm btn-primary" onClick={() => save(true)}>
          {actions.t('Save')}
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => end.cancel(true)}>
          {actions.t('Cancel')}
        </button>
      </div>
    </fieldset>
  );
}

/** `multiselect`: the labels of its values (comma text); edited with check boxes. */
export const MultiSelectCell = editableCell(MultiSelectEditor, { renderText: renderOptionBadges });
