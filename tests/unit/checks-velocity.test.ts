// VELOCITY_PHONE, _IP, _ADDRESS, _SSN and _EMAIL from hand-built counts: the thresholds, the
// windows, the applicant's own identity left out, the IP weaker, and the hubs and identities a
// request names (velocityHubs).
import { describe, expect, it } from 'vitest';
import { velocityChecks } from '@/lib/engine/checks/velocity';
import { maskDescription } from '@/lib/engine/mask-checks';
import type { CheckContext, NormalizedRequest } from '@/lib/engine/types';
import {
  EMPTY_VELOCITY,
  type HubVelocity,
  type VelocityFacts,
  type VelocityHubKind,
  type VelocityWindow,
} from '@/lib/engine/velocity/facts';
import { velocityHubs } from '@/lib/engine/velocity/hubs';
import { windowStarts } from '@/lib/engine/velocity/windows';
import { findCheck } from './support/find-check';
import { cleartextEmail, ctx, location, name, normalizedRequest, phone } from './support/normalized-request';

const ALL = {
  phones: [phone('+14155552671')],
  ipAddress: { address: '73.223.14.201', version: 4 as const },
  location: location({
    addressLine1: '1 Main St',
    city: 'Springfield',
    postalCode: '62701',
    countryCode: 'US',
  }),
  ssn: { kind: 'full' as const, digits: '536228412' },
  emails: [cleartextEmail('jane.doe@gmail.com')],
  name: name('Jane', 'Doe'),
} satisfies Partial<NormalizedRequest>;

/** Counts per window (hour, day, week, month), the applicant's own identity counted in `own`. */
function hub(
  [hour, day, week, month]: [number, number, number, number],
  own: VelocityWindow[] = [],
  recentSessions: string[] = [],
): HubVelocity {
  return { identities: { hour, day, week, month }, own, recentSessions };
}

const withVelocity = (facts: Partial<VelocityFacts>): CheckContext => ({
  ...ctx,
  velocity: { ...EMPTY_VELOCITY, ...facts },
});

const ID = {
  phone: 'VELOCITY_PHONE',
  ip: 'VELOCITY_IP',
  address: 'VELOCITY_ADDRESS',
  ssn: 'VELOCITY_SSN',
  email: 'VELOCITY_EMAIL',
} as const satisfies Record<VelocityHubKind, string>;

function stateOf(kind: VelocityHubKind, facts: HubVelocity[]) {
  const check = findCheck(velocityChecks(normalizedRequest(ALL), withVelocity({ [kind]: facts })), ID[kind]);
  return { state: check.state, risk: check.risk };
}

