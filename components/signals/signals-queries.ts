'use client';

import { useQuery } from '@tanstack/react-query';
import { consoleFetch } from '@/components/data/console-fetch';
import type { PatternInterval, SignalsAnswer, SummaryAnswer, TimeseriesAnswer } from './signals-types';

/** The Signals answer for a request; null when the graph knows nothing (204). */
export function useSignals(request: Record<string, unknown> | null) {
  return useQuery({
    queryKey: ['console', 'signals', request],
    queryFn: () => consoleFetch<SignalsAnswer | null>('/api/console/signals', { body: request }),
    enabled: request !== null,
  });
}

/** Every window's totals for one email (the text behind the sparklines). */
export function usePatternSummary(email: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['console', 'patterns', 'summary', email],
    queryFn: () => consoleFetch<SummaryAnswer | null>('/api/console/patterns/summary', { body: { email } }),
    enabled: enabled && email !== null,
  });
}

/** Evenly sized buckets over one window for one email (one sparkline). */
export function usePatternTimeseries(email: string | null, interval: PatternInterval, enabled: boolean) {
  return useQuery({
    queryKey: ['console', 'patterns', 'timeseries', email, interval],
    queryFn: () =>
      consoleFetch<TimeseriesAnswer | null>('/api/console/patterns/timeseries', {
        body: { email, interval },
      }),
    enabled: enabled && email !== null,
  });
}
