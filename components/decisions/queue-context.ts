// The queue a session was opened from travels with it (?queue=sort=risk&band=high) so that
// "record and next" opens the next session of the same ordered, filtered queue.
import { consoleFetch } from '@/components/data/console-fetch';
import { type ReviewQueueQuery, reviewQueueQuerySchema } from '@/lib/contract/console/decisions';
import type { ReviewQueue } from './decision-types';

/** The queue's query string: its order and filters, defaults left out. */
export function queueSearch(query: ReviewQueueQuery): string {
  const params = new URLSearchParams();
  if (query.sort !== 'age') params.set('sort', query.sort);
  if (query.band) params.set('band', query.band);
  if (query.reason) params.set('reason', query.reason);
  if (query.assignee) params.set('assignee', query.assignee);
  return params.toString();
}

/** A query string (a page's search params or ?queue=) as the queue's query; null when not one. */
export function parseQueueSearch(search: string | Record<string, string | string[] | undefined>) {
  const entries =
    typeof search === 'string'
      ? Object.fromEntries(new URLSearchParams(search))
      : Object.fromEntries(
          Object.entries(search).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])),
        );
  const parsed = reviewQueueQuerySchema.safeParse(entries);
  return parsed.success ? parsed.data : null;
}

/** Where a session of this queue opens: its page, carrying the queue. */
export const sessionInQueueHref = (id: string, search: string) =>
  `/sessions/${encodeURIComponent(id)}?queue=${encodeURIComponent(search)}`;

export const queueHref = (search: string) => (search ? `/sessions/queue?${search}` : '/sessions/queue');

/**
 * The next session of the queue after deciding `decidedId`: the first waiting one that is not it
 * and that no other analyst holds. Null when none is left.
 */
export async function nextInQueue(search: string, decidedId: string, me: string): Promise<string | null> {
  const queue = await consoleFetch<ReviewQueue>(`/api/console/review-queue${search ? `?${search}` : ''}`);
  const next = queue.sessions.find(
    (item) => item.id !== decidedId && (item.assignee === null || item.assignee.id === me),
  );
  return next?.id ?? null;
}
