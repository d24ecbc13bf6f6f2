import { type CellType, type FilterType, type OptionItem, safeParseForPeople } from '@panelwright/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { XlsxCell as CellValue } from '../../lib/xlsx-writer';

/** Validation rules a column declares on top of its type's own. */
export type ColumnRules = {
  /** AddNew must carry a value; UpdateFields may not empty it. */
  required?: boolean;
  /** null (or an empty text for non-text types) clears the value. */
  nullable?: boolean;
  min?: number;
  max?: number;
  integer?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  /** The rule's wording when `pattern` does not match, e.g. "must be 2 to 20 capitals". */
  patternMessage?: string;
};

/** How a value is written to the spreadsheet of Export. */
export type ExcelFormat = {
  numFmt?: string;
  width?: number;
  /** `text` turns an option value into its label. */
  value(value: unknown, text: (value: unknown) => string): CellValue;
};

/**
 * One cell type of screen-config.md and everything the server does differently for it: how the
 * stored value is read, validated, written, filtered and exported. Adding a cell type is one entry
 * in `COLUMN_TYPES`.
 */
export type ColumnType = {
  /** False for cell types that show something other than a stored value (button, action...). */
  stored: boolean;
  /**
   * Types of one family store and read their values alike: the configuration may change a column's
   * cell type to another of its family (text to textarea, number to money), never across families.
   */
  family: string;
  /** The AddNew form control of screen-config.md. */
  control: string;
  /** The filter types that make sense on it; anything else is a 400. */
  filters: readonly FilterType[];
  /** Its values are checked against the column's option list (`Type.source`). */
  usesOptions?: boolean;
  /** Values are lists (stored as text[]). */
  list?: boolean;
  /**
   * Values may hold links to stored files (`/files/...`): stored without their signature, handed out
   * signed afresh with every read (see FilesService.signLinks).
   */
  fileLinks?: boolean;
  /** Reads the stored value in its wire form. */
  read(column: AnyPgColumn): SQL;
  /** The wire value's schema; its output is the normalized wire value. */
  schema(rules: ColumnRules, column: AnyPgColumn): z.ZodType;
  /**
   * A shortcut of `schema` for the values it plainly takes as they are: the value itself where the
   * schema would answer it unchanged, else UNSURE, and the schema decides (and words any refusal).
   * Zod's safeParse with the error map cost some 25 µs a row of an import (docs/decisions.md).
   * `column-types.test.ts` checks that each one agrees with its schema.
   */
  quick?(rules: ColumnRules, column: AnyPgColumn): (value: unknown) => unknown;
  /** The SQL value to store a normalized (non-null) wire value. */
  write(value: unknown, column: AnyPgColumn): SQL;
  excel: ExcelFormat;
};

const castTo = (column: AnyPgColumn) => sql.raw(column.getSQLType());

/** A bound parameter cast to the column's own SQL type (the type comes from the declaration). */
const writeCast = (value: unknown, column: AnyPgColumn): SQL => sql`${value}::${castTo(column)}`;

/** The column as text, for text filters and the search box. */
export function textOf(column: AnyPgColumn): SQL {
  const type = column.getSQLType();
  if (type === 'text') return sql`${column}`;
  if (type.endsWith('[]')) return sql`array_to_string(${column}, ',')`;
  return sql`cast(${column} as text)`;
}

const asIs = (column: AnyPgColumn): SQL => sql`${column}`;

const plainText = (value: unknown): CellValue =>
  value === null || value === undefined ? null : String(value);

const TEXT_FILTERS = ['text', 'search', 'select', 'multiselect'] as const satisfies readonly FilterType[];

/** `ColumnType.quick`'s answer when the schema must decide. */
export const UNSURE: unique symbol = Symbol('unsure');

/**
 * `textSchema`'s shortcut: a text within its length rules, with no NUL, not blank where required,
 * matching its pattern. A pattern with the `g` or `y` flag is left to the schema: such a pattern
 * keeps state between its tests, so testing it twice could answer differently.
 */
function quickText(defaultMax: number) {
  return (rules: ColumnRules) => {
    const max = rules.maxLength ?? defaultMax;
    const minLength = rules.minLength ?? 0;
    const { required, pattern } = rules;
    const stateful = Boolean(pattern && (pattern.global || pattern.sticky));
    return (value: unknown): unknown =>
      typeof value === 'string' &&
      !stateful &&
      value.length <= max &&
      value.length >= minLength &&
      !value.includes('\u0000') &&
      (!required || value.trim() !== '') &&
      (!pattern || (value === '' && !required) || pattern.test(value))
        ? value
        : UNSURE;
  };
}

