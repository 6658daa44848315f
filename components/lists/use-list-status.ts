'use client';

import { useQuery } from '@tanstack/react-query';
import { consoleFetch } from '@/components/data/console-fetch';
import type { ListStatus } from './list-groups';

/** One cache entry for the Lists page and the results' list ages. */
export const LISTS_QUERY = ['lists'] as const;

/** The loaded reference lists (GET /api/console/lists). */
export function useListStatus() {
  return useQuery({
    queryKey: LISTS_QUERY,
    queryFn: () => consoleFetch<{ lists: ListStatus[] }>('/api/console/lists').then((body) => body.lists),
  });
}
