// Analyst decisions on sessions, the workspace's reasons list and the review queue
// (the console routes under /api/console/sessions and /api/console/decision-reasons).
import { z } from 'zod';
import { SESSION_ID_PATTERN } from '../ids';
import type { MonitoringHitView } from './monitoring';
import type { SessionListItem } from './sessions';

export const DECISIONS = ['approve', 'review', 'decline'] as const;
export type Decision = (typeof DECISIONS)[number];

export const DECISION_LABEL: Record<Decision, string> = {
  approve: 'Approve',
  review: 'Review',
  decline: 'Decline',
};

/** Longest note an analyst can write on one decision. */
export const NOTE_MAX_CHARS = 2000;
/** Longest reason label an admin can add. */
export const REASON_MAX_CHARS = 80;

// Control characters (C0, DEL, C1): a note keeps the tab and line breaks a multi-line text needs.
const CONTROL = /\p{Cc}/u;
const NOTE_CONTROL = /(?![\t\n\r])\p{Cc}/u;
// A reason is one line: no control character at all.
const LINE_CONTROL = CONTROL;

const decisionField = z.enum(DECISIONS, { error: `must be one of ${DECISIONS.join(', ')}` });

export const decisionRequestSchema = z.strictObject({
  decision: decisionField.describe('What the analyst decided.'),
  reason: z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, { error: 'choose a reason' })
    .max(REASON_MAX_CHARS, { error: `at most ${REASON_MAX_CHARS} characters` })
    .describe("One of the workspace's reasons for this decision."),
  note: z
    .string({ error: 'must be a string' })
    .max(NOTE_MAX_CHARS, { error: `at most ${NOTE_MAX_CHARS} characters` })
    .refine((text) => !NOTE_CONTROL.test(text), { error: 'must not contain control characters' })
    .optional()
    .describe('A free note, kept with the decision.'),
  replaces: z
    .string({ error: 'must be a string or null' })
    .max(64, { error: 'at most 64 characters' })
    .nullable()
    .optional()
    .describe(
      'The id of the decision in force when the analyst looked (null: none). If another decision was ' +
        'recorded since, the answer is 409 under this field and nothing is recorded; omit it to record regardless.',
    ),
});
export type DecisionRequest = z.infer<typeof decisionRequestSchema>;

export const decisionReasonRequestSchema = z.strictObject({
  decision: decisionField,
  label: z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(REASON_MAX_CHARS, { error: `at most ${REASON_MAX_CHARS} characters` })
    .refine((text) => !LINE_CONTROL.test(text), { error: 'must not contain control characters' }),
});
export type DecisionReasonRequest = z.infer<typeof decisionReasonRequestSchema>;

/** One recorded decision, as the session page and the case report show it. */
export interface DecisionRecord {
  id: string;
  decision: Decision;
  reason: string;
  note: string | null;
  /** The console user who decided: id and e-mail (null if the user is gone). */
  actor: { id: string; email: string | null };
  requestId: string;
  createdAt: string;
}

export interface DecisionHistory {
  /** Newest first; the first one is the session's decision in force. */
  decisions: DecisionRecord[];
}

export interface DecisionReason {
  decision: Decision;
  label: string;
}

export interface DecisionReasons {
  reasons: DecisionReason[];
}

export interface Assignee {
  id: string;
  email: string | null;
  at: string;
}

/** A session of the queue: the list's fields but the inputs, and who claimed it. */
export interface QueueItem extends Omit<SessionListItem, 'decision'> {
  assignee: Assignee | null;
  /** The latest call's high and medium checks, strongest first (at most QUEUE_REASONS). */
  reasons: QueueReason[];
  /** The latest sanctions monitoring hit that put the session (back) in the queue, if any. */
  monitoring: MonitoringHitView | null;
}

/** One reason a queued session scores as it does: a check at high or medium. */
export interface QueueReason {
  id: string;
  name: string;
  state: string;
  risk: 'HIGH' | 'MED';
}

/** The queue's orders: oldest first (the default: first in, first out), or highest risk first. */
export const QUEUE_SORTS = ['age', 'risk'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

/** Who holds a queued session: me, nobody, or a user by id. */
export const QUEUE_ASSIGNEES = ['me', 'unassigned'] as const;

/** The queue's query: its order and filters (band, a check at high or medium, who holds it). */
export const reviewQueueQuerySchema = z.strictObject({
  sort: z.enum(QUEUE_SORTS, { error: `must be one of ${QUEUE_SORTS.join(', ')}` }).default('age'),
  band: z.enum(['high', 'medium'], { error: 'must be high or medium' }).optional(),
  /** A check id (e.g. VELOCITY_PHONE) the latest call raised at high or medium. */
  reason: z
    .string()
    .regex(/^[A-Z][A-Z0-9_]{0,63}$/, { error: 'must be a check id, such as VELOCITY_PHONE' })
    .optional(),
  assignee: z
    .union([z.enum(QUEUE_ASSIGNEES), z.string().regex(/^usr_[1-9A-HJ-NP-Za-km-z]{16,40}$/)], {
      error: 'must be me, unassigned or a user id (usr_...)',
    })
    .optional(),
});
export type ReviewQueueQuery = z.output<typeof reviewQueueQuerySchema>;

/** A filter's choice with how many waiting sessions it would show. */
export interface QueueFacet {
  id: string;
  label: string;
  count: number;
}

export interface ReviewQueue {
  /** In the query's order. */
  sessions: QueueItem[];
  /** Undecided sessions waiting per band, over the whole queue (not only this page or filter). */
  counts: { high: number; medium: number };
  /** Waiting sessions the filters match (all of them when there is no filter). */
  matched: number;
  /**
   * The filters' choices over the whole queue: each check raised at high or medium by the latest
   * call (most frequent first), and each analyst holding sessions.
   */
  facets: { reasons: QueueFacet[]; assignees: QueueFacet[] };
  /** True when the filters match more than the sessions listed. */
  more: boolean;
}

/** Bulk claim: up to QUEUE_CLAIM_MAX sessions at once. */
export const QUEUE_CLAIM_MAX = 50;
export const bulkClaimRequestSchema = z.strictObject({
  sessionIds: z
    .array(
      z
        .string({ error: 'must be a session id' })
        .regex(SESSION_ID_PATTERN, { error: 'must be a session id (ses_...)' }),
    )
    .min(1, { error: 'name at least one session' })
    .max(QUEUE_CLAIM_MAX, { error: `at most ${QUEUE_CLAIM_MAX} sessions at once` }),
});
export type BulkClaimRequest = z.output<typeof bulkClaimRequestSchema>;

/** What a bulk claim did to each session: claimed now, already mine, someone else's, or missing. */
export interface BulkClaimOutcome {
  id: string;
  outcome: 'claimed' | 'yours' | 'taken' | 'not_found';
  assignee: Assignee | null;
}

export interface ClaimResult {
  assignee: Assignee | null;
}