/** Text of at most `max` characters, with the column's length and pattern rules. */
function textSchema(defaultMax: number) {
  return (rules: ColumnRules) => {
    const max = rules.maxLength ?? defaultMax;
    let schema = z
      .string({ error: 'must be text' })
      .max(max, `must be at most ${max} characters`)
      .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters');
    if (rules.minLength) {
      schema = schema.refine(
        (value) => value.length >= (rules.minLength ?? 0),
        `must be at least ${rules.minLength} characters`,
      );
    }
    if (rules.required) schema = schema.refine((value) => value.trim() !== '', 'is required');
    const pattern = rules.pattern;
    if (pattern) {
      schema = schema.refine(
        (value) => (value === '' && !rules.required) || pattern.test(value),
        rules.patternMessage ?? 'has the wrong format',
      );
    }
    return schema;
  };
}

/** The bounds a numeric SQL type can hold, so that no value reaches the database to overflow it. */
export function numericBounds(column: AnyPgColumn): { min: number; max: number; integer: boolean } {
  const type = column.getSQLType();
  if (type === 'integer' || type === 'serial')
    return { min: -2_147_483_648, max: 2_147_483_647, integer: true };
  if (type === 'smallint') return { min: -32_768, max: 32_767, integer: true };
  const numeric = /^numeric\((\d+),\s*(\d+)\)$/.exec(type);
  if (numeric) {
    const limit = 10 ** (Number(numeric[1]) - Number(numeric[2]));
    return { min: -limit + 1, max: limit - 1, integer: Number(numeric[2]) === 0 };
  }
  return { min: -1e15, max: 1e15, integer: false };
}

const NUMBER_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

function numberSchema(rules: ColumnRules, column: AnyPgColumn) {
  const bounds = numericBounds(column);
  const min = Math.max(rules.min ?? bounds.min, bounds.min);
  const max = Math.min(rules.max ?? bounds.max, bounds.max);
  let schema = z
    .number({ error: 'must be a number' })
    .refine(Number.isFinite, 'must be a number')
    .refine((value) => value >= min, `must be at least ${min}`)
    .refine((value) => value <= max, `must be at most ${max}`);
  if (rules.integer || bounds.integer) schema = schema.refine(Number.isInteger, 'must be a whole number');
  // Number inputs may send their text; anything but plain digits stays a type error.
  return z.preprocess(
    (value) => (typeof value === 'string' && NUMBER_TEXT.test(value) ? Number(value) : value),
    schema,
  );
}

/** `numberSchema`'s shortcut: a finite number within the bounds (whole where it must be). */
function quickNumber(rules: ColumnRules, column: AnyPgColumn) {
  const bounds = numericBounds(column);
  const min = Math.max(rules.min ?? bounds.min, bounds.min);
  const max = Math.min(rules.max ?? bounds.max, bounds.max);
  const integer = Boolean(rules.integer || bounds.integer);
  return (value: unknown): unknown =>
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= min &&
    value <= max &&
    (!integer || Number.isInteger(value))
      ? value
      : UNSURE;
}

const numberType = (numFmt: string, control: string): ColumnType => ({
  stored: true,
  family: 'number',
  control,
  filters: ['text', 'search', 'select', 'multiselect'],
  read: (column) =>
    column.getSQLType().startsWith('numeric') ? sql`cast(${column} as double precision)` : asIs(column),
  schema: numberSchema,
  quick: quickNumber,
  write: (value, column) => writeCast(String(value), column),
  excel: { numFmt, value: (value) => (typeof value === 'number' ? value : null) },
});

const BOOLEAN_TEXT: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };
const booleanSchema = () =>
  z.preprocess(
    (value) => {
      if (value === 1 || value === 0) return value === 1;
      if (typeof value === 'string' && value in BOOLEAN_TEXT) return BOOLEAN_TEXT[value];
      return value;
    },
    z.boolean({ error: 'must be true or false' }),
  );

