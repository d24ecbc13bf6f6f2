import type { OptionItem } from '@panelwright/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupRecords } from '../../api/lookup';
import { valueText } from '../../engine/values';
import type { ControlProps } from './registry';
import './lookup-control.scss';

/** How long typing rests before the server is asked. */
const TYPING_PAUSE_MS = 200;
const PAGE_SIZE = 20;

type Relation = { api: string; field: string };

/**
 * `lookup`: one record of a relation's other side, found by typing. Each pause in the typing asks
 * the server for one page of matches (`{api}/Lookup`), so the other side may hold a million records;
 * the chosen record shows as its display text. A combobox: arrows move, Enter picks, Escape closes.
 */
export function LookupControl(props: ControlProps) {
  const { t } = useTranslation(['forms', 'common']);
  const relation = (props.control.more as { lookup?: Relation } | undefined)?.lookup;
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<OptionItem[] | null>(null);
  const [active, setActive] = useState(-1);
  const [chosen, setChosen] = useState<OptionItem | null>(null);
  const value = props.value === '' || props.value === undefined ? null : props.value;

  // The text of a value the form starts with (or was given), read once.
  useEffect(() => {
    if (!relation || value === null || (chosen && valueText(chosen.Value) === valueText(value))) return;
    const id = Number(value);
    if (!Number.isInteger(id)) return;
    let current = true;
    lookupRecords(relation.api, { Field: relation.field, Values: [id] })
      .then((page) => current && setChosen(page.Data[0] ?? null))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [relation, value, chosen]);

  useEffect(() => {
    if (!open || !relation) return;
    let current = true;
    const timer = setTimeout(() => {
      lookupRecords(relation.api, { Field: relation.field, Search: search, PageSize: PAGE_SIZE })
        .then((page) => {
          if (!current) return;
          setFound(page.Data);
          setActive(page.Data.length > 0 ? 0 : -1);
        })
        .catch(() => current && setFound([]));
    }, TYPING_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, search, relation]);

  const choose = (option: OptionItem | null) => {
    setChosen(option);
    setOpen(false);
    setSearch('');
    props.onChange(option ? option.Value : null);
  };
  const shownText = value === null ? '' : (chosen?.Text ?? valueText(value));
  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <div className="lookup-control">
      <input
        id={props.id}
        type="text"
        role="combobox"
        autoComplete="off"
        className={`form-control ${props.invalid ? 'is-invalid' : ''}`}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-invalid={props.invalid || undefined}
        aria-required={props.required || undefined}
        aria-describedby={props.describedBy}
        disabled={props.disabled}
        placeholder={props.placeholder ?? t('Type to search…')}
        value={open ? search : shownText}
        onFocus={() => {
          setOpen(true);
          setSearch('');
        }}
        onBlur={() => setOpen(false)}
        onChange={(event) => {
          setOpen(true);
          setSearch(event.target.value);
        }}
        onKeyDown={(event) => {
          const count = found?.length ?? 0;
          if (event.key === 'ArrowDown' && count > 0) {
            event.preventDefault();
            setOpen(true);
            setActive((index) => (index + 1) % count);
          } else if (event.key === 'ArrowUp' && count > 0) {
            event.preventDefault();
            setActive((index) => (index <= 0 ? count - 1 : index - 1));
          } else if (event.key === 'Enter' && open) {
            event.preventDefault();
            const option = found?.[active];
            if (option) choose(option);
          } else if (event.key === 'Escape' && open) {
            event.preventDefault();
            setOpen(false);
          }
        }}
      />
      {value !== null && !props.required && !props.disabled && (
        <button
          type="button"
          className="btn btn-sm btn-link lookup-clear"
          aria-label={t('Clear {{label}}', { label: props.label })}
          onClick={() => choose(null)}
        >
          <i className="bi bi-x-lg" aria-hidden="true" />
        </button>
      )}
      <div
        id={listId}
        role="listbox"
        aria-label={props.label}
        className={`dropdown-menu w-100${open ? ' show' : ''}`}
      >
        {found === null ? (
          <div className="dropdown-item-text text-secondary small">{t('Searching…')}</div>
        ) : found.length === 0 ? (
          <div className="dropdown-item-text text-secondary small">{t('No records match.')}</div>
        ) : (
          found.map((option, index) => (
            <div
              key={valueText(option.Value)}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={`dropdown-item${index === active ? ' active' : ''}`}
              // Chosen before the input loses focus (which closes the list); the keys are the input's.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') choose(option);
              }}
            >
              {option.Text}
            </div>
          ))
        )}
      </div>
    </div>
  );
}