describe('velocity states', () => {
  it('answers NONE for every hub the request does not name', () => {
    const checks = velocityChecks(normalizedRequest({ name: name('Jane', 'Doe') }), withVelocity({}));
    for (const id of Object.values(ID))
      expect(findCheck(checks, id)).toMatchObject({ state: 'NONE', risk: 'NONE' });
  });

  it('answers UNKNOWN [NONE] when the counts were not read', () => {
    const checks = velocityChecks(normalizedRequest(ALL), ctx);
    for (const id of Object.values(ID))
      expect(findCheck(checks, id)).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
  });

  it('is NORMAL when no other identity used the hub', () => {
    for (const kind of ['phone', 'ip', 'address', 'ssn', 'email'] as const) {
      expect(stateOf(kind, [hub([0, 0, 0, 0])]), kind).toEqual({ state: 'NORMAL', risk: 'NONE' });
    }
  });

  it.each(['phone', 'ssn', 'email'] as const)(
    '%s: ELEVATED [MED] from one other identity in 30 days',
    (kind) => {
      expect(stateOf(kind, [hub([0, 0, 0, 1])])).toEqual({ state: 'ELEVATED', risk: 'MED' });
      expect(stateOf(kind, [hub([1, 1, 1, 1])])).toEqual({ state: 'ELEVATED', risk: 'MED' });
    },
  );

  it.each(['phone', 'ssn', 'email'] as const)(
    '%s: BURST [HIGH] from two others in a day or three in a week',
    (kind) => {
      expect(stateOf(kind, [hub([0, 2, 2, 2])])).toEqual({ state: 'BURST', risk: 'HIGH' });
      expect(stateOf(kind, [hub([0, 0, 3, 3])])).toEqual({ state: 'BURST', risk: 'HIGH' });
      expect(stateOf(kind, [hub([0, 1, 2, 9])])).toEqual({ state: 'ELEVATED', risk: 'MED' });
    },
  );

  it('address: one other resident in a month is NORMAL; two in a week ELEVATED; two in an hour BURST', () => {
    expect(stateOf('address', [hub([0, 0, 0, 1])])).toEqual({ state: 'NORMAL', risk: 'NONE' });
    expect(stateOf('address', [hub([0, 0, 1, 4])])).toEqual({ state: 'NORMAL', risk: 'NONE' });
    expect(stateOf('address', [hub([0, 0, 2, 2])])).toEqual({ state: 'ELEVATED', risk: 'MED' });
    expect(stateOf('address', [hub([0, 2, 2, 2])])).toEqual({ state: 'ELEVATED', risk: 'MED' });
    expect(stateOf('address', [hub([2, 2, 2, 2])])).toEqual({ state: 'BURST', risk: 'HIGH' });
    expect(stateOf('address', [hub([0, 3, 3, 3])])).toEqual({ state: 'BURST', risk: 'HIGH' });
    expect(stateOf('address', [hub([0, 0, 1, 5])])).toEqual({ state: 'BURST', risk: 'HIGH' });
  });

  // A ring's third application within minutes from one address is two others in the hour (issue 30).
  it('IP is weaker: ELEVATED [MED] from two others in an hour or three in a day, BURST [MED, weighing more] from five in an hour or eight in a day', () => {
    expect(stateOf('ip', [hub([1, 1, 1, 1])])).toEqual({ state: 'NORMAL', risk: 'NONE' });
    expect(stateOf('ip', [hub([1, 2, 30, 200])])).toEqual({ state: 'NORMAL', risk: 'NONE' });
    expect(stateOf('ip', [hub([2, 2, 2, 2])])).toEqual({ state: 'ELEVATED', risk: 'MED' });
    expect(stateOf('ip', [hub([0, 3, 3, 3])])).toEqual({ state: 'ELEVATED', risk: 'MED' });
    expect(stateOf('ip', [hub([5, 5, 5, 5])])).toEqual({ state: 'BURST', risk: 'MED' });
    expect(stateOf('ip', [hub([0, 8, 8, 8])])).toEqual({ state: 'BURST', risk: 'MED' });
  });

  it("leaves the applicant's own identity out of the windows it is counted in", () => {
    // Two identities in the last day, one of them the applicant's own: one other.
    expect(stateOf('phone', [hub([2, 2, 2, 2], ['hour', 'day', 'week', 'month'])])).toEqual({
      state: 'ELEVATED',
      risk: 'MED',
    });
    // Its own pairing is older than a week: the day's two are both others.
    expect(stateOf('phone', [hub([0, 2, 2, 3], ['month'])])).toEqual({ state: 'BURST', risk: 'HIGH' });
    // Only itself.
    expect(stateOf('ssn', [hub([1, 1, 1, 1], ['hour', 'day', 'week', 'month'])])).toEqual({
      state: 'NORMAL',
      risk: 'NONE',
    });
  });

  it("leaves out each of a joined session's own pairings (the email first, then the name)", () => {
    const own: VelocityWindow[] = ['hour', 'day', 'week', 'month', 'hour', 'day', 'week', 'month'];
    expect(stateOf('phone', [hub([2, 2, 2, 2], own)])).toEqual({ state: 'NORMAL', risk: 'NONE' });
    expect(stateOf('phone', [hub([3, 3, 3, 3], own)])).toEqual({ state: 'ELEVATED', risk: 'MED' });
  });

  it('takes the worst of several phones or emails', () => {
    const check = findCheck(
      velocityChecks(
        normalizedRequest({ ...ALL, phones: [phone('+14155552671'), phone('+14155552672')] }),
        withVelocity({ phone: [hub([0, 0, 0, 0]), hub([0, 3, 3, 3], [], ['ses_c', 'ses_b', 'ses_a'])] }),
      ),
      'VELOCITY_PHONE',
    );
    expect(check).toMatchObject({ state: 'BURST', risk: 'HIGH' });
    expect(check.description).toContain('ses_c, ses_b, ses_a');
  });

  it('describes the count, the window and the sessions, and no identifier', () => {
    const sessions = ['ses_4Fq9a2VbT7kLmN3pQrS8', 'ses_2b', 'ses_3c', 'ses_4d', 'ses_5e'];
    const input = normalizedRequest(ALL);
    const checks = velocityChecks(input, withVelocity({ phone: [hub([2, 3, 3, 3], [], sessions)] }));
    const check = findCheck(checks, 'VELOCITY_PHONE');
    expect(check.description).toBe(
      '3 other identities used this phone in the last day (3 in the last 30 days). ' +
        `Their most recent sessions: ${sessions.join(', ')}.`,
    );
    expect(maskDescription(check.id, check.description, input)).toBe(check.description);
    for (const c of checks) {
      expect(c.description).not.toContain('4155552671');
      expect(c.description).not.toContain('536228412');
      expect(c.description).not.toContain('jane.doe');
    }
  });

  it('describes NORMAL with the month count', () => {
    const check = findCheck(
      velocityChecks(normalizedRequest(ALL), withVelocity({ address: [hub([0, 0, 0, 1], [], ['ses_x'])] })),
      'VELOCITY_ADDRESS',
    );
    expect(check).toMatchObject({ state: 'NORMAL' });
    expect(check.description).toBe(
      '1 other identity used this street address in the last 30 days. Their most recent sessions: ses_x.',
    );
    const none = findCheck(
      velocityChecks(normalizedRequest(ALL), withVelocity({ ssn: [hub([0, 0, 0, 0])] })),
      'VELOCITY_SSN',
    );
    expect(none.description).toBe('No other identity used this SSN in the last 30 days.');
  });
});

