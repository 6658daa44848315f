import type { IntervalSummary, Series } from '@/lib/contract/console/patterns';
import type { EventType as IngestEventType } from '@/lib/engine/ingest/types';
import type { emailEntry, personSignals } from '@/lib/engine/signals';
import type { PatternInterval } from '@/lib/engine/types';

// The console routes answer with the public API's shapes; these name them for the components.
export type PersonAnswer = ReturnType<typeof personSignals>;
export type EmailEntry = ReturnType<typeof emailEntry>;
export type PatternEmailEntry = EmailEntry & Partial<Record<PatternInterval, IntervalSummary>>;
export type PatternsAnswer = { emails: PatternEmailEntry[] };
export type SignalsAnswer = PersonAnswer | PatternsAnswer;
export type SummaryAnswer = EmailEntry & Record<PatternInterval, IntervalSummary>;
export type TimeseriesAnswer = EmailEntry & Series;
export type { IntervalSummary, PatternInterval, Series };

/** Per identifier: when it was seen, how often, and how sure the graph is that it belongs. */
export interface Seen {
  /** Null: never sighted, known only from records. */
  firstSeenMs: number | null;
  lastSeenMs: number | null;
  observations: number;
  confidence: number;
}

/** Without patternInterval the answer is the whole person; with it, only per-email summaries. */
export function isPersonAnswer(answer: SignalsAnswer): answer is PersonAnswer {
  return 'phones' in answer;
}

/** What the single-email operations accept for this email: its cleartext when known, else a hash. */
export function emailLookupKey(entry: EmailEntry): string | null {
  return entry.email ?? entry.sha256 ?? entry.sha1 ?? entry.md5 ?? null;
}

export type EventType = IngestEventType;

/** Every event type (docs/api/signals.md), in a fixed order so colours never move. */
export const EVENT_TYPES: readonly EventType[] = [
  'visitor',
  'click',
  'signup',
  'verification',
  'signals',
  'id_resolution',
];

export const EVENT_LABELS: Record<EventType, string> = {
  visitor: 'Visits',
  click: 'Clicks',
  signup: 'Sign-ups',
  verification: 'Verifications',
  signals: 'Signals lookups',
  id_resolution: 'ID resolutions',
};

export function eventLabel(type: string): string {
  return (EVENT_LABELS as Record<string, string | undefined>)[type] ?? type;
}

/** A colour per type from CSS variables of the Signals section (light and dark values). */
export function eventColor(type: string): string {
  const index = EVENT_TYPES.indexOf(type as EventType);
  return `var(--signals-event-${index < 0 ? 'other' : index + 1})`;
}
