// Pattern summaries and time series of one email, as Signals and the single-email operations
// answer them (the OpenAPI schemas in lib/contract/schemas/signals.ts describe the same shapes).
import type { PatternInterval } from '@/lib/engine/types';

export interface EventSummary {
  type: string;
  observations: number;
  sources: number;
}

export interface IntervalSummary {
  observations: number;
  sources: number;
  events?: EventSummary[];
}

export interface SeriesBucket {
  startMs: number;
  observations: number;
  events: Record<string, number>;
}

export interface Series {
  interval: PatternInterval;
  bucketMs: number;
  buckets: SeriesBucket[];
}
