import { api } from './api';

/** `Cache/Refresh`: clears the server's caches on every instance ("ALL" or one key). */
export async function refreshServerCache(id = 'ALL'): Promise<void> {
  await api.post('Cache', 'Refresh', { Id: id });
}
