import { splitCommaList, valueText } from '../values';

/** Default separator of multi-select values ("array split character comma"). */
export const MULTI_SELECT_SEPARATOR = ',';

/** A multi-select value (list or separated text) as a list of texts. */
export function splitMultiSelect(value: unknown, separator: string = MULTI_SELECT_SEPARATOR): string[] {
  if (Array.isArray(value)) return value.map(valueText).filter((item) => item !== '');
  return splitCommaList(
    typeof value === 'number' ? String(value) : value,
    separator || MULTI_SELECT_SEPARATOR,
  );
}

/** The separated text of a multi-select value. */
export function joinMultiSelect(
  values: readonly unknown[],
  separator: string = MULTI_SELECT_SEPARATOR,
): string {
  return values
    .map(valueText)
    .filter((item) => item !== '')
    .join(separator || MULTI_SELECT_SEPARATOR);
}
