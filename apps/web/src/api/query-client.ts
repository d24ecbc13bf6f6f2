import { QueryClient } from '@tanstack/react-query';

/** The server-state cache. Failed calls are not retried blindly: the API client already reports them. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
