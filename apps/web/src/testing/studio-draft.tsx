// The studio's draft provider around an editor, for component tests (its calls mocked with
// studio-draft-calls.ts).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { StudioDraftProvider } from '../features/studio/draft';

/** Renders an editor inside the studio's draft, with a fresh query client. */
export function inStudio(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <StudioDraftProvider>{children}</StudioDraftProvider>
    </QueryClientProvider>
  );
}
