import { describe, expect, it } from 'vitest';
import { maskRequest } from '@/lib/engine/mask';
import { parseVerifyRequest } from '@/lib/engine/request';
import { scoreChecks } from '@/lib/engine/risk';
import {
  addedInputs,
  buildTimeline,
  changedChecks,
  EMPTY_SUMMARY,
  mergeMaskedSummaries,
  readCallChecks,
  readMaskedSummary,
  type StoredCall,
} from '@/lib/engine/session-timeline';
import type { Check, RiskLevel } from '@/lib/engine/types';

function masked(body: unknown) {
  const parsed = parseVerifyRequest(body);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return maskRequest(parsed.value);
}

const check = (id: string, state: string, risk: RiskLevel): Check => ({
  id,
  state,
  risk,
  name: `${id} name`,
  description: `${id} is ${state}`,
  checkPackage: 'Phone',
});

function storedCall(id: string, body: unknown, checks: Check[], at: string, status = 200): StoredCall {
  const scored = scoreChecks(checks);
  return {
    id,
    status,
    risk: scored.risk,
    inputSummary: { ...masked(body) },
    checks: scored.checks,
    requestId: `req_${id}`,
    createdAt: new Date(at),
  };
}

describe('readMaskedSummary', () => {
  it('reads a stored summary and fills what older rows lack', () => {
    const summary = masked({ emails: ['jane.doe@example.com'], phones: ['+1 415 555 2671'] });
    expect(readMaskedSummary(JSON.parse(JSON.stringify(summary)))).toEqual(summary);
    expect(readMaskedSummary({ emails: ['j***@example.com', 7] })).toEqual({
      ...EMPTY_SUMMARY,
      emails: ['j***@example.com'],
    });
    expect(readMaskedSummary(null)).toEqual(EMPTY_SUMMARY);
  });
});

describe('readCallChecks', () => {
  it('keeps contributions and marks their absence in rows written before they existed', () => {
    const [scored] = scoreChecks([check('PHONE_TYPE', 'VOIP', 'MED')]).checks;
    const legacy = { ...check('EMAIL_TYPE', 'FREE', 'LOW') };
    expect(scored?.contribution).toBeGreaterThan(0);
    expect(readCallChecks([scored, legacy, { id: 'BROKEN' }, 'junk'])).toEqual([
      { ...check('PHONE_TYPE', 'VOIP', 'MED'), contribution: scored?.contribution },
      { ...legacy, contribution: null },
    ]);
    expect(readCallChecks(undefined)).toEqual([]);
  });
});

describe('mergeMaskedSummaries and addedInputs', () => {
  const first = masked({ emails: ['jane.doe@example.com'], name: { given: 'Jane', family: 'Doe' } });
  const second = masked({
    emails: ['jane.doe@example.com'],
    phones: ['+1 415 555 2671'],
    name: { given: 'Janet', family: 'Dole' },
    birthday: '1990-04-02',
  });

  it('unions lists and lets the newest singular value win, like the session merge', () => {
    expect(mergeMaskedSummaries([first, second])).toEqual({
      ...EMPTY_SUMMARY,
      emails: ['j***@example.com'],
      phones: ['+1******2671'],
      name: 'J. Dole',
      birthday: true,
    });
  });

  it('lists what a call adds or replaces, not what the session already held', () => {
    expect(addedInputs(first, second)).toEqual([
      { field: 'phone', value: '+1******2671', previous: null },
      { field: 'name', value: 'J. Dole', previous: 'J. Doe' },
      { field: 'birthday', value: 'given', previous: null },
    ]);
    expect(addedInputs(mergeMaskedSummaries([first, second]), first)).toEqual([
      { field: 'name', value: 'J. Doe', previous: 'J. Dole' },
    ]);
    expect(addedInputs(first, first)).toEqual([]);
  });
});

