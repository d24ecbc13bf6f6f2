import type { StartPage } from '@panelwright/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/** `Home/Start`: the start page the server composed for the signed-in user's role. */
export const startPageQuery = (loginCount: number) =>
  queryOptions({
    queryKey: ['HomeStart', loginCount],
    queryFn: () => api.post<StartPage>('Home', 'Start', {}),
    staleTime: 30_000,
  });

/** The first rows of a searchable resource whose texts hold `text` (the palette's record search). */
export async function searchRecords(
  apiName: string,
  text: string,
  pageSize = 5,
): Promise<Record<string, unknown>[]> {
  const answer = await api.post<{ Data: Record<string, unknown>[] }>(
    apiName,
    'List',
    { Page: 1, PageSize: pageSize, TextSearch: text },
    { silent: true, hideError: true },
  );
  return answer.Data ?? [];
}
