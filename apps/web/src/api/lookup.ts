import type { OptionItem } from '@panelwright/contract';
import { api } from './api';

/** One page of a relation's other side, as `{APIName}/Lookup` answers it. */
export type LookupPage = { Data: OptionItem[]; HasMore: boolean };

/**
 * `{APIName}/Lookup`: the records a relation field may point at, searched on the server as one types
 * (one page, never all of them); with `Values`, the texts of those records.
 */
export function lookupRecords(
  apiName: string,
  body: { Field: string; Search?: string; PageSize?: number; Values?: number[] },
): Promise<LookupPage> {
  return api.post<LookupPage>(apiName, 'Lookup', body, { silent: true });
}
