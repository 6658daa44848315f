// A session's calls as the console tells them: what each call added to the session's masked
// inputs, how far it moved the risk, and which checks changed state. Pure: the rows come from
// session_calls (lib/services/sessions-query.ts).
import type { MaskedSummary } from './mask';
import { type RiskBand, riskBand, round4 } from './risk';
import type { RuleDecision } from './rules/decide';
import type { CheckPackage, RiskLevel } from './types';

export const EMPTY_SUMMARY: MaskedSummary = {
  emails: [],
  phones: [],
  profiles: [],
  ssn: null,
  name: null,
  location: null,
  ipAddress: null,
  birthday: false,
};

export type InputField =
  | 'email'
  | 'phone'
  | 'profile'
  | 'ssn'
  | 'name'
  | 'location'
  | 'ipAddress'
  | 'birthday';

/** One identifier a call brought to its session; `previous` is set when it replaced a value. */
export interface InputChange {
  field: InputField;
  value: string;
  previous: string | null;
}

/** A check as a call stored it; `contribution` is null for calls recorded before it existed. */
export interface CallCheck {
  id: string;
  name: string;
  state: string;
  risk: RiskLevel;
  checkPackage: CheckPackage;
  description: string;
  contribution: number | null;
}

/** A check whose state or risk differs from the previous call's (`before` null: new check). */
export interface CheckChange {
  id: string;
  name: string;
  checkPackage: CheckPackage;
  before: { state: string; risk: RiskLevel } | null;
  after: { state: string; risk: RiskLevel };
  contribution: number | null;
}

/** A session_calls row as read from the database (jsonb columns not yet trusted). */
export interface StoredCall {
  id: string;
  status: number;
  risk: number;
  inputSummary: unknown;
  checks: unknown;
  requestId: string;
  createdAt: Date;
  /** The workspace's risk policy version it was scored under; absent reads as 0, the defaults. */
  policyVersion?: number;
  /** The rules' decision the answer carried; absent or null when the workspace had no rules. */
  outcome?: RuleDecision | null;
}

export interface TimelineCall {
  id: string;
  /** 1-based position in the session. */
  index: number;
  /** 201 for the call that created the session, 200 for joins. */
  status: number;
  requestId: string;
  createdAt: string;
  /** The risk policy version the call was scored under (0: the catalog's defaults). */
  policyVersion: number;
  /** The workspace's rules' decision on the call (with the rules version); null without rules. */
  outcome: RuleDecision | null;
  risk: number;
  band: RiskBand;
  /** Risk after this call minus risk after the previous one; null for the first call. */
  delta: number | null;
  inputs: MaskedSummary;
  added: InputChange[];
  checks: CallCheck[];
  /** Every check for the first call; afterwards only those whose state or risk changed. */
  changes: CheckChange[];
}

const RISK_LEVELS: readonly string[] = ['HIGH', 'MED', 'LOW', 'NONE'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A stored input summary, tolerating rows written by older versions (missing fields). */
export function readMaskedSummary(value: unknown): MaskedSummary {
  if (!isRecord(value)) return { ...EMPTY_SUMMARY };
  return {
    emails: strings(value.emails),
    phones: strings(value.phones),
    profiles: strings(value.profiles),
    ssn: text(value.ssn),
    name: text(value.name),
    location: text(value.location),
    ipAddress: text(value.ipAddress),
    birthday: value.birthday === true,
  };
}

/** A call's stored checks; entries without an id or a known risk level are dropped. */
export function readCallChecks(value: unknown): CallCheck[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw): CallCheck[] => {
    if (!isRecord(raw) || typeof raw.id !== 'string' || typeof raw.state !== 'string') return [];
    const risk =
      typeof raw.risk === 'string' && RISK_LEVELS.includes(raw.risk) ? (raw.risk as RiskLevel) : null;
    if (risk === null) return [];
    return [
      {
        id: raw.id,
        name: typeof raw.name === 'string' ? raw.name : raw.id,
        state: raw.state,
        risk,
        checkPackage: (typeof raw.checkPackage === 'string' ? raw.checkPackage : 'Identity') as CheckPackage,
        description: typeof raw.description === 'string' ? raw.description : '',
        contribution: typeof raw.contribution === 'number' ? raw.contribution : null,
      },
    ];
  });
}

