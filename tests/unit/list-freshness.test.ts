// List freshness against the spec's numbers (issue 31 item 8): sanctions lists are stale past 7
// days, Tor exit lists past 1 day; an undated list is flagged rather than passed as fresh.
import { describe, expect, it } from 'vitest';
import { checkLists } from '@/components/lists/check-lists';
import { listAgeText, listWarningText } from '@/components/lists/list-age-text';
import type { ListStatus } from '@/lib/contract/console/lists';
import { isAwaitingCheck } from '@/lib/engine/checks/make-check';
import { formatListAge, listFreshness, listKind } from '@/lib/engine/lists/freshness';

const NOW = new Date('2026-11-28T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

const list = (category: string, publishedAt: string | null, importedAt = ago(HOUR)): ListStatus => ({
  name: `${category}/file`,
  category,
  format: 'test',
  entries: 1,
  publishedAt,
  importedAt,
});

describe('listFreshness', () => {
  it('flags a sanctions list older than 7 days, not one of exactly 7 days', () => {
    for (const category of [
      'sanctions:OFAC',
      'sanctions:UN',
      'sanctions:EU',
      'sanctions:UK',
      'sanctions:CA',
    ]) {
      expect(listFreshness(list(category, ago(7 * DAY)), NOW).warning).toBeNull();
      expect(listFreshness(list(category, ago(7 * DAY + 1)), NOW).warning).toBe('stale');
      expect(listFreshness(list(category, ago(3 * DAY)), NOW)).toMatchObject({
        ageMs: 3 * DAY,
        dated: 'published',
        warning: null,
        maxAgeMs: 7 * DAY,
      });
    }
  });

  it('flags a Tor list older than 1 day', () => {
    expect(listFreshness(list('tor', ago(23 * HOUR)), NOW).warning).toBeNull();
    expect(listFreshness(list('tor', ago(DAY)), NOW).warning).toBeNull();
    expect(listFreshness(list('tor', ago(DAY + 60_000)), NOW)).toMatchObject({
      warning: 'stale',
      maxAgeMs: DAY,
    });
    // The shipped snapshot: last status 2024-03-12.
    expect(listFreshness(list('tor', '2024-03-12T00:00:00.000Z'), NOW).warning).toBe('stale');
  });

  it('documents the other kinds: Private Relay 7 days, VPN and data center 30, SSA tables never', () => {
    expect(listFreshness(list('privacy-relay', ago(8 * DAY)), NOW).warning).toBe('stale');
    expect(listFreshness(list('vpn', ago(29 * DAY)), NOW).warning).toBeNull();
    expect(listFreshness(list('vpn', ago(31 * DAY)), NOW).warning).toBe('stale');
    expect(listFreshness(list('datacenter', ago(31 * DAY)), NOW).warning).toBe('stale');
    // Frozen since SSN randomisation in 2011: old by design.
    expect(listFreshness(list('ssa-high-group', '2011-06-24T00:00:00.000Z'), NOW)).toMatchObject({
      warning: null,
      maxAgeMs: null,
    });
    expect(listFreshness(list('ssa-area', null), NOW).warning).toBeNull();
  });

  it('measures an undated list from its import and flags it undated, or stale once even that is too old', () => {
    // OFAC's legacy CSVs state no date: imported an hour ago, the data may be years old.
    const fresh = listFreshness(list('sanctions:OFAC', null, ago(HOUR)), NOW);
    expect(fresh).toMatchObject({ dated: 'imported', ageMs: HOUR, warning: 'undated' });
    expect(listFreshness(list('sanctions:OFAC', null, ago(8 * DAY)), NOW).warning).toBe('stale');
    expect(listFreshness(list('tor', null, ago(2 * DAY)), NOW).warning).toBe('stale');
  });

  it('reads a future date as brand new, not a negative age', () => {
    expect(listFreshness(list('tor', ago(-DAY)), NOW)).toMatchObject({ ageMs: 0, warning: null });
  });

  it('takes Date values as the database returns them', () => {
    const f = listFreshness(
      { category: 'sanctions:UN', publishedAt: new Date(ago(10 * DAY)), importedAt: new Date(ago(DAY)) },
      NOW,
    );
    expect(f).toMatchObject({ ageMs: 10 * DAY, warning: 'stale', kind: 'sanctions' });
  });

  it('knows the categories the Lists endpoint reports', () => {
    expect(listKind('sanctions:OFAC')).toBe('sanctions');
    expect(listKind('ssa-high-group')).toBe('ssa');
    expect(listKind('tor')).toBe('tor');
    expect(listKind('something-new')).toBe('other');
  });
});

describe('formatListAge', () => {
  it('says an age as people do', () => {
    expect(formatListAge(10 * 60_000)).toBe('less than an hour');
    expect(formatListAge(HOUR)).toBe('1 hour');
    expect(formatListAge(5 * HOUR)).toBe('5 hours');
    expect(formatListAge(DAY)).toBe('1 day');
    expect(formatListAge(3 * DAY + 5 * HOUR)).toBe('3 days');
    expect(formatListAge(59 * DAY)).toBe('59 days');
    expect(formatListAge(120 * DAY)).toBe('3 months');
    expect(formatListAge(3 * 365 * DAY)).toBe('2 years');
    expect(formatListAge(4 * 366 * DAY)).toBe('4 years');
  });
});

describe('checkLists', () => {
  const ofacAwaiting = {
    id: 'IDENTITY_EU_SANCTION_LIST',
    state: 'UNKNOWN',
    description: 'Awaiting the sanctions list import (EU Consolidated Financial Sanctions List).',
  };

  it('tells a check waiting for its list from one that answered', () => {
    expect(isAwaitingCheck(ofacAwaiting)).toBe(true);
    const got = checkLists(ofacAwaiting, [list('sanctions:OFAC', ago(DAY))], NOW);
    expect(got).toMatchObject({ notLoaded: true, ages: [], warning: false });
    expect(got?.missing.map((kind) => kind.label)).toEqual(['EU']);
    // IP_TYPE's UNKNOWN "not on any loaded list" is an answer, not a missing list.
    const ip = {
      id: 'IP_TYPE',
      state: 'UNKNOWN',
      description: '203.0.113.9 is a public address not on any loaded Tor exit ... list',
    };
    expect(checkLists(ip, [list('tor', ago(2 * DAY))], NOW)).toMatchObject({
      notLoaded: false,
      warning: true,
    });
  });

  it('gives the ages of the lists a check read, and null for a check that reads none', () => {
    const ofac = { id: 'IDENTITY_OFAC_LIST', state: 'NO_MATCH', description: 'No entry matches.' };
    const got = checkLists(ofac, [list('sanctions:OFAC', null), list('sanctions:UN', ago(DAY))], NOW);
    expect(got?.ages).toHaveLength(1);
    expect(got?.ages[0]?.freshness.warning).toBe('undated');
    expect(got?.warning).toBe(true);
    expect(checkLists({ id: 'EMAIL_TYPE', state: 'FREE', description: '' }, [], NOW)).toBeNull();
  });
});

describe('listAgeText and listWarningText', () => {
  it('words a dated, an undated and a stale list', () => {
    const dated = listFreshness(list('sanctions:UN', ago(3 * DAY)), NOW);
    expect(listAgeText(dated)).toBe('3 days old');
    expect(listWarningText(dated)).toBeNull();
    const justImported = listFreshness(list('sanctions:OFAC', null, ago(HOUR)), NOW);
    expect(listAgeText(justImported)).toBe('age unknown');
    expect(listWarningText(justImported)).toBe('Publication date not stated');
    const undatedOld = listFreshness(list('sanctions:OFAC', null, ago(9 * DAY)), NOW);
    expect(listAgeText(undatedOld)).toBe('at least 9 days old');
    expect(listWarningText(undatedOld)).toBe('Stale: older than 7 days');
    expect(listWarningText(listFreshness(list('tor', ago(2 * DAY)), NOW))).toBe('Stale: older than 1 day');
  });
});
