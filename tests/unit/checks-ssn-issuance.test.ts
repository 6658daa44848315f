// SYNTHETIC_SSN_ISSUE_DATE and SYNTHETIC_SSN_BEFORE_BIRTH, every state, from the real SSA tables.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAwaitingCheck } from '@/lib/engine/checks/make-check';
import { syntheticIdentityChecks } from '@/lib/engine/checks/synthetic-identity';
import { buildSsaTables } from '@/lib/engine/ssa/tables';
import type { SsaTables } from '@/lib/engine/ssa/types';
import type { NormalizedRequest } from '@/lib/engine/types';
import { parseSsaAreas, parseSsaHighGroups } from '@/lib/reference/ssa/parse';
import { findCheck, outcome } from './support/find-check';
import { ctx, normalizedRequest } from './support/normalized-request';

const data = (file: string) => readFileSync(path.resolve(process.cwd(), 'reference-data/ssn', file), 'utf8');
const high = parseSsaHighGroups(data('high_groups_june_24_2011_raw.txt'));
const tables = buildSsaTables([
  { name: 'ssn/high', kind: 'high-group', publishedAt: high.publishedAt, entries: high.entries },
  {
    name: 'ssn/areas',
    kind: 'area',
    publishedAt: null,
    entries: parseSsaAreas(data('area_data_raw.txt')).entries,
  },
]) as SsaTables;

const run = (overrides: Partial<NormalizedRequest>, ssa: SsaTables | null = tables) =>
  syntheticIdentityChecks(normalizedRequest(overrides), { ...ctx, ssa });
const full = (digits: string) => ({ ssn: { kind: 'full' as const, digits } });
const both = (overrides: Partial<NormalizedRequest>, ssa: SsaTables | null = tables) => {
  const checks = run(overrides, ssa);
  return [outcome(checks, 'SYNTHETIC_SSN_ISSUE_DATE'), outcome(checks, 'SYNTHETIC_SSN_BEFORE_BIRTH')];
};