const union = (a: readonly string[], b: readonly string[]): string[] => [...new Set([...a, ...b])];

/** Summaries merged as the session merges requests: lists unioned, the newest singular value wins. */
export function mergeMaskedSummaries(summaries: readonly MaskedSummary[]): MaskedSummary {
  return summaries.reduce<MaskedSummary>(
    (merged, next) => ({
      emails: union(merged.emails, next.emails),
      phones: union(merged.phones, next.phones),
      profiles: union(merged.profiles, next.profiles),
      ssn: next.ssn ?? merged.ssn,
      name: next.name ?? merged.name,
      location: next.location ?? merged.location,
      ipAddress: next.ipAddress ?? merged.ipAddress,
      birthday: merged.birthday || next.birthday,
    }),
    { ...EMPTY_SUMMARY },
  );
}

const LIST_FIELDS = [
  ['emails', 'email'],
  ['phones', 'phone'],
  ['profiles', 'profile'],
] as const;
const SINGLE_FIELDS = ['ssn', 'name', 'location', 'ipAddress'] as const;

/** What a call's inputs add to (or replace in) everything the session held before it. */
export function addedInputs(before: MaskedSummary, call: MaskedSummary): InputChange[] {
  const changes: InputChange[] = [];
  for (const [key, field] of LIST_FIELDS) {
    for (const value of call[key]) {
      if (!before[key].includes(value)) changes.push({ field, value, previous: null });
    }
  }
  for (const field of SINGLE_FIELDS) {
    const value = call[field];
    if (value !== null && value !== before[field]) changes.push({ field, value, previous: before[field] });
  }
  if (call.birthday && !before.birthday) changes.push({ field: 'birthday', value: 'given', previous: null });
  return changes;
}

/** Checks of `current` that are new or whose state or risk differs from `previous`. */
export function changedChecks(
  previous: readonly CallCheck[] | null,
  current: readonly CallCheck[],
): CheckChange[] {
  const earlier = new Map((previous ?? []).map((check) => [check.id, check]));
  return current.flatMap((check): CheckChange[] => {
    const before = earlier.get(check.id);
    if (previous !== null && before && before.state === check.state && before.risk === check.risk) return [];
    return [
      {
        id: check.id,
        name: check.name,
        checkPackage: check.checkPackage,
        before: before ? { state: before.state, risk: before.risk } : null,
        after: { state: check.state, risk: check.risk },
        contribution: check.contribution,
      },
    ];
  });
}

/** The calls in order, each with what it added, its risk step and its changed checks. */
export function buildTimeline(calls: readonly StoredCall[]): TimelineCall[] {
  let seen: MaskedSummary = { ...EMPTY_SUMMARY };
  let previous: TimelineCall | null = null;
  const timeline: TimelineCall[] = [];
  for (const [i, call] of calls.entries()) {
    const inputs = readMaskedSummary(call.inputSummary);
    const checks = readCallChecks(call.checks);
    const entry: TimelineCall = {
      id: call.id,
      index: i + 1,
      status: call.status,
      requestId: call.requestId,
      createdAt: call.createdAt.toISOString(),
      policyVersion: call.policyVersion ?? 0,
      outcome: call.outcome ?? null,
      risk: call.risk,
      band: riskBand(call.risk),
      delta: previous ? round4(call.risk - previous.risk) : null,
      inputs,
      added: addedInputs(seen, inputs),
      checks,
      changes: changedChecks(previous ? previous.checks : null, checks),
    };
    timeline.push(entry);
    seen = mergeMaskedSummaries([seen, inputs]);
    previous = entry;
  }
  return timeline;
}