describe('changedChecks', () => {
  const before = readCallChecks(
    scoreChecks([check('A', 'NONE', 'NONE'), check('B', 'OLDER', 'NONE')]).checks,
  );
  const afterScored = scoreChecks([
    check('A', 'VOIP', 'MED'),
    check('B', 'OLDER', 'NONE'),
    check('C', 'TRUE', 'HIGH'),
  ]).checks;
  const after = readCallChecks(afterScored);

  it('lists every check of the first call', () => {
    expect(changedChecks(null, before).map((c) => [c.id, c.before, c.after])).toEqual([
      ['A', null, { state: 'NONE', risk: 'NONE' }],
      ['B', null, { state: 'OLDER', risk: 'NONE' }],
    ]);
  });

  it('afterwards only the checks whose state or risk moved, with their contribution', () => {
    expect(changedChecks(before, after)).toEqual([
      {
        id: 'A',
        name: 'A name',
        checkPackage: 'Phone',
        before: { state: 'NONE', risk: 'NONE' },
        after: { state: 'VOIP', risk: 'MED' },
        contribution: afterScored[0]?.contribution,
      },
      {
        id: 'C',
        name: 'C name',
        checkPackage: 'Phone',
        before: null,
        after: { state: 'TRUE', risk: 'HIGH' },
        contribution: afterScored[2]?.contribution,
      },
    ]);
  });
});

describe('buildTimeline', () => {
  it('numbers the calls and gives each its additions, risk step and changed checks', () => {
    const first = scoreChecks([check('PHONE_TYPE', 'NONE', 'NONE'), check('EMAIL_TYPE', 'FREE', 'LOW')]).risk;
    const second = scoreChecks([check('PHONE_TYPE', 'VOIP', 'MED'), check('EMAIL_TYPE', 'FREE', 'LOW')]).risk;
    expect(second).toBeGreaterThan(first);
    const timeline = buildTimeline([
      storedCall(
        'call_1',
        { emails: ['jane.doe@example.com'] },
        [check('PHONE_TYPE', 'NONE', 'NONE'), check('EMAIL_TYPE', 'FREE', 'LOW')],
        '2026-03-01T10:00:00.000Z',
        201,
      ),
      storedCall(
        'call_2',
        { phones: ['+1 415 555 2671'] },
        [check('PHONE_TYPE', 'VOIP', 'MED'), check('EMAIL_TYPE', 'FREE', 'LOW')],
        '2026-03-01T10:05:00.000Z',
      ),
      storedCall(
        'call_3',
        { phones: ['+1 415 555 2671'] },
        [check('PHONE_TYPE', 'VOIP', 'MED'), check('EMAIL_TYPE', 'FREE', 'LOW')],
        '2026-03-01T10:06:00.000Z',
      ),
    ]);
    expect(
      timeline.map((c) => ({
        index: c.index,
        status: c.status,
        risk: c.risk,
        band: c.band,
        delta: c.delta,
        added: c.added.map((a) => `${a.field}:${a.value}`),
        changes: c.changes.map((ch) => `${ch.id}:${ch.before?.state ?? '-'}>${ch.after.state}`),
      })),
    ).toEqual([
      {
        index: 1,
        status: 201,
        risk: first,
        band: 'low',
        delta: null,
        added: ['email:j***@example.com'],
        changes: ['PHONE_TYPE:->NONE', 'EMAIL_TYPE:->FREE'],
      },
      {
        index: 2,
        status: 200,
        risk: second,
        band: 'low',
        delta: Math.round((second - first) * 10_000) / 10_000,
        added: ['phone:+1******2671'],
        changes: ['PHONE_TYPE:NONE>VOIP'],
      },
      { index: 3, status: 200, risk: second, band: 'low', delta: 0, added: [], changes: [] },
    ]);
    expect(timeline[1]?.createdAt).toBe('2026-03-01T10:05:00.000Z');
    expect(timeline[1]?.requestId).toBe('req_call_2');
  });

  it('is empty for no calls', () => {
    expect(buildTimeline([])).toEqual([]);
  });
});
