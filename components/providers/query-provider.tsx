'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ConsoleApiError } from '@/components/data/console-fetch';

/** One QueryClient per browser tab (created in state, so server renders never share one). */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 15_000,
            refetchOnWindowFocus: false,
            // Client errors (4xx) will not fix themselves; retry only transient failures.
            retry: (count, error) => count < 2 && !(error instanceof ConsoleApiError && error.status < 500),
          },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
