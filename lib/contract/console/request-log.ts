// The console's request log (issue 34): the filters of GET /api/console/request-log (the route
// parses them, the page's filter form validates with the same schema), its rows, and the
// workspace's retention setting (PUT /api/console/request-log/settings).
import { z } from 'zod';

export const REQUEST_LOG_PAGE_SIZE = 50;
export const MAX_REQUEST_LOG_PAGE_SIZE = 200;

/** Days a call stays in the log unless the workspace says otherwise. */
export const DEFAULT_REQUEST_LOG_DAYS = 30;
export const MIN_REQUEST_LOG_DAYS = 1;
export const MAX_REQUEST_LOG_DAYS = 90;

/**
 * The keyed operations, by operationId: the only calls the log records (a unit test keeps this in
 * step with the registry in lib/api/operations).
 */
export const REQUEST_LOG_OPERATIONS = [
  'verify',
  'getSession',
  'signals',
  'signalsPatternSummary',
  'signalsPatternTimeseries',
  'ingestEvents',
  'ingestRecords',
  'listListEntries',
  'addListEntry',
  'updateListEntry',
  'removeListEntry',
  'importListEntries',
] as const;

/** A status (`400`) or a class of them (`4xx`). */
export const STATUS_FILTERS = ['2xx', '4xx', '5xx'] as const;

/** Query parameters arrive as strings; an empty one means "no filter". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/** A moment as an ISO 8601 date-time; without an offset (a datetime-local field) it is UTC. */
const moment = z.iso.datetime({
  local: true,
  offset: true,
  error: 'must be a date and time such as 2026-11-25T14:30',
});

const inOrder = {
  check: (f: { from?: string; to?: string }) => !f.from || !f.to || toInstant(f.from) <= toInstant(f.to),
  params: { path: ['to'], message: 'must not be before from' },
};

/** The instant of a filter's date-time: a value without an offset is read as UTC. */
export function toInstant(value: string): Date {
  return new Date(/(Z|[+-]\d\d:\d\d)$/i.test(value) ? value : `${value}Z`);
}

const filterShape = {
  requestId: optional(z.string().trim().max(200, 'at most 200 characters')),
  status: optional(
    z
      .string()
      .trim()
      .regex(/^([1-5]\d\d|[245]xx)$/, 'must be a status such as 400, or 2xx, 4xx or 5xx'),
  ),
  keyId: optional(z.string().trim().max(100, 'at most 100 characters')),
  operation: optional(
    z.enum(REQUEST_LOG_OPERATIONS, { error: `must be one of ${REQUEST_LOG_OPERATIONS.join(', ')}` }),
  ),
  from: optional(moment),
  to: optional(moment),
};

/** The filters of the request log (all optional; `from` and `to` both included). */
export const requestLogFilterSchema = z.strictObject(filterShape).refine(inOrder.check, inOrder.params);
export type RequestLogFilter = z.output<typeof requestLogFilterSchema>;

/** GET /api/console/request-log: the filters, the page size and the cursor of the next page. */
export const requestLogQuerySchema = z
  .strictObject({
    ...filterShape,
    cursor: optional(z.string().regex(/^\d{1,18}$/, 'must be the nextCursor of a previous page')),
    limit: optional(z.coerce.number().int().min(1).max(MAX_REQUEST_LOG_PAGE_SIZE)),
  })
  .refine(inOrder.check, inOrder.params);
export type RequestLogQuery = z.output<typeof requestLogQuerySchema>;

/**
 * An error's problem body as the log keeps it: its fields as answered, but with every quoted
 * stretch of text in `detail` and in the messages removed, since a parser may quote the input.
 */
export interface StoredProblem {
  type?: string;
  title?: string;
  status?: number;
  code?: string;
  detail?: string;
  errors?: { path: string; code: string; message: string }[];
}

/** One logged call as the console shows it. */
export interface RequestLogRow {
  id: string;
  /** ISO 8601. */
  createdAt: string;
  requestId: string;
  operation: string;
  method: string;
  status: number;
  latencyMs: number;
  keyId: string;
  /** The key's label and prefix as they are now (null once the key is gone). */
  keyName: string | null;
  keyStart: string | null;
  problemCode: string | null;
  problem: StoredProblem | null;
}

/** Answer of GET /api/console/request-log: newest first; nextCursor is null on the last page. */
export interface RequestLogPage {
  entries: RequestLogRow[];
  nextCursor: string | null;
  /** Days the workspace keeps a call. */
  retentionDays: number;
}

/** Body of PUT /api/console/request-log/settings. */
export const requestLogSettingsSchema = z.strictObject({
  days: z
    .int('must be a whole number of days')
    .min(MIN_REQUEST_LOG_DAYS, `must be at least ${MIN_REQUEST_LOG_DAYS}`)
    .max(MAX_REQUEST_LOG_DAYS, `at most ${MAX_REQUEST_LOG_DAYS}`),
});
export type RequestLogSettings = z.infer<typeof requestLogSettingsSchema>;