const booleanType = (control: string): ColumnType => ({
  stored: true,
  family: 'boolean',
  control,
  filters: ['checkbox', 'select'],
  read: asIs,
  schema: booleanSchema,
  quick: () => (value) => (typeof value === 'boolean' ? value : UNSURE),
  write: (value, column) => writeCast(value, column),
  excel: { value: (value) => (typeof value === 'boolean' ? value : null) },
});

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A real calendar day as YYYY-MM-DD (years 1000 to 9999, the Gregorian calendar's leap years).
 * Counted, not built as a Date: an import checks every date cell three times.
 */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  return year >= 1000 && days !== undefined && day >= 1 && day <= days;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** An ISO date and time, normalized to UTC with milliseconds; a time without zone is UTC. */
export function parseDateTime(value: string): string | null {
  const match = DATE_TIME.exec(value);
  if (!match || !isCalendarDate(match[1] ?? '')) return null;
  if (Number(match[2]) > 23 || Number(match[3]) > 59 || Number(match[4] ?? 0) > 59) return null;
  const withZone = match[5] ? value.replace(' ', 'T') : `${value.replace(' ', 'T')}Z`;
  const time = Date.parse(withZone);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

const utcDate = (value: unknown): CellValue => {
  if (typeof value !== 'string') return null;
  const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(time) ? null : new Date(time);
};

const SAFE_LINK = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d()\s.-]+|\/(?!\/)[^\s]*)$/i;

const textType = (defaultMax: number, control: string, extra: Partial<ColumnType> = {}): ColumnType => ({
  stored: true,
  family: 'text',
  control,
  filters: TEXT_FILTERS,
  read: asIs,
  schema: textSchema(defaultMax),
  // A type that words its own schema (a colour, a link) has no shortcut unless it gives one.
  ...(extra.schema ? {} : { quick: quickText(defaultMax) }),
  write: (value, column) => writeCast(value, column),
  excel: { value: plainText },
  ...extra,
});

const virtualType = (control: string): ColumnType => ({
  stored: false,
  family: 'virtual',
  control,
  filters: [],
  read: () => sql`null`,
  schema: () => z.never(),
  write: () => sql`null`,
  excel: { value: () => null },
});

const optionText = (value: unknown, text: (value: unknown) => string): CellValue =>
  value === null || value === undefined ? null : text(value);

/**
 * The option whose value is `value`, compared as text (a form or a file may give an id as text, a
 * list holds it as a number). A loop, not `find` with a closure: an import calls it for every row.
 */
export function optionWithValue(options: readonly OptionItem[], value: unknown): OptionItem | undefined {
  const text = String(value);
  for (const option of options) if (String(option.Value) === text) return option;
  return undefined;
}

