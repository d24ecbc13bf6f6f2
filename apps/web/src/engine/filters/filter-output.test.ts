import type { FilterOutput } from '@panelwright/contract';
import { describe, expect, it } from 'vitest';
import { columnDef } from '../testing/columns';
import {
  applyClientFilters,
  buildFilterOutput,
  clientFilterPredicate,
  type FilterDefinition,
  filterControlKind,
  filterDefinitionOf,
  filterLookup,
  searchableText,
  toServerFilters,
} from './filter-output';

const def = (type: FilterDefinition['type'], extra: Partial<FilterDefinition> = {}): FilterDefinition => ({
  type,
  fieldName: 'F',
  title: 'Field',
  ...extra,
});
const keeps = (output: FilterOutput | null, row: Record<string, unknown>) =>
  clientFilterPredicate([output!])(row);

describe('filter definitions', () => {
  it("read a column's Filter, its more JSON and its header as the default title", () => {
    const column = columnDef({
      fieldName: 'Status',
      Header: '{"header":"State"}',
      Filter: { type: 'select', isServer: true, more: '{"separator":";"}', optionKey: 'Status' },
    });
    expect(filterDefinitionOf(column)).toEqual({
      type: 'select',
      fieldName: 'Status',
      title: 'State',
      isServer: true,
      more: { separator: ';' },
      optionKey: 'Status',
    });
    expect(filterDefinitionOf(columnDef())).toBeNull();
    expect(filterDefinitionOf(columnDef({ Filter: { type: 'text', title: 'T' } }))?.isServer).toBe(false);
  });

  it('make a select filter of a list that grows (the server’s more.lookup) a lookup, drawn as one', () => {
    const lookup = { api: 'Customer', field: 'Category' };
    const relation = filterDefinitionOf(
      columnDef({
        fieldName: 'Category',
        Filter: { type: 'select', isServer: true, optionKey: 'Category', more: JSON.stringify({ lookup }) },
      }),
    );
    expect(relation?.lookup).toEqual(lookup);
    expect(filterControlKind(relation as FilterDefinition)).toBe('lookup');
    // Only a select filter: a multi-select keeps its list; a select without it is a drop-down.
    expect(filterLookup('multiselect', { lookup })).toEqual({});
    expect(filterLookup('select', { lookup: { api: 'Customer' } })).toEqual({});
    expect(filterControlKind(def('select'))).toBe('select');
    expect(filterControlKind(def('multiselect', { lookup }))).toBe('multiselect');
    expect(filterControlKind(def('daterange'))).toBe('daterange');
  });
});

