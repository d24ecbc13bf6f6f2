import type { CollectionLoss } from '@panelwright/contract';
import { api } from './api';

/** `Collections/Losses`: what publishing the draft would delete, with how many stored values. */
export async function fetchDraftLosses(): Promise<CollectionLoss[]> {
  const answer = await api.post<{ Losses: CollectionLoss[] }>('Collections', 'Losses', {});
  return answer.Losses;
}
