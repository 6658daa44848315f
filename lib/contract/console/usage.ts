// The console's usage page: status classes, the query of GET /api/console/usage and its answer.
import { z } from 'zod';

/** Answers grouped as the usage chart stacks them: 429 apart from the other client errors. */
export const STATUS_CLASSES = ['2xx', '4xx', '429', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

/** The class of an HTTP status: every answer below 400 (201, 204) counts as a success. */
export function statusClassOf(status: number): StatusClass {
  if (status === 429) return '429';
  if (status >= 500) return '5xx';
  if (status >= 400) return '4xx';
  return '2xx';
}

/** Days the usage page covers, today (UTC) included. */
export const USAGE_DAYS = 30;

/** Query of GET /api/console/usage: both filters optional (empty means every key or endpoint). */
export const usageQuerySchema = z.strictObject({
  key: z.string().trim().max(100).optional(),
  endpoint: z.string().trim().max(100).optional(),
});
export type UsageQuery = z.infer<typeof usageQuerySchema>;

export type StatusCounts = Record<StatusClass, number>;

export interface UsageDay extends StatusCounts {
  /** UTC day, YYYY-MM-DD. */
  day: string;
}

export interface UsageReport {
  /** First and last day covered (UTC), USAGE_DAYS days, today last. */
  from: string;
  to: string;
  /** Every day of the window, zeros included, oldest first; filtered by key and endpoint. */
  days: UsageDay[];
  totals: StatusCounts;
  /** Requests per key over the window (every filter but the key applied), most first. */
  keys: { id: string; name: string | null; start: string; requests: number }[];
  /** Requests per endpoint over the window (every filter but the endpoint applied), most first. */
  endpoints: { endpoint: string; requests: number }[];
  /** Verify calls counted against the trial quota; trialQuota null: no quota (a paying workspace). */
  quota: { trialQuota: number | null; verifyUsed: number };
}

export const emptyStatusCounts = (): StatusCounts => ({ '2xx': 0, '4xx': 0, '429': 0, '5xx': 0 });