// Area 001's highest group on 2011-06-24 was 11 (the first odd group past 09); group 03 comes
// before it, 13 after it. Area 734 had no group issued at all.
describe('SSN issuance from the SSA high-group list of 2011-06-24', () => {
  it('answers NONE without an SSN', () => {
    expect(both({})).toEqual([
      { state: 'NONE', risk: 'NONE' },
      { state: 'NONE', risk: 'NONE' },
    ]);
  });

  it('dates a group before the highest group PRE_2011, with the issuing state', () => {
    const checks = run({ ...full('001034567'), birthday: '1980-02-03' });
    expect(outcome(checks, 'SYNTHETIC_SSN_ISSUE_DATE')).toEqual({ state: 'PRE_2011', risk: 'NONE' });
    expect(findCheck(checks, 'SYNTHETIC_SSN_ISSUE_DATE').description).toMatch(/New Hampshire.*2011-06-24/);
    expect(outcome(checks, 'SYNTHETIC_SSN_BEFORE_BIRTH')).toEqual({ state: 'FALSE', risk: 'NONE' });
  });

  it('flags an SSN issued by 2011-06-24 for a person born after it: TRUE [HIGH]', () => {
    const checks = run({ ...full('001034567'), birthday: '2014-05-01' });
    expect(outcome(checks, 'SYNTHETIC_SSN_BEFORE_BIRTH')).toEqual({ state: 'TRUE', risk: 'HIGH' });
    expect(findCheck(checks, 'SYNTHETIC_SSN_BEFORE_BIRTH').description).toMatch(/2014-05-01/);
  });

  it('dates a group after the highest group POST_2011 [LOW] for a child under 5 in 2011', () => {
    expect(both({ ...full('001134567'), birthday: '2008-01-01' })).toEqual([
      { state: 'POST_2011', risk: 'LOW' },
      { state: 'FALSE', risk: 'NONE' },
    ]);
  });

  // A US-born child is numbered in infancy (SSA Enumeration at Birth): a first SSN at 5 to 17 is not.
  it('says POST_2011_LATE [MED] for a person 5 to 17 at randomisation', () => {
    expect(both({ ...full('001134567'), birthday: '2005-01-01' })).toEqual([
      { state: 'POST_2011_LATE', risk: 'MED' },
      { state: 'FALSE', risk: 'NONE' },
    ]);
    expect(both({ ...full('001134567'), birthday: '1994-01-01' })[0]).toEqual({
      state: 'POST_2011_LATE',
      risk: 'MED',
    });
    const checks = run({ ...full('001134567'), birthday: '1996-09-30' });
    expect(findCheck(checks, 'SYNTHETIC_SSN_ISSUE_DATE').description).toMatch(
      /already 14: not a number given at birth/,
    );
  });

  it('says POST_2011_ADULT [MED] when the person was an adult at randomisation', () => {
    const checks = run({ ...full('734104567'), birthday: '1970-07-01' });
    expect(outcome(checks, 'SYNTHETIC_SSN_ISSUE_DATE')).toEqual({ state: 'POST_2011_ADULT', risk: 'MED' });
    expect(findCheck(checks, 'SYNTHETIC_SSN_ISSUE_DATE').description).toMatch(/no group issued.*already 40/);
  });

  it('answers POST_2011 without a birthday, and NONE for the birth check', () => {
    expect(both(full('001134567'))).toEqual([
      { state: 'POST_2011', risk: 'LOW' },
      { state: 'NONE', risk: 'NONE' },
    ]);
  });

  // Issue 9, finding 7: tables that cannot date the number give no FALSE for the birth check.
  it('cannot date the highest group itself: UNKNOWN for both checks', () => {
    const checks = run({ ...full('001114567'), birthday: '1990-01-01' });
    expect(outcome(checks, 'SYNTHETIC_SSN_ISSUE_DATE')).toEqual({ state: 'UNKNOWN', risk: 'NONE' });
    expect(findCheck(checks, 'SYNTHETIC_SSN_ISSUE_DATE').description).toMatch(/highest group/);
    expect(outcome(checks, 'SYNTHETIC_SSN_BEFORE_BIRTH')).toEqual({ state: 'UNKNOWN', risk: 'NONE' });
  });

  // A randomised SSN has only an earliest date: it proves FALSE for a person born before it, and
  // says nothing for one born after it.
  it('is UNKNOWN for a randomised SSN of a person born after 2011-06-25', () => {
    const checks = run({ ...full('001134567'), birthday: '2015-03-01' });
    expect(outcome(checks, 'SYNTHETIC_SSN_ISSUE_DATE')).toEqual({ state: 'POST_2011', risk: 'LOW' });
    expect(outcome(checks, 'SYNTHETIC_SSN_BEFORE_BIRTH')).toEqual({ state: 'UNKNOWN', risk: 'NONE' });
    expect(findCheck(checks, 'SYNTHETIC_SSN_BEFORE_BIRTH').description).toMatch(/no latest issue date/);
  });

  it('answers UNKNOWN for a last four, a never-issued structure, or tables not loaded', () => {
    const last4 = { ssn: { kind: 'last4' as const, digits: '4567' }, birthday: '1990-01-01' };
    expect(both(last4)).toEqual([
      { state: 'UNKNOWN', risk: 'NONE' },
      { state: 'UNKNOWN', risk: 'NONE' },
    ]);
    expect(both({ ...full('666034567'), birthday: '1990-01-01' })).toEqual([
      { state: 'UNKNOWN', risk: 'NONE' },
      { state: 'UNKNOWN', risk: 'NONE' },
    ]);
    const awaiting = run({ ...full('001034567'), birthday: '1990-01-01' }, null);
    expect(outcome(awaiting, 'SYNTHETIC_SSN_ISSUE_DATE')).toEqual({ state: 'UNKNOWN', risk: 'NONE' });
    expect(findCheck(awaiting, 'SYNTHETIC_SSN_ISSUE_DATE').description).toMatch(/^Awaiting the SSA/);
    expect(isAwaitingCheck(findCheck(awaiting, 'SYNTHETIC_SSN_ISSUE_DATE'))).toBe(true);
    // A last four is an answer about the input, not a missing table.
    expect(isAwaitingCheck(findCheck(run(last4, null), 'SYNTHETIC_SSN_ISSUE_DATE'))).toBe(false);
  });
});