describe('filter output', () => {
  it('has the shape of part 1 section 3', () => {
    expect(buildFilterOutput(def('text', { isServer: true, more: { a: 1 } }), ' abc ')).toEqual({
      type: 'text',
      fieldName: 'F',
      isServer: true,
      more: { a: 1 },
      title: 'Field',
      value: 'abc',
      valueDisplay: 'abc',
      valueFilterServer: 'abc',
      valueFilterClient: 'abc',
    });
  });

  it('text: contains, ignoring case and accents', () => {
    const output = buildFilterOutput(def('text'), 'Đà NẴNG');
    expect(output?.valueFilterClient).toBe('da nang');
    expect(keeps(output, { F: 'Thành phố Đà Nẵng' })).toBe(true);
    expect(keeps(output, { F: 'Hà Nội' })).toBe(false);
    expect(keeps(output, {})).toBe(false);
    expect(buildFilterOutput(def('text'), '   ')).toBeNull();
    expect(searchableText(null)).toBe('');
  });

  it('search: contains in any of more.fields, else the field', () => {
    const output = buildFilterOutput(def('search', { more: { fields: 'Name, Code' } }), 'ab');
    expect(keeps(output, { Name: 'xx', Code: 'xAB' })).toBe(true);
    expect(keeps(output, { Name: 'xx', Code: 'yy', F: 'ab' })).toBe(false);
    expect(keeps(buildFilterOutput(def('search'), 'ab'), { F: 'cab' })).toBe(true);
  });

  it('select: equals the value, label from the options, _empty_ means no filter', () => {
    const options = [
      { Value: 1, Text: 'Open' },
      { Value: 2, Text: 'Closed' },
    ];
    const output = buildFilterOutput(def('select'), 2, { options });
    expect(output).toMatchObject({
      value: 2,
      valueDisplay: 'Closed',
      valueFilterServer: 2,
      valueFilterClient: '2',
    });
    expect(keeps(output, { F: 2 })).toBe(true);
    expect(keeps(output, { F: '2' })).toBe(true);
    expect(keeps(output, { F: 1 })).toBe(false);
    expect(buildFilterOutput(def('select'), '_empty_')).toBeNull();
    expect(buildFilterOutput(def('select'), '')).toBeNull();
    expect(buildFilterOutput(def('select'), null)).toBeNull();
    expect(buildFilterOutput(def('select'), 9, { options })?.valueDisplay).toBe('9');
  });

  it('multiselect: any of the values, given as a list or separated text', () => {
    const options = [
      { Value: 'a', Text: 'Alpha' },
      { Value: 'b', Text: 'Beta' },
    ];
    const output = buildFilterOutput(def('multiselect'), ['a', 'b', '_empty_'], { options });
    expect(output).toMatchObject({
      value: ['a', 'b'],
      valueDisplay: 'Alpha, Beta',
      valueFilterServer: ['a', 'b'],
    });
    expect(keeps(output, { F: 'b' })).toBe(true);
    expect(keeps(output, { F: 'c,a' })).toBe(true);
    expect(keeps(output, { F: 'c' })).toBe(false);
    expect(buildFilterOutput(def('multiselect'), 'a,b')?.value).toEqual(['a', 'b']);
    expect(buildFilterOutput(def('multiselect', { more: { separator: ';' } }), 'a;b')?.value).toEqual([
      'a',
      'b',
    ]);
    expect(buildFilterOutput(def('multiselect'), [])).toBeNull();
  });

  it('checkbox: Yes keeps truthy rows, No keeps the others, Any filters nothing', () => {
    const yes = buildFilterOutput(def('checkbox'), true);
    expect(yes).toMatchObject({ value: true, valueDisplay: 'Yes', valueFilterServer: true });
    expect(keeps(yes, { F: 1 })).toBe(true);
    expect(keeps(yes, { F: false })).toBe(false);
    const no = buildFilterOutput(def('checkbox'), false);
    expect(no).toMatchObject({ value: false, valueDisplay: 'No', valueFilterServer: false });
    expect(keeps(no, { F: false })).toBe(true);
    expect(keeps(no, { F: null })).toBe(true);
    expect(keeps(no, { F: 'true' })).toBe(false);
    expect(buildFilterOutput(def('checkbox'), 'false')).toMatchObject({ value: false });
    for (const any of [null, undefined, '', 'any'])
      expect(buildFilterOutput(def('checkbox'), any)).toBeNull();
  });

  it('daterange: within start and end inclusive, displayed DD/MM/YYYY - DD/MM/YYYY', () => {
    const output = buildFilterOutput(def('daterange'), { start: '2024-05-01', end: '2024-05-31' });
    expect(output).toMatchObject({
      valueDisplay: '01/05/2024 - 31/05/2024',
      valueFilterServer: { start: '2024-05-01', end: '2024-05-31' },
    });
    expect(keeps(output, { F: '2024-05-01' })).toBe(true);
    expect(keeps(output, { F: '2024-05-31T23:59:00' })).toBe(true);
    expect(keeps(output, { F: '2024-06-01' })).toBe(false);
    expect(keeps(output, { F: null })).toBe(false);
    expect(keeps(output, { F: 'soon' })).toBe(false);
    expect(buildFilterOutput(def('daterange'), { start: 'x', end: 'y' })).toBeNull();
  });

  it('daterange accepts a preset name, from now', () => {
    expect(buildFilterOutput(def('daterange'), 'Today', { now: new Date(2024, 4, 15) })?.value).toEqual({
      start: '2024-05-15',
      end: '2024-05-15',
    });
  });
});

describe('server and client filters', () => {
  const server = buildFilterOutput(def('select', { fieldName: 'Status', isServer: true }), 1)!;
  const client = buildFilterOutput(def('text', { fieldName: 'Name' }), 'an')!;

  it('sends the server ones as Filters: [{FieldName, Type, Value}]', () => {
    expect(toServerFilters([server, client])).toEqual([{ FieldName: 'Status', Type: 'select', Value: 1 }]);
  });

  it('applies only the client ones to the loaded rows, all of them', () => {
    const rows = [
      { Name: 'Ann', Status: 2 },
      { Name: 'Bob', Status: 1 },
      { Name: 'Dan', Status: 1 },
    ];
    expect(applyClientFilters(rows, [server, client])).toEqual([rows[0], rows[2]]);
    const second = buildFilterOutput(def('text', { fieldName: 'Name' }), 'd')!;
    expect(applyClientFilters(rows, [client, second])).toEqual([rows[2]]);
    expect(applyClientFilters(rows, [])).toEqual(rows);
  });
});
