import type { OptionItem } from '@panelwright/contract';
import { useEffect, useState } from 'react';
import { relationTexts, searchRelation } from '../../api/relation-search';
import { lookupId, readLookupRelation } from '../../engine/lookup';
import { sameValue, valueText } from '../../engine/values';
import { LookupBox } from '../lookup-box/lookup-box';
import type { ControlProps } from './registry';

/**
 * `lookup`: one record of a relation's other side, found by typing. Each pause in the typing asks
 * the server for one page of matches (`{api}/Lookup`), so the other side may hold a million records;
 * the chosen record shows as its display text. A combobox: arrows move, Enter picks, Escape closes.
 */
export function LookupControl(props: ControlProps) {
  const relation = readLookupRelation(props.control.more);
  const api = relation?.api;
  const field = relation?.field;
  const [chosen, setChosen] = useState<OptionItem | null>(null);
  const value = props.value === '' || props.value === undefined ? null : props.value;

  // The text of a value the form starts with (or was given), read once.
  useEffect(() => {
    if (!api || !field || value === null || (chosen && sameValue(chosen.Value, value))) return;
    const id = lookupId(value);
    if (id === null) return;
    let current = true;
    relationTexts({ api, field }, [id])
      .then((found) => current && setChosen(found[0] ?? null))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [api, field, value, chosen]);

  const choose = (option: OptionItem | null) => {
    setChosen(option);
    props.onChange(option ? option.Value : null);
  };

  return (
    <LookupBox
      id={props.id}
      inputClassName="form-control"
      search={async (text) => (relation ? searchRelation(relation, text) : [])}
      shownText={value === null ? '' : (chosen?.Text ?? valueText(value))}
      onPick={(option) => choose(option)}
      onClear={value !== null && !props.required ? () => choose(null) : undefined}
      invalid={props.invalid}
      disabled={props.disabled}
      required={props.required}
      placeholder={props.placeholder}
      listLabel={props.label}
      describedBy={props.describedBy}
    />
  );
}
