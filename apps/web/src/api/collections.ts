import type { CollectionLoss, OptionItem } from '@panelwright/contract';
import { api } from './api';

/** `Collections/Losses`: what publishing the draft would delete, with how many stored values. */
export async function fetchDraftLosses(): Promise<CollectionLoss[]> {
  const answer = await api.post<{ Losses: CollectionLoss[] }>('Collections', 'Losses', {});
  return answer.Losses;
}

/** `{APIName}/Lookup`: one page of a relation's other side, searched on the server. */
export function lookupRelation(
  apiName: string,
  input: { Field: string; Search?: string; Page?: number; PageSize?: number; Values?: number[] },
): Promise<{ Data: OptionItem[]; HasMore: boolean }> {
  return api.post(apiName, 'Lookup', input, { silent: true });
}
