// Query keys and labels of the analyst's workflow views.
import type { BadgeTone } from '@/components/ui/badge';
import type { Decision } from '@/lib/contract/console/decisions';

export type {
  ClaimResult,
  DecisionHistory,
  DecisionReasons,
  DecisionRecord,
  QueueItem,
  ReviewQueue,
} from '@/lib/contract/console/decisions';

export const decisionsQueryKey = (sessionId: string) => ['sessions', 'decisions', sessionId] as const;
export const REVIEW_QUEUE_QUERY = ['sessions', 'review-queue'] as const;
export const REASONS_QUERY = ['decision-reasons'] as const;

export const DECISION_TONE: Record<Decision, BadgeTone> = {
  approve: 'success',
  review: 'warning',
  decline: 'danger',
};

/** The key that picks each decision on a session page (outside form fields). */
export const DECISION_KEYS: Record<string, Decision> = { a: 'approve', r: 'review', x: 'decline' };
