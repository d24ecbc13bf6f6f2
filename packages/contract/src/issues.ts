import type { z } from 'zod';

/** A zod issue as an error map receives it (before it has a message). */
type RawIssue = z.core.$ZodRawIssue;

const TYPE_NAMES: Record<string, string> = {
  string: 'must be text',
  number: 'must be a number',
  int: 'must be a whole number',
  bigint: 'must be a whole number',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
  date: 'must be a date',
};

const FORMAT_NAMES: Record<string, string> = {
  email: 'must be an e-mail address',
  url: 'must be a web address',
  uuid: 'must be an identifier',
  guid: 'must be an identifier',
  date: 'must be a date as YYYY-MM-DD',
  datetime: 'must be a date and time',
  time: 'must be a time as HH:mm',
};

const quantity = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function tooSmall(issue: RawIssue & { code: 'too_small' }): string {
  const minimum = Number(issue.minimum);
  if (issue.origin === 'string')
    return minimum <= 1 ? 'is required' : `must be at least ${quantity(minimum, 'character', 'characters')}`;
  if (issue.origin === 'array' || issue.origin === 'set')
    return minimum <= 1 ? 'must not be empty' : `must have at least ${quantity(minimum, 'item', 'items')}`;
  return issue.inclusive === false ? `must be more than ${minimum}` : `must be at least ${minimum}`;
}

function tooBig(issue: RawIssue & { code: 'too_big' }): string {
  const maximum = Number(issue.maximum);
  if (issue.origin === 'string') return `must be at most ${quantity(maximum, 'character', 'characters')}`;
  if (issue.origin === 'array' || issue.origin === 'set')
    return `must have at most ${quantity(maximum, 'item', 'items')}`;
  return issue.inclusive === false ? `must be less than ${maximum}` : `must be at most ${maximum}`;
}

/**
 * The rule a value broke, in words for people ("is required", "must be at most 200 characters",
 * "must be an e-mail address"), for every zod issue whose schema gave no message of its own: zod's
 * defaults ("Too small: expected string to have >=1 characters") are written for developers.
 * Descriptions put the field's name before it: `Email: must be an e-mail address`.
 */
export function humanIssueMessage(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'is required';
      return TYPE_NAMES[issue.expected] ?? 'has the wrong type';
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format':
      return FORMAT_NAMES[issue.format] ?? 'has the wrong format';
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `has unknown ${issue.keys.length === 1 ? 'field' : 'fields'}: ${issue.keys.join(', ')}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${String(issue.values[0])}`
        : `must be one of ${issue.values.map(String).join(', ')}`;
    default:
      return 'is not valid';
  }
}

/** `schema.safeParse` whose issues without a message of their own are worded by `humanIssueMessage`. */
export function safeParseForPeople<S extends z.ZodType>(schema: S, value: unknown) {
  return schema.safeParse(value, { error: humanIssueMessage });
}

/** The description of a failed parse: `Field: rule` for each issue (five at most), joined by '; '. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ');
}