/** The column-type map: one entry per cell type of screen-config.md. */
export const COLUMN_TYPES: Record<CellType, ColumnType> = {
  readonly: textType(1000, 'text'),
  text: textType(500, 'text'),
  textarea: textType(10_000, 'textarea'),
  tag: textType(1000, 'tag'),
  html: textType(100_000, 'richtext', { filters: ['text', 'search'] }),
  number: numberType('#,##0.##', 'number'),
  money: numberType('#,##0.00', 'money'),
  percent: numberType('0.00"%"', 'number'),
  checkbox: booleanType('checkbox'),
  switch: booleanType('switch'),
  date: {
    stored: true,
    family: 'date',
    control: 'date',
    filters: ['daterange'],
    read: (column) => sql`to_char(${column}, 'YYYY-MM-DD')`,
    schema: () =>
      z
        .string({ error: 'must be a date as YYYY-MM-DD' })
        .refine(isCalendarDate, 'must be a date as YYYY-MM-DD'),
    quick: () => (value) => (typeof value === 'string' && isCalendarDate(value) ? value : UNSURE),
    write: (value, column) => writeCast(value, column),
    excel: { numFmt: 'yyyy-mm-dd', width: 12, value: utcDate },
  },
  datetime: {
    stored: true,
    family: 'datetime',
    control: 'datetime',
    filters: ['daterange'],
    read: (column) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    schema: () =>
      z.string({ error: 'must be a date and time as YYYY-MM-DDTHH:mm:ssZ' }).transform((value, ctx) => {
        const parsed = parseDateTime(value);
        if (parsed === null) {
          ctx.addIssue({ code: 'custom', message: 'must be a date and time as YYYY-MM-DDTHH:mm:ssZ' });
          return z.NEVER;
        }
        return parsed;
      }),
    write: (value, column) => writeCast(value, column),
    excel: { numFmt: 'yyyy-mm-dd hh:mm', width: 18, value: utcDate },
  },
  time: {
    stored: true,
    family: 'time',
    control: 'time',
    filters: ['select', 'multiselect', 'text'],
    read: (column) => sql`to_char(${column}, 'HH24:MI')`,
    schema: () =>
      z
        .string({ error: 'must be a time as HH:mm' })
        .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be a time as HH:mm')
        .transform((value) => value.slice(0, 5)),
    write: (value, column) => writeCast(value, column),
    excel: { value: plainText },
  },
  select: {
    stored: true,
    family: 'select',
    control: 'select',
    filters: ['select', 'multiselect'],
    usesOptions: true,
    read: asIs,
    schema: () =>
      z.union([z.string().max(200), z.number(), z.boolean()], {
        error: 'must be one of its options',
      }),
    quick: () => (value) =>
      (typeof value === 'string' && value.length <= 200) ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      typeof value === 'boolean'
        ? value
        : UNSURE,
    write: (value, column) => writeCast(value, column),
    excel: { value: optionText },
  },
  multiselect: {
    stored: true,
    family: 'multiselect',
    control: 'multiselect',
    filters: ['select', 'multiselect'],
    usesOptions: true,
    list: true,
    read: (column) => sql`array_to_string(${column}, ',')`,
    // A list of option values, or their comma list (the form control's separator).
    // A required list needs one item at least: an empty one is no choice (a user's roles).
    schema: (rules) =>
      z
        .union(
          [
            z.array(z.union([z.string().max(200), z.number()])).max(100),
            z
              .string()
              .max(5000)
              .transform((text) => text.split(',')),
          ],
          { error: 'must be a list of its options' },
        )
        .transform((values) => [
          ...new Set(values.map((value) => String(value).trim()).filter((value) => value !== '')),
        ])
        .refine((values) => !rules.required || values.length > 0, 'choose at least one'),
    write: (value) => sql`array(select jsonb_array_elements_text(${JSON.stringify(value)}::jsonb))::text[]`,
    excel: {
      value: (value, text) =>
        typeof value === 'string' && value !== ''
          ? value
              .split(',')
              .map((item) => text(item))
              .join(', ')
          : null,
    },
  },
  color: textType(7, 'color', {
    schema: (rules) =>
      textSchema(7)({
        ...rules,
        pattern: /^#[0-9a-fA-F]{6}$/,
        patternMessage: 'must be a colour as #rrggbb',
      }),
  }),
  link: textType(2048, 'text', {
    fileLinks: true,
    schema: (rules) =>
      textSchema(2048)({
        ...rules,
        pattern: SAFE_LINK,
        patternMessage: 'must be a link starting with http://, https://, mailto:, tel: or /',
      }),
    excel: {
      value: (value) =>
        typeof value === 'string' && /^https?:\/\//i.test(value)
          ? { text: value, hyperlink: value }
          : plainText(value),
    },
  }),
  photo: textType(4096, 'photo', {
    fileLinks: true,
    schema: (rules) =>
      textSchema(4096)(rules).refine(
        (value) =>
          value
            .split(',')
            .map((url) => url.trim())
            .every((url) => url === '' || /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i.test(url)),
        'must be links starting with http://, https:// or /',
      ),
  }),
  json: {
    stored: true,
    family: 'json',
    control: 'json',
    filters: ['text', 'search'],
    read: asIs,
    schema: (rules) => {
      const max = rules.maxLength ?? 20_000;
      return z
        .json({ error: 'must be JSON' })
        .refine((value) => JSON.stringify(value).length <= max, `must be JSON of at most ${max} characters`);
    },
    write: (value, column) => writeCast(JSON.stringify(value), column),
    excel: { value: (value) => (value === null || value === undefined ? null : JSON.stringify(value)) },
  },
  button: virtualType('text'),
  api: virtualType('text'),
  icon: virtualType('text'),
  delete: virtualType('text'),
  remove: virtualType('text'),
  action: virtualType('text'),
  form: virtualType('text'),
  modal: virtualType('text'),
};

export type Validated = { ok: true; value: unknown } | { ok: false; message: string };
/** Checks one new value of a column; the message completes "Field: ...". */
export type FieldValidator = (value: unknown) => Validated;

/**
 * The validator of a column's new values: its type's zod schema with the column's rules, and null
 * (or, for non-text types, an empty text) when the column may be emptied.
 */
export function validatorFor(type: ColumnType, rules: ColumnRules, column: AnyPgColumn): FieldValidator {
  const base = type.schema(rules, column);
  const quick = type.quick?.(rules, column);
  const textual = type.control === 'text' || type.control === 'textarea' || type.control === 'tag';
  return (value) => {
    if (value === undefined || value === null || (!textual && value === '')) {
      return rules.nullable && !rules.required
        ? { ok: true, value: null }
        : { ok: false, message: 'is required' };
    }
    const taken = quick ? quick(value) : UNSURE;
    if (taken !== UNSURE) return { ok: true, value: taken };
    const parsed = safeParseForPeople(base, value);
    if (parsed.success) return { ok: true, value: parsed.data };
    return { ok: false, message: parsed.error.issues[0]?.message ?? 'is not valid' };
  };
}
