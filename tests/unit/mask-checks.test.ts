// Stored check descriptions (issue 11, finding 3): the checks of a real run over the SSA tables and
// libphonenumber carry the SSN's area and group, the phone and the birthday in their answer to the
// caller; as stored for the console they carry none of them, with the same states and risks.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { phoneChecks } from '@/lib/engine/checks/phone';
import { syntheticIdentityChecks } from '@/lib/engine/checks/synthetic-identity';
import { maskDescription, storableChecks } from '@/lib/engine/mask-checks';
import { normalizePhone } from '@/lib/engine/normalize/phone';
import { buildSsaTables } from '@/lib/engine/ssa/tables';
import type { SsaTables } from '@/lib/engine/ssa/types';
import type { Check } from '@/lib/engine/types';
import { parseSsaAreas, parseSsaHighGroups } from '@/lib/reference/ssa/parse';
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

const descriptions = (checks: readonly Check[]) => checks.map((c) => c.description).join('\n');
const outcomes = (checks: readonly Check[]) => checks.map(({ id, state, risk }) => ({ id, state, risk }));

describe('check descriptions as stored', () => {
  // The example: group 22 of area 536 (Washington) was issued before 2011-06-24.
  const input = normalizedRequest({
    ssn: { kind: 'full', digits: '536228412' },
    birthday: '1984-07-19',
    phones: [normalizePhone('+1 415 555 2671')],
    location: {
      addressLine1: null,
      addressLine2: null,
      city: 'Portland',
      region: null,
      regionCode: 'OR',
      postalCode: null,
      country: 'US',
      countryCode: 'US',
    },
  });
  const answered = [...syntheticIdentityChecks(input, { ...ctx, ssa: tables }), ...phoneChecks(input, ctx)];
  const stored = storableChecks(answered, input);

  it('the answer itself names the area, the group, the birthday and the phone (the case to mask)', () => {
    const text = descriptions(answered);
    expect(text).toMatch(/area 536/i);
    expect(text).toMatch(/Group 22/);
    expect(text).toContain('1984-07-19');
    expect(text).toContain('+14155552671');
  });

  it('keeps no SSN area, group, area state, birthday or full phone', () => {
    const text = descriptions(stored);
    expect(text).not.toMatch(/536|Washington|Group 22|group 22/);
    expect(text).not.toContain('07-19');
    expect(text).not.toContain('+14155552671');
    expect(text).not.toContain('4155552671');
    expect(text).toContain('1984'); // the year, as the input summary's birthday flag allows
    expect(text).toContain('2671'); // the phone's last four, as the input summary shows them
  });

  it('keeps every id, state and risk', () => {
    expect(outcomes(stored)).toEqual(outcomes(answered));
  });

  it('masks a full SSN written in any form, even a published sample number', () => {
    const sample = normalizedRequest({ ssn: { kind: 'full', digits: '078051120' } });
    const text = descriptions(
      storableChecks(syntheticIdentityChecks(sample, { ...ctx, ssa: tables }), sample),
    );
    expect(descriptions(syntheticIdentityChecks(sample, { ...ctx, ssa: tables }))).toContain('078-05-1120');
    expect(text).not.toMatch(/078-?05-?1120/);
  });
});

describe('maskDescription on descriptions stored before issue 11 (the same cases as the data migration)', () => {
  const input = normalizedRequest({ birthday: '1984-07-19' });
  it.each([
    [
      'SYNTHETIC_SSN_ISSUE_DATE',
      "Group 22 comes before area 536's highest group 24 on the SSA list of 2011-06-24 (area 536: Washington): issued by 2011-06-24 at the latest.",
      "Group *** comes before area ***'s highest group *** on the SSA list of 2011-06-24: issued by 2011-06-24 at the latest.",
    ],
    [
      'SYNTHETIC_SSN_INVALID',
      '536-22-8412 is a published sample or advertising number, never valid for a person.',
      '***-**-**** is a published sample or advertising number, never valid for a person.',
    ],
    [
      'PHONE_LOCATION_MISMATCH',
      '+12065550148 has area code 206 of Washington (WA); the location given is in Oregon (OR).',
      '+1******0148 has area code 206 of Washington (WA); the location given is in Oregon (OR).',
    ],
    [
      'SYNTHETIC_AGE_MISMATCH',
      'First seen 1996-01-02 (the earliest sighting), when someone born on 1984-07-19 was 11.',
      'First seen 1996-01-02 (the earliest sighting), when someone born on 1984-**-** was 11.',
    ],
  ])('%s', (id, before, after) => {
    expect(maskDescription(id, before, input)).toBe(after);
  });
});