describe('velocityHubs', () => {
  const keyed = (digits: string) => `keyed:${digits}`;

  it('names each hub with the applicant: the name first, never the hub itself', () => {
    const hubs = velocityHubs(normalizedRequest(ALL), keyed);
    const byKind = Object.fromEntries(hubs.map((h) => [h.kind, h]));
    expect(hubs.map((h) => h.kind).sort()).toEqual(['address', 'email', 'ip', 'phone', 'ssn']);
    for (const h of hubs) expect(h.identity).toBe('name:jane|doe');
    expect(byKind.ssn?.value).toBe('keyed:536228412');
    expect(byKind.phone?.value).toBe('+14155552671');
  });

  it('without a name: the email, else the SSN; the email hub takes the SSN, the SSN hub the email', () => {
    const noName = velocityHubs(normalizedRequest({ ...ALL, name: null }), keyed);
    const email = cleartextEmail('jane.doe@gmail.com').sha256;
    expect(noName.find((h) => h.kind === 'phone')?.identity).toBe(`email:${email}`);
    expect(noName.find((h) => h.kind === 'email')?.identity).toBe('ssn:keyed:536228412');
    expect(noName.find((h) => h.kind === 'ssn')?.identity).toBe(`email:${email}`);
    const phoneOnly = velocityHubs(normalizedRequest({ phones: ALL.phones }), keyed);
    expect(phoneOnly).toEqual([{ kind: 'phone', value: '+14155552671', identity: null }]);
  });

  it('reads a name by given and family name only, in lower case', () => {
    const hubs = velocityHubs(
      normalizedRequest({ phones: ALL.phones, name: name(' JANE ', 'Doe', 'Q') }),
      keyed,
    );
    expect(hubs[0]?.identity).toBe('name:jane|doe');
  });
});

describe('windowStarts', () => {
  it('measures whole buckets: hours for the hour and day, UTC days for the week and 30 days', () => {
    const starts = windowStarts(new Date('2026-11-10T15:42:00Z'));
    expect(new Date(starts.hour).toISOString()).toBe('2026-11-10T14:00:00.000Z');
    expect(new Date(starts.day).toISOString()).toBe('2026-11-09T15:00:00.000Z');
    expect(new Date(starts.week).toISOString()).toBe('2026-11-03T00:00:00.000Z');
    expect(new Date(starts.month).toISOString()).toBe('2026-10-11T00:00:00.000Z');
  });
});
