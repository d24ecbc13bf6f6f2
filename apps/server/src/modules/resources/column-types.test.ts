import { safeParseForPeople } from '@panelwright/contract';
import { date, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLUMN_TYPES, type ColumnRules, isCalendarDate, UNSURE, validatorFor } from './column-types';

const table = pgTable('quick_check', {
  count: integer('count'),
  price: numeric('price', { precision: 12, scale: 2 }),
  name: text('name'),
  day: date('day'),
});

/** Rules a declaration may give, drawn. */
const rules: fc.Arbitrary<ColumnRules> = fc.record(
  {
    required: fc.boolean(),
    nullable: fc.boolean(),
    min: fc.integer({ min: -100, max: 100 }),
    max: fc.integer({ min: 0, max: 10_000 }),
    integer: fc.boolean(),
    minLength: fc.integer({ min: 0, max: 5 }),
    maxLength: fc.integer({ min: 1, max: 30 }),
    pattern: fc.constantFrom(/^[A-Z]+$/, /\d/g, /^[A-Z0-9-]{3,32}$/, /x/y),
  },
  { requiredKeys: [] },
);

/** Values as an import or a form sends them, and odd ones. */
const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    'ABC',
    'AB-12',
    'x',
    'a\u0000b',
    '2024-02-29',
    '2023-02-29',
    '0999-01-01',
    '12',
    ' 12 ',
    'x'.repeat(501),
  ),
  fc.double(),
  fc.integer(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, 2_147_483_648, 1e15, 0.5),
  fc.boolean(),
  fc.constantFrom(null, undefined, [], {}, ['a']),
);

const columns = [table.count, table.price, table.name, table.day];

describe('the shortcuts of the column types’ schemas', () => {
  const typesWithShortcut = Object.entries(COLUMN_TYPES).filter(([, type]) => type.quick);

  it('exist for the common types', () => {
    expect(typesWithShortcut.map(([name]) => name).sort()).toEqual(
      [
        'checkbox',
        'date',
        'html',
        'money',
        'number',
        'percent',
        'readonly',
        'select',
        'switch',
        'tag',
        'text',
        'textarea',
      ].sort(),
    );
  });

  it('take a value only as the schema takes it, unchanged', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...typesWithShortcut),
        rules,
        fc.constantFrom(...columns),
        value,
        ([, type], drawnRules, column, drawn) => {
          const taken = type.quick?.(drawnRules, column)(drawn);
          if (taken === UNSURE) return;
          const parsed = safeParseForPeople(type.schema(drawnRules, column), drawn);
          expect(parsed.success).toBe(true);
          expect(taken).toBe(parsed.data);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('take the plain values an import sends, and leave the rest with its message to the schema', () => {
    const name = validatorFor(COLUMN_TYPES.text, { required: true, maxLength: 10 }, table.name);
    expect(COLUMN_TYPES.text.quick?.({ required: true, maxLength: 10 }, table.name)('Lamp')).toBe('Lamp');
    expect(name('Lamp')).toEqual({ ok: true, value: 'Lamp' });
    expect(name('   ')).toEqual({ ok: false, message: 'is required' });
    expect(name('x'.repeat(11))).toEqual({ ok: false, message: 'must be at most 10 characters' });
    const skuRules = { pattern: /^[A-Z0-9-]{3,32}$/, patternMessage: 'must be 3 to 32 capitals' };
    expect(COLUMN_TYPES.readonly.quick?.(skuRules, table.name)('AB-12')).toBe('AB-12');
    expect(validatorFor(COLUMN_TYPES.readonly, skuRules, table.name)('ab')).toEqual({
      ok: false,
      message: 'must be 3 to 32 capitals',
    });
    expect(COLUMN_TYPES.checkbox.quick?.({}, table.name)(false)).toBe(false);
    expect(validatorFor(COLUMN_TYPES.checkbox, {}, table.name)('1')).toEqual({ ok: true, value: true });
    const price = validatorFor(COLUMN_TYPES.money, { min: 0 }, table.price);
    expect(COLUMN_TYPES.money.quick?.({ min: 0 }, table.price)(12.5)).toBe(12.5);
    expect(price(12.5)).toEqual({ ok: true, value: 12.5 });
    expect(price(-1)).toEqual({ ok: false, message: 'must be at least 0' });
    expect(price('12')).toEqual({ ok: true, value: 12 });
    const day = validatorFor(COLUMN_TYPES.date, {}, table.day);
    expect(COLUMN_TYPES.date.quick?.({}, table.day)('2024-03-05')).toBe('2024-03-05');
    expect(day('2023-02-29')).toEqual({ ok: false, message: 'must be a date as YYYY-MM-DD' });
    const status = validatorFor(COLUMN_TYPES.select, {}, table.name);
    expect(COLUMN_TYPES.select.quick?.({}, table.name)('Active')).toBe('Active');
    expect(status('x'.repeat(201))).toEqual({ ok: false, message: 'must be at most 200 characters' });
  });
});

describe('a calendar day', () => {
  it('is one that exists in the Gregorian calendar, as a Date counts them', () => {
    for (const year of [999, 1000, 1600, 1700, 1900, 2000, 2023, 2024, 2100, 2400, 9999]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          const date = new Date(Date.UTC(year, month - 1, day));
          const exists =
            year >= 1000 &&
            date.getUTCFullYear() === year &&
            date.getUTCMonth() === month - 1 &&
            date.getUTCDate() === day;
          expect(isCalendarDate(text), text).toBe(exists);
        }
      }
    }
  });
});
