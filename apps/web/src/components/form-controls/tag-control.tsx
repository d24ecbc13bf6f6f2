import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { joinMultiSelect, splitMultiSelect } from '../../engine/formats';
import type { ControlProps } from './registry';

/**
 * `tag`: free words; Enter or the separator adds the typed tag, Backspace in an empty input removes
 * the last one. The value is the tags joined by the separator (comma).
 */
export function TagControl(props: ControlProps) {
  const { t } = useTranslation(['forms', 'common']);
  const separator = props.control.separator || ',';
  const tags = splitMultiSelect(props.value, separator);
  const [draft, setDraft] = useState('');

  const save = (next: string[]) => props.onChange(next.length === 0 ? '' : joinMultiSelect(next, separator));
  const add = () => {
    const tag = draft.trim();
    setDraft('');
    if (tag !== '' && !tags.includes(tag)) save([...tags, tag]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === separator) {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      save(tags.slice(0, -1));
    }
  };

  return (
    <div className={`form-control tag-input d-flex flex-wrap gap-1 ${props.invalid ? 'is-invalid' : ''}`}>
      <ul
        className="list-unstyled d-flex flex-wrap gap-1 m-0"
        aria-label={t('Tags of {{field}}', { field: props.label })}
      >
        {tags.map((tag) => (
          <li key={tag} className="badge text-bg-secondary d-inline-flex align-items-center gap-1">
            {tag}
            <button
              type="button"
              className="btn-close btn-close-white"
              style={{ fontSize: '0.6rem' }}
              aria-label={t('Remove {{tag}}', { tag })}
              disabled={props.disabled}
              onClick={() => save(tags.filter((x) => x !== tag))}
            />
          </li>
        ))}
      </ul>
      <input
        id={props.id}
        type="text"
        className="border-0 flex-grow-1 tag-input-field"
        value={draft}
        placeholder={props.placeholder ?? t('Type and press Enter')}
        disabled={props.disabled}
        aria-invalid={props.invalid || undefined}
        aria-required={props.required || undefined}
        aria-describedby={props.describedBy}
        onChange={(e) => setDraft(e.target.value.replace(separator, ''))}
        onKeyDown={onKeyDown}
        onBlur={() => {
          add();
          props.onCommit();
        }}
      />
    </div>
  );
}
