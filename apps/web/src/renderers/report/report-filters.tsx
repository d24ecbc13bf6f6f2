import type { ListFilter, OptionItem } from '@panelwright/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../components/date-picker/date-picker';
import { isoToPickerText, pickerTextToIso } from '../../engine/formats';
import { optionText } from '../../engine/option-text';
import { readObject, readText, valueText } from '../../engine/values';

/** A filter of `ScreenConfig.Filter.items`. */
export type ReportFilterItem = { fieldName: string; type: string; title: string; optionKey: string };

export type ReportFilterValues = Record<string, string | { start: string; end: string } | boolean>;

export function readFilterItems(filter: unknown): ReportFilterItem[] {
  const items = readObject(filter)?.items;
  return (Array.isArray(items) ? items : []).flatMap((item) => {
    const object = readObject(item);
    const fieldName = readText(object?.fieldName);
    const type = readText(object?.type);
    if (!fieldName || !type) return [];
    return [
      {
        fieldName,
        type,
        title: readText(object?.title) ?? fieldName,
        optionKey: readText(object?.optionKey) ?? '',
      },
    ];
  });
}

/** The List filters of the values set; empty values filter nothing. A range may be open at one end. */
export function toListFilters(items: readonly ReportFilterItem[], values: ReportFilterValues): ListFilter[] {
  return items.flatMap((item): ListFilter[] => {
    const value = values[item.fieldName];
    if (item.type === 'daterange') {
      const range = typeof value === 'object' ? value : null;
      if (!range || (range.start === '' && range.end === '')) return [];
      return [
        {
          FieldName: item.fieldName,
          Type: 'daterange',
          Value: { start: range.start || '1900-01-01', end: range.end || '9999-12-31' },
        },
      ];
    }
    if (item.type === 'checkbox')
      return value === true ? [{ FieldName: item.fieldName, Type: 'checkbox', Value: true }] : [];
    if (typeof value !== 'string' || value.trim() === '') return [];
    const type = item.type === 'select' || item.type === 'search' ? item.type : 'text';
    return [{ FieldName: item.fieldName, Type: type, Value: value.trim() }];
  });
}

/** A text filter's input: what is typed filters once the typing pauses. */
function TextFilter({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <input
      id={id}
      type="search"
      className="form-control form-control-sm"
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  );
}

/**
 * One end of a date range: the product's date picker (dd/mm/yyyy, like every date input), never the
 * browser's own, which shows mm/dd/yyyy in English. The value is YYYY-MM-DD, '' when empty.
 */
function DayInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation(['forms', 'common']);
  const [invalid, setInvalid] = useState(false);
  const read = (text: string) => {
    const day = text.trim() === '' ? '' : pickerTextToIso(text, 'date');
    setInvalid(day === null);
    if (day !== null && day !== value) onChange(day);
  };
  return (
    <DatePicker
      className={`form-control form-control-sm${invalid ? ' is-invalid' : ''}`}
      style={{ width: '8.5rem' }}
      aria-label={label}
      aria-invalid={invalid || undefined}
      placeholder={t('dd/mm/yyyy')}
      inputMode="numeric"
      text={isoToPickerText(value, 'date')}
      onPickerClose={({ byEscape, text }) => !byEscape && read(text)}
      onBlur={(event) => read(event.currentTarget.value)}
    />
  );
}

/** The filter bar of a report: one labelled control per filter item, and a button to clear them. */
export function ReportFilters({
  idPrefix,
  items,
  values,
  lists,
  translate,
  onChange,
}: {
  idPrefix: string;
  items: readonly ReportFilterItem[];
  values: ReportFilterValues;
  lists: Record<string, unknown>;
  translate: (text: string) => string;
  onChange: (values: ReportFilterValues) => void;
}) {
  const { t } = useTranslation(['forms', 'common']);
  const set = (field: string, value: ReportFilterValues[string]) => onChange({ ...values, [field]: value });
  const options = (key: string): OptionItem[] => {
    const list = lists[`${key}List`] ?? lists[key];
    return Array.isArray(list) ? (list as OptionItem[]) : [];
  };
  if (items.length === 0) return null;
  return (
    <search className="report-filters d-print-none row g-2 align-items-end mb-3" aria-label={t('Filters')}>
      {items.map((item) => {
        const id = `${idPrefix}-filter-${item.fieldName}`;
        const value = values[item.fieldName];
        const label = translate(item.title);
        if (item.type === 'daterange') {
          const range = typeof value === 'object' ? value : { start: '', end: '' };
          return (
            <fieldset className="col-auto" key={item.fieldName}>
              <legend className="form-label small mb-1">{label}</legend>
              <div className="d-flex gap-1">
                <DayInput
                  label={t('{{field}} from', { field: label })}
                  value={range.start}
                  onChange={(start) => set(item.fieldName, { ...range, start })}
                />
                <DayInput
                  label={t('{{field}} to', { field: label })}
                  value={range.end}
                  onChange={(end) => set(item.fieldName, { ...range, end })}
                />
              </div>
            </fieldset>
          );
        }
        if (item.type === 'checkbox') {
          return (
            <div className="col-auto form-check ms-2" key={item.fieldName}>
              <input
                id={id}
                type="checkbox"
                className="form-check-input"
                checked={value === true}
                onChange={(e) => set(item.fieldName, e.target.checked)}
              />
              <label className="form-check-label small" htmlFor={id}>
                {label}
              </label>
            </div>
          );
        }
        return (
          <div className="col-auto" key={item.fieldName}>
            <label className="form-label small mb-1" htmlFor={id}>
              {label}
            </label>
            {item.type === 'select' || item.type === 'multiselect' ? (
              <select
                id={id}
                className="form-select form-select-sm"
                value={typeof value === 'string' ? value : ''}
                onChange={(e) => set(item.fieldName, e.target.value)}
              >
                <option value="">{t('All')}</option>
                {options(item.optionKey || item.fieldName).map((option) => (
                  <option key={valueText(option.Value)} value={valueText(option.Value)}>
                    {optionText(option, translate)}
                  </option>
                ))}
              </select>
            ) : (
              <TextFilter
                id={id}
                value={typeof value === 'string' ? value : ''}
                onChange={(text) => set(item.fieldName, text)}
              />
            )}
          </div>
        );
      })}
      <div className="col-auto">
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onChange({})}>
          {t('Clear filters')}
        </button>
      </div>
    </search>
  );
}
