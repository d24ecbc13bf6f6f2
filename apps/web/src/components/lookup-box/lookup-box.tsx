import type { OptionItem } from '@panelwright/contract';
import { type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { movedActive } from '../../engine/lookup';
import { valueText } from '../../engine/values';
import './lookup-box.scss';

/** How long typing rests before the server is asked. */
const TYPING_PAUSE_MS = 200;

export type LookupBoxProps = {
  /** The id of the input (a label points at it). */
  id?: string;
  /** One page of the records matching the typed text, asked of the server (`{APIName}/Lookup`). */
  search(text: string): Promise<readonly OptionItem[]>;
  /** The text of the current value, shown while the box is not being typed into; '' without one. */
  shownText: string;
  /** A record was chosen, by a click or by Enter (`keyboard`). */
  onPick(option: OptionItem, keyboard: boolean): void;
  /** Takes the value off; with it, a clear button ("Clear {label}") shows. */
  onClear?: () => void;
  /** Escape: without it, Escape closes the list (a cell's editor gives up instead). */
  onEscape?: () => void;
  /** The focus left the box (a cell's editor gives up). */
  onLeave?: () => void;
  /** Takes the focus when drawn, its list open (a cell's editor the user just opened). */
  autoFocus?: boolean;
  /** The list of matches in the flow, not over the page: a table cell clips what overflows it. */
  inFlow?: boolean;
  /** The input's classes: `form-control`, with `form-control-sm` in a table. */
  inputClassName: string;
  invalid?: boolean;
  disabled?: boolean;
  required?: boolean;
  placeholder?: string;
  /** The accessible name of the input, when no label points at it. */
  label?: string;
  /** The accessible name of the list of matches (the field's label). */
  listLabel: string;
  describedBy?: string;
  style?: CSSProperties;
};

/**
 * A combobox over a list that may hold a million records: each pause in the typing asks the server
 * for one page of matches, shown as their display text; the arrows move, Enter or a click picks.
 * The form's lookup control, the table's lookup filter and a relation cell's editor are this box.
 */
export function LookupBox(props: LookupBoxProps) {
  const { t } = useTranslation(['forms', 'common']);
  const listId = useId();
  const [open, setOpen] = useState(props.autoFocus === true);
  const [text, setText] = useState('');
  const [found, setFound] = useState<readonly OptionItem[] | null>(null);
  const [active, setActive] = useState(-1);
  // The latest search, without asking again each time the owner draws itself.
  const search = useRef(props.search);
  search.current = props.search;

  useEffect(() => {
    if (!open) return;
    let current = true;
    const timer = setTimeout(() => {
      search
        .current(text)
        .then((options) => {
          if (!current) return;
          setFound(options);
          setActive(options.length > 0 ? 0 : -1);
        })
        .catch(() => current && setFound([]));
    }, TYPING_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, text]);

  const pick = (option: OptionItem, keyboard: boolean) => {
    setOpen(false);
    setText('');
    props.onPick(option, keyboard);
  };
  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <div className={`lookup-box${props.inFlow ? ' lookup-in-flow' : ''}`}>
      <input
        id={props.id}
        type="text"
        role="combobox"
        autoComplete="off"
        className={`${props.inputClassName}${props.invalid ? ' is-invalid' : ''}`}
        style={props.style}
        aria-label={props.label}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-invalid={props.invalid || undefined}
        aria-required={props.required || undefined}
        aria-describedby={props.describedBy}
        disabled={props.disabled}
        placeholder={props.placeholder ?? t('Type to search…')}
        value={open ? text : props.shownText}
        // biome-ignore lint/a11y/noAutofocus: only a cell's editor the user just opened asks for it
        autoFocus={props.autoFocus}
        onFocus={() => {
          setOpen(true);
          setText('');
        }}
        onBlur={() => {
          setOpen(false);
          props.onLeave?.();
        }}
        onChange={(event) => {
          setOpen(true);
          setText(event.target.value);
        }}
        onKeyDown={(event) => {
          const count = found?.length ?? 0;
          if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
            event.preventDefault();
            setOpen(true);
            setActive((index) => movedActive(event.key as 'ArrowDown' | 'ArrowUp', index, count));
          } else if (event.key === 'Enter' && open) {
            event.preventDefault();
            const option = found?.[active];
            if (option) pick(option, true);
          } else if (event.key === 'Escape' && (open || props.onEscape)) {
            event.preventDefault();
            setOpen(false);
            props.onEscape?.();
          }
        }}
      />
      {props.onClear && !props.disabled && (
        <button
          type="button"
          className="btn btn-sm btn-link lookup-clear"
          aria-label={t('Clear {{label}}', { label: props.listLabel })}
          // Clears before the input loses the focus (a cell's editor would give up first).
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setOpen(false);
            setText('');
            props.onClear?.();
          }}
        >
          <i className="bi bi-x-lg" aria-hidden="true" />
        </button>
      )}
      <div
        id={listId}
        role="listbox"
        aria-label={props.listLabel}
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
              onClick={() => pick(option, false)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') pick(option, true);
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
