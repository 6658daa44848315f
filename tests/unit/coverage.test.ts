// The honest cold start (issue 9, docs/checks.md "Absence and the graph's coverage"): absence states carry
// their default risk only as far as the graph's measured coverage makes them informative.
import { describe, expect, it } from 'vitest';
import { coverageSample, type GraphCoverage, weighAbsence } from '@/lib/engine/coverage';
import type { Check } from '@/lib/engine/types';
import { graphFacts } from './support/graph-facts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 1);

const check = (id: string, state: string, risk: Check['risk']): Check => ({
  id,
  state,
  risk,
  name: id,
  description: 'As found.',
  checkPackage: 'Digital',
});

const FOOTPRINT = check('DIGITAL_NO_DIGITAL_FOOTPRINT', 'TRUE', 'HIGH');
const NEVER_SEEN = check('EMAIL_NEVER_SEEN', 'TRUE', 'MED');
const NO_PROFILES = check('DIGITAL_NO_SOCIAL_NETWORK_PROFILES', 'TRUE', 'LOW');
const FIRST_NEW = check('EMAIL_FIRST_SEEN', 'NEW', 'HIGH');
const FIRST_RECENT = check('PHONE_FIRST_SEEN', 'RECENT', 'MED');
// Not absence: positive evidence keeps its level whatever the coverage.
const DISPOSABLE = check('EMAIL_TYPE', 'DISPOSABLE', 'HIGH');
const LAST_OLDER = check('EMAIL_LAST_SEEN', 'OLDER', 'MED');
const FOOTPRINT_FALSE = check('DIGITAL_NO_DIGITAL_FOOTPRINT', 'FALSE', 'NONE');

const ALL = [
  FOOTPRINT,
  NEVER_SEEN,
  NO_PROFILES,
  FIRST_NEW,
  FIRST_RECENT,
  DISPOSABLE,
  LAST_OLDER,
  FOOTPRINT_FALSE,
];

const coverage = (sessions: number, asked: number, knownMonth: number, knownYear: number): GraphCoverage => ({
  sessions,
  asked,
  knownMonth,
  knownYear,
});

const levels = (checks: Check[]) => checks.map((c) => `${c.id}:${c.state}:${c.risk}`);

