import type { OptionItem } from '@panelwright/contract';
import { DATE_RANGE_PRESETS, EMPTY_OPTION_VALUE } from '@panelwright/contract/constants';
import { type ComponentType, type ReactNode, useEffect, useId, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { searchRelation } from '../../api/relation-search';
import type { Translate } from '../../cells';
import { DatePicker } from '../../components/date-picker/date-picker';
import { LookupBox } from '../../components/lookup-box/lookup-box';
import { useWindowWidth } from '../../components/use-window-width';
import {
  buildFilterOutput,
  type DateRangePreset,
  dateRangeForPreset,
  type FilterControlKind,
  type FilterDefinition,
  filterControlKind,
  formatDateRangeDisplay,
  inlineFilterCount,
  isDateRangePreset,
  normalizeDateRange,
  splitFilters,
} from '../../engine/filters';
import { splitMultiSelect } from '../../engine/formats';
import { knownOption } from '../../engine/lookup';
import { optionText, valueOptionText } from '../../engine/option-text';
import { isEmptyValue, isFalseFlag, isTrueFlag, valueText } from '../../engine/values';
import type { TableController } from './use-table-controller';

type FilterControlProps = {
  definition: FilterDefinition;
  value: unknown;
  onChange(value: unknown): void;
  /** The options it names values by (a lookup: the records it knows the texts of). */
  options: readonly OptionItem[];
  /** A record picked in a lookup: its text is remembered for the filter's chip. */
  onPicked(option: OptionItem): void;
  t: Translate;
};

function TextFilter({ definition, value, onChange, t }: FilterControlProps) {
  const id = useId();
  return (
    <div className="filter-item">
      <label className="form-label small mb-0" htmlFor={id}>
        {t(definition.title ?? definition.fieldName)}
      </label>
      <input
        id={id}
        type="search"
        className="form-control form-control-sm"
        value={valueText(value)}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

function SelectFilter({ definition, value, onChange, options, t }: FilterControlProps) {
  const id = useId();
  return (
    <div className="filter-item">
      <label className="form-label small mb-0" htmlFor={id}>
        {t(definition.title ?? definition.fieldName)}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={isEmptyValue(value) ? EMPTY_OPTION_VALUE : valueText(value)}
        onChange={(event) => {
          const picked = options.find((option) => valueText(option.Value) === event.target.value);
          onChange(picked ? picked.Value : EMPTY_OPTION_VALUE);
        }}
      >
        <option value={EMPTY_OPTION_VALUE}>{t('All')}</option>
        {options.map((option) => (
          <option key={valueText(option.Value)} value={valueText(option.Value)}>
            {optionText(option, t)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A select filter of a list that grows (a relation's other side, categories, users...): typed into,
 * each pause asking the server for one page of matches, never its whole list. The address keeps the
 * picked record's id; its text is read back by id after a reload.
 */
function LookupFilter({ definition, value, onChange, options, onPicked, t }: FilterControlProps) {
  const id = useId();
  const relation = definition.lookup;
  const title = t(definition.title ?? definition.fieldName);
  const picked = isEmptyValue(value) || value === EMPTY_OPTION_VALUE ? null : value;
  return (
    <div className="filter-item filter-lookup">
      <label className="form-label small mb-0" htmlFor={id}>
        {title}
      </label>
      <LookupBox
        id={id}
        inputClassName="form-control form-control-sm"
        listLabel={title}
        placeholder={t('All')}
        search={async (text) => (relation ? searchRelation(relation, text) : [])}
        shownText={picked === null ? '' : (knownOption(picked, options)?.Text ?? valueText(picked))}
        onPick={(option) => {
          onPicked(option);
          onChange(option.Value);
        }}
        onClear={picked === null ? undefined : () => onChange(null)}
      />
    </div>
  );
}

function MultiSelectFilter({ definition, value, onChange, options, t }: FilterControlProps) {
  const id = useId();
  const picked = new Set(Array.isArray(value) ? value.map(valueText) : splitMultiSelect(value));
  const toggle = (item: string) => {
    const next = new Set(picked);
    if (next.has(item)) next.delete(item);
    else next.add(item);
    onChange(options.map((option) => valueText(option.Value)).filter((option) => next.has(option)));
  };
  const title = t(definition.title ?? definition.fieldName);
  const shown = options
    .filter((option) => picked.has(valueText(option.Value)))
    .map((option) => optionText(option, t));
  return (
    <FilterMenuBox
      id={id}
      title={title}
      shown={shown.length > 0 ? shown.join(', ') : t('All')}
      autoClose="outside"
      menuClassName="p-2"
    >
      {options.map((option, index) => (
        <div key={valueText(option.Value)} className="form-check">
          <input
            id={`${id}-${index}`}
            type="checkbox"
            className="form-check-input"
            checked={picked.has(valueText(option.Value))}
            onChange={() => toggle(valueText(option.Value))}
          />
          <label className="form-check-label" htmlFor={`${id}-${index}`}>
            {optionText(option, t)}
          </label>
        </div>
      ))}
    </FilterMenuBox>
  );
}

/** Any / Yes / No: a flag filter can keep the rows where the flag is off as well as those where it is on. */
function CheckboxFilter({ definition, value, onChange, t }: FilterControlProps) {
  const id = useId();
  const current = isTrueFlag(value) ? 'yes' : isFalseFlag(value) ? 'no' : 'any';
  return (
    <div className="filter-item">
      <label className="form-label small mb-0" htmlFor={id}>
        {t(definition.title ?? definition.fieldName)}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={current}
        onChange={(event) => {
          const picked = event.target.value;
          onChange(picked === 'yes' ? true : picked === 'no' ? false : null);
        }}
      >
        <option value="any">{t('Any')}</option>
        <option value="yes">{t('Yes')}</option>
        <option value="no">{t('No')}</option>
      </select>
    </div>
  );
}

/** The range a date-range filter value stands for today: a preset's, or the custom one. */
function rangeOf(value: unknown) {
  if (isDateRangePreset(value)) return dateRangeForPreset(value, new Date());
  return normalizeDateRange(value);
}

/**
 * A date-range filter: the presets of part 1 section 9 (Today, Yesterday, This Week, This Month, This
 * Year, Last Month) and a Custom Range picked on a calendar; shown DD/MM/YYYY - DD/MM/YYYY.
 */
function DateRangeFilter({ definition, value, onChange, t }: FilterControlProps) {
  const id = useId();
  const [custom, setCustom] = useState(false);
  const range = rangeOf(value);
  const title = t(definition.title ?? definition.fieldName);
  const pickPreset = (preset: DateRangePreset) => {
    if (preset === 'Custom Range') {
      setCustom(true);
      return;
    }
    setCustom(false);
    onChange(preset);
  };
  const day = (date: Date) =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return (
    <FilterMenuBox
      id={id}
      title={title}
      shown={range ? formatDateRangeDisplay(range) : t('Any date')}
      autoClose={custom ? 'outside' : true}
      onToggle={(show) => !show && setCustom(false)}
      menuClassName="date-range-menu"
    >
      {DATE_RANGE_PRESETS.map((preset) => (
        <Dropdown.Item
          key={preset}
          as="button"
          active={
            value === preset || (preset === 'Custom Range' && range !== null && !isDateRangePreset(value))
          }
          onClick={(event) => {
            if (preset === 'Custom Range') event.stopPropagation();
            pickPreset(preset);
          }}
        >
          {t(preset)}
        </Dropdown.Item>
      ))}
      {range && (
        <Dropdown.Item as="button" onClick={() => onChange(null)}>
          {t('Clear')}
        </Dropdown.Item>
      )}
      {custom && (
        <div className="px-2 pb-2">
          <DatePicker
            mode="range"
            inline
            className="form-control form-control-sm"
            aria-label={t('Custom Range')}
            placeholder={t('dd/mm/yyyy - dd/mm/yyyy')}
            onPick={(dates) => {
              const [start, end] = dates;
              if (start && end) onChange({ start: day(start), end: day(end) });
            }}
          />
        </div>
      )}
    </FilterMenuBox>
  );
}

/**
 * A filter whose box opens a menu (many choices, a date range), drawn as the single-choice filters'
 * select beside it: one look for every filter's box, named by its title and what it keeps.
 */
function FilterMenuBox({
  id,
  title,
  shown,
  autoClose,
  onToggle,
  menuClassName,
  children,
}: {
  id: string;
  title: string;
  shown: string;
  autoClose: boolean | 'outside';
  onToggle?: (show: boolean) => void;
  menuClassName: string;
  children: ReactNode;
}) {
  return (
    <div className="filter-item">
      <span className="form-label small mb-0 d-block" id={`${id}-label`}>
        {title}
      </span>
      <Dropdown autoClose={autoClose} onToggle={onToggle}>
        <Dropdown.Toggle
          as="button"
          type="button"
          className="form-select form-select-sm"
          aria-labelledby={`${id}-label ${id}-value`}
        >
          <span id={`${id}-value`}>{shown}</span>
        </Dropdown.Toggle>
        <Dropdown.Menu className={menuClassName}>{children}</Dropdown.Menu>
      </Dropdown>
    </div>
  );
}

/** One control per filter type of screen-config.md, and the lookup for a select of a list that grows. */
const FILTER_CONTROLS: Record<FilterControlKind, ComponentType<FilterControlProps>> = {
  text: TextFilter,
  search: TextFilter,
  select: SelectFilter,
  lookup: LookupFilter,
  multiselect: MultiSelectFilter,
  checkbox: CheckboxFilter,
  daterange: DateRangeFilter,
};

/** The text of an active filter's chip: its title and what it keeps, in the user's language. */
function chipText(
  definition: FilterDefinition,
  value: unknown,
  options: readonly OptionItem[],
  t: Translate,
) {
  const output = buildFilterOutput(definition, value, { options, now: new Date() });
  if (!output) return null;
  const labelOf = (item: unknown) => valueOptionText(options, item, t);
  let shown: string;
  if (definition.type === 'select') shown = labelOf(output.value);
  else if (definition.type === 'multiselect') shown = (output.value as unknown[]).map(labelOf).join(', ');
  else if (definition.type === 'checkbox') shown = t(output.valueDisplay);
  else shown = output.valueDisplay;
  return { title: t(definition.title ?? definition.fieldName), shown };
}

/**
 * The search box and the screen's filters in one row (the choices first); the others behind "More
 * filters"; below, every active filter as a chip that takes it off, and "Clear filters".
 */
export function FilterBar({ controller }: { controller: TableController }) {
  const {
    filters,
    filterValues,
    setFilterValue,
    filterOptions,
    rememberLookupOption,
    search,
    setSearchText,
    t,
    landmark,
  } = controller;
  const searchId = useId();
  const moreId = useId();
  const inlineCount = inlineFilterCount(useWindowWidth());
  const { inline, more } = splitFilters(filters, inlineCount);
  const [expanded, setExpanded] = useState(false);
  const control = (definition: FilterDefinition) => {
    const Control = FILTER_CONTROLS[filterControlKind(definition)];
    return (
      <Control
        key={definition.fieldName}
        definition={definition}
        value={filterValues[definition.fieldName]}
        onChange={(value) => setFilterValue(definition.fieldName, value)}
        options={filterOptions(definition)}
        onPicked={(option) => rememberLookupOption(definition.fieldName, option)}
        t={t}
      />
    );
  };
  const chips = filters.flatMap((definition) => {
    const chip = chipText(definition, filterValues[definition.fieldName], filterOptions(definition), t);
    return chip ? [{ field: definition.fieldName, ...chip }] : [];
  });
  const hiddenActive = more.filter((definition) => chips.some((chip) => chip.field === definition.fieldName));
  // Opens when a filter behind the button comes into use from elsewhere (a reload, a link, back);
  // not on a phone, where the open panel would push the rows below the first screen (its chip shows).
  const usesHidden = hiddenActive.length > 0 && inlineCount > 0;
  useEffect(() => {
    if (usesHidden) setExpanded(true);
  }, [usesHidden]);
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers and assistive technologies
    <div className="table-filters" role="search" aria-label={landmark('Filters')}>
      <div className="filter-row">
        <div className="filter-item filter-search">
          <label className="form-label small mb-0" htmlFor={searchId}>
            {t('Search')}
          </label>
          <input
            id={searchId}
            type="search"
            className="form-control form-control-sm"
            value={search}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        {inline.map(control)}
        {controller.variant !== 'table' && <CardSort controller={controller} />}
        {more.length > 0 && (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary filter-more-toggle"
            aria-expanded={expanded}
            aria-controls={moreId}
            onClick={() => setExpanded((open) => !open)}
          >
            <i className="bi bi-funnel me-1" aria-hidden="true" />
            {t('More filters')}
            {hiddenActive.length > 0 && (
              <span className="badge rounded-pill text-bg-secondary ms-1">{hiddenActive.length}</span>
            )}
          </button>
        )}
      </div>
      {more.length > 0 && expanded && (
        <div id={moreId} className="filter-more">
          {more.map(control)}
        </div>
      )}
      {chips.length > 0 && (
        <ul className="filter-chips list-unstyled" aria-label={t('Active filters')}>
          {chips.map((chip) => (
            <li key={chip.field} className="filter-chip">
              <span>
                {chip.title}: {chip.shown}
              </span>
              <button
                type="button"
                className="btn-close"
                aria-label={t('Remove filter {{name}}', { name: chip.title })}
                onClick={() => setFilterValue(chip.field, null)}
              />
            </li>
          ))}
          <li>
            <button
              type="button"
              className="btn btn-sm btn-link p-0"
              onClick={() => {
                for (const definition of filters) setFilterValue(definition.fieldName, null);
              }}
            >
              {t('Clear filters')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

/** Card variants have no headers to click: the sort is a field and a direction. */
function CardSort({ controller }: { controller: TableController }) {
  const { columns, sorting, setSorting, t } = controller;
  const id = useId();
  const sortable = columns.filter((column) => column.def.CanSort === true);
  const current = sorting[0];
  return (
    <div className="filter-item">
      <label className="form-label small mb-0" htmlFor={id}>
        {t('Sort by')}
      </label>
      <div className="input-group input-group-sm">
        <select
          id={id}
          className="form-select form-select-sm"
          value={current?.id ?? ''}
          onChange={(event) =>
            setSorting(event.target.value ? [{ id: event.target.value, desc: false }] : [])
          }
        >
          <option value="">{t('Default')}</option>
          {sortable.map((column) => (
            <option key={column.fieldName} value={column.fieldName}>
              {t(column.header)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={!current}
          onClick={() => current && setSorting([{ id: current.id, desc: !current.desc }])}
          aria-label={current?.desc ? t('Descending') : t('Ascending')}
        >
          <i className={`bi bi-sort-${current?.desc ? 'down' : 'up'}`} aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
