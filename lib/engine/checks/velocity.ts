// VELOCITY_PHONE, VELOCITY_IP, VELOCITY_ADDRESS, VELOCITY_SSN and VELOCITY_EMAIL (Synthetic
// Identity): how many other identities used the request's phone, IP address, street address, SSN
// or email in the workspace's own recent Verify traffic. The counts come as data (ctx.velocity,
// lib/engine/velocity/facts.ts); the states are decided here, by the rules of velocity-rules.ts.
import type { Check, CheckContext, NormalizedRequest } from '../types';
import { type HubVelocity, otherIdentities, type VelocityHubKind } from '../velocity/facts';
import { velocityHubs } from '../velocity/hubs';
import { awaitingCheck, makeCheck } from './make-check';
import { VELOCITY_RULES, type VelocityThreshold, WINDOW_TEXT } from './velocity-rules';

const CHECK_ID = {
  phone: 'VELOCITY_PHONE',
  ip: 'VELOCITY_IP',
  address: 'VELOCITY_ADDRESS',
  ssn: 'VELOCITY_SSN',
  email: 'VELOCITY_EMAIL',
} as const satisfies Record<VelocityHubKind, string>;

const NOUN: Readonly<Record<VelocityHubKind, string>> = {
  phone: 'phone',
  ip: 'IP address',
  address: 'street address',
  ssn: 'SSN',
  email: 'email',
};

const ABSENT: Readonly<Record<VelocityHubKind, string>> = {
  phone: 'No phone in E.164 form was provided.',
  ip: 'No IP address was provided.',
  address: 'No street address (addressLine1) was provided.',
  ssn: 'No full SSN was provided.',
  email: 'No valid email was provided.',
};

type VelocityState = 'NORMAL' | 'ELEVATED' | 'BURST';
const RANK: Readonly<Record<VelocityState, number>> = { NORMAL: 0, ELEVATED: 1, BURST: 2 };

interface Judged {
  state: VelocityState;
  /** The threshold reached, null when NORMAL. */
  reached: VelocityThreshold | null;
  others: ReturnType<typeof otherIdentities>;
  sessions: readonly string[];
}

function judge(kind: VelocityHubKind, hub: HubVelocity): Judged {
  const rule = VELOCITY_RULES[kind];
  const others = otherIdentities(hub);
  const reaches = (t: VelocityThreshold) => others[t.window] >= t.others;
  const burst = rule.burst.find(reaches);
  const elevated = rule.elevated.find(reaches);
  const reached = burst ?? elevated ?? null;
  const state = burst ? 'BURST' : elevated ? 'ELEVATED' : 'NORMAL';
  return { state, reached, others, sessions: hub.recentSessions };
}

const identities = (n: number) =>
  n === 0 ? 'No other identity' : n === 1 ? '1 other identity' : `${n} other identities`;

/** The count and window that decided, the 30-day count, and the sessions to pivot to; no identifier. */
function describeHub(kind: VelocityHubKind, judged: Judged): string {
  const { reached, others } = judged;
  const window = reached?.window ?? 'month';
  const month = window === 'month' ? '' : ` (${others.month} in ${WINDOW_TEXT.month})`;
  const head = `${identities(others[window])} used this ${NOUN[kind]} in ${WINDOW_TEXT[window]}${month}.`;
  return judged.sessions.length > 0
    ? `${head} Their most recent sessions: ${judged.sessions.join(', ')}.`
    : head;
}

/** The most telling of several hubs of one kind: the highest state, then the most identities. */
function worst(judged: readonly Judged[]): Judged | undefined {
  return [...judged].sort(
    (a, b) => RANK[b.state] - RANK[a.state] || b.others.month - a.others.month || b.others.day - a.others.day,
  )[0];
}

const ZERO: HubVelocity = { identities: { hour: 0, day: 0, week: 0, month: 0 }, own: [], recentSessions: [] };

export function velocityChecks(input: NormalizedRequest, ctx: CheckContext): Check[] {
  // Only which hubs are named matters here, not their keyed values.
  const named = new Set(velocityHubs(input, (digits) => digits).map((hub) => hub.kind));
  return (Object.keys(CHECK_ID) as VelocityHubKind[]).map((kind) => {
    const id = CHECK_ID[kind];
    if (!named.has(kind)) return makeCheck(id, 'NONE', ABSENT[kind]);
    if (!ctx.velocity) return awaitingCheck(id, "the workspace's recent Verify traffic");
    const facts = ctx.velocity[kind];
    const decided = worst((facts.length > 0 ? facts : [ZERO]).map((hub) => judge(kind, hub)));
    if (decided === undefined) return makeCheck(id, 'NORMAL', describeHub(kind, judge(kind, ZERO)));
    return makeCheck(id, decided.state, describeHub(kind, decided));
  });
}
