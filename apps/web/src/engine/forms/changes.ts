import { isEmptyValue } from '../values';
import type { FormValues } from './form-types';

const comparable = (value: unknown): string =>
  isEmptyValue(value) ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * The fields whose value differs from the one the form started with (or was last saved with). An
 * emptied field equals an empty one (null, '', a blank text, []), so typing then clearing is no change.
 */
export function changedFields(start: FormValues, current: FormValues): string[] {
  const fields = new Set([...Object.keys(start), ...Object.keys(current)]);
  return [...fields].filter((field) => comparable(start[field]) !== comparable(current[field]));
}