describe('weighAbsence', () => {
  it('on a fresh install (no measured coverage) absence weighs nothing, other evidence is untouched', () => {
    const weighed = weighAbsence(ALL, null);
    expect(levels(weighed)).toEqual([
      'DIGITAL_NO_DIGITAL_FOOTPRINT:TRUE:NONE',
      'EMAIL_NEVER_SEEN:TRUE:NONE',
      'DIGITAL_NO_SOCIAL_NETWORK_PROFILES:TRUE:NONE',
      'EMAIL_FIRST_SEEN:NEW:NONE',
      'PHONE_FIRST_SEEN:RECENT:NONE',
      'EMAIL_TYPE:DISPOSABLE:HIGH',
      'EMAIL_LAST_SEEN:OLDER:MED',
      'DIGITAL_NO_DIGITAL_FOOTPRINT:FALSE:NONE',
    ]);
    expect(weighed[0]?.description).toContain('not measured yet (0 of the 100 Verify sessions');
    expect(weighed[0]?.description).toContain('Weighed at NONE, not HIGH.');
    expect(weighed[5]?.description).toBe('As found.');
  });

  it('under 100 sessions the share does not count, however high', () => {
    expect(levels(weighAbsence([FOOTPRINT], coverage(99, 198, 198, 198)))).toEqual([
      'DIGITAL_NO_DIGITAL_FOOTPRINT:TRUE:NONE',
    ]);
  });

  it('a graph that knew 4 % of the applicants says so and absence weighs nothing', () => {
    const [weighed] = weighAbsence([FOOTPRINT], coverage(300, 300, 12, 3));
    expect(weighed?.risk).toBe('NONE');
    expect(weighed?.description).toContain(
      'The graph had known 4 % of the emails and phones verified in the last 30 days for more than 30 days (12 of 300), so absence says little.',
    );
  });

  it('between a quarter and 60 % absence weighs one level below its default', () => {
    const weighed = weighAbsence(ALL, coverage(200, 400, 160, 160));
    expect(levels(weighed).slice(0, 5)).toEqual([
      'DIGITAL_NO_DIGITAL_FOOTPRINT:TRUE:MED',
      'EMAIL_NEVER_SEEN:TRUE:NONE',
      'DIGITAL_NO_SOCIAL_NETWORK_PROFILES:TRUE:NONE',
      'EMAIL_FIRST_SEEN:NEW:MED',
      'PHONE_FIRST_SEEN:RECENT:LOW',
    ]);
  });

  it('on a mature graph (60 % or more known) absence carries its default again', () => {
    const weighed = weighAbsence(ALL, coverage(500, 800, 640, 600));
    expect(levels(weighed).slice(0, 5)).toEqual([
      'DIGITAL_NO_DIGITAL_FOOTPRINT:TRUE:HIGH',
      'EMAIL_NEVER_SEEN:TRUE:NONE',
      'DIGITAL_NO_SOCIAL_NETWORK_PROFILES:TRUE:LOW',
      'EMAIL_FIRST_SEEN:NEW:HIGH',
      'PHONE_FIRST_SEEN:RECENT:MED',
    ]);
    expect(weighed[0]?.description).toContain('(640 of 800), so absence is informative.');
    expect(weighed[0]?.description).not.toContain('Weighed');
  });

  it('counts never seen once: with no footprint it adds nothing, without it it weighs by coverage', () => {
    const mature = coverage(500, 800, 640, 600);
    const [footprint, never] = weighAbsence([FOOTPRINT, NEVER_SEEN], mature);
    expect(footprint?.risk).toBe('HIGH');
    expect(never?.risk).toBe('NONE');
    expect(never?.description).toContain(
      'Counted once, by DIGITAL_NO_DIGITAL_FOOTPRINT. Weighed at NONE, not MED.',
    );
    // Another email of the identity was seen: no footprint is FALSE, this email's absence speaks.
    const [, alone] = weighAbsence([FOOTPRINT_FALSE, NEVER_SEEN], mature);
    expect(alone?.risk).toBe('MED');
    expect(levels(weighAbsence([FOOTPRINT_FALSE, NEVER_SEEN], coverage(200, 400, 160, 160)))).toEqual([
      'DIGITAL_NO_DIGITAL_FOOTPRINT:FALSE:NONE',
      'EMAIL_NEVER_SEEN:TRUE:LOW',
    ]);
  });

  it('first seen RECENT (under a year) needs applicants known for over a year: a young graph cannot say it', () => {
    // Everyone known for over a month, nobody for over a year: the graph is months old.
    const weighed = weighAbsence([FIRST_NEW, FIRST_RECENT], coverage(300, 300, 280, 0));
    expect(levels(weighed)).toEqual(['EMAIL_FIRST_SEEN:NEW:HIGH', 'PHONE_FIRST_SEEN:RECENT:NONE']);
    expect(weighed[1]?.description).toContain('for more than a year (0 of 300)');
  });
});

describe('coverageSample', () => {
  it('counts the emails and phones looked up and how long the graph had known each', () => {
    const graph = graphFacts({
      emails: [
        null,
        { firstSeenMs: NOW - 10 * DAY, lastSeenMs: NOW - DAY, observations: 3 },
        { firstSeenMs: NOW - 400 * DAY, lastSeenMs: NOW - DAY, observations: 9 },
      ],
      phones: [{ seen: { firstSeenMs: NOW - 40 * DAY, lastSeenMs: NOW, observations: 1 }, records: [] }],
    });
    expect(coverageSample(graph, NOW)).toEqual({ asked: 4, knownMonth: 2, knownYear: 1 });
  });

  it('a call the graph was not consulted for adds nothing', () => {
    expect(coverageSample(null, NOW)).toEqual({ asked: 0, knownMonth: 0, knownYear: 0 });
  });
});
