// The decision body and the path parameters of the public operations, parsed as the routes parse them.
import { describe, expect, it } from 'vitest';
import { pathParams } from '@/lib/api/operation';
import { parseDecisionReasonRequest, parseDecisionRequest } from '@/lib/services/decisions/parse';

const paths = (result: ReturnType<typeof parseDecisionRequest>) =>
  result.ok ? [] : result.errors.map((e) => e.path);

describe('a decision body', () => {
  it('takes a decision, a reason and a multi-line note with tabs', () => {
    expect(
      parseDecisionRequest({
        decision: 'decline',
        reason: ' Stolen identity ',
        note: 'line one\n\tline two\r\n',
      }),
    ).toEqual({
      ok: true,
      value: { decision: 'decline', reason: 'Stolen identity', note: 'line one\n\tline two\r\n' },
    });
    expect(parseDecisionRequest({ decision: 'approve', reason: 'Verified identity' })).toMatchObject({
      ok: true,
    });
  });

  it('names every offending field: unknown decision, empty reason, control characters and length of the note', () => {
    expect(paths(parseDecisionRequest({ decision: 'maybe', reason: '' }))).toEqual(['decision', 'reason']);
    for (const control of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085']) {
      expect(
        paths(parseDecisionRequest({ decision: 'review', reason: 'Needs documents', note: `a${control}b` })),
      ).toEqual(['note']);
    }
    expect(
      paths(parseDecisionRequest({ decision: 'review', reason: 'Needs documents', note: 'x'.repeat(2001) })),
    ).toEqual(['note']);
    expect(
      paths(parseDecisionRequest({ decision: 'review', reason: 'Needs documents', note: 'x'.repeat(2000) })),
    ).toEqual([]);
    expect(paths(parseDecisionRequest({ decision: 'review', reason: 'Needs documents', extra: 1 }))).toEqual([
      '',
    ]);
  });

  it('refuses a reason label with any control character, a tab or new line included', () => {
    const result = parseDecisionReasonRequest({ decision: 'decline', label: 'Money\nmule' });
    expect(result.ok ? [] : result.errors.map((e) => e.path)).toEqual(['label']);
  });
});

describe('pathParams', () => {
  it('reads the {name} segments of the template from the pathname, URL-decoded', () => {
    expect(pathParams('/api/sessions/{sessionId}', '/api/sessions/ses_abc')).toEqual({
      sessionId: 'ses_abc',
    });
    expect(pathParams('/api/sessions/{sessionId}', '/api/sessions/a%20b')).toEqual({ sessionId: 'a b' });
    expect(pathParams('/api/sessions/{sessionId}', '/api/sessions/%E0%A4%A')).toEqual({
      sessionId: '%E0%A4%A',
    });
    expect(pathParams('/api/verify', '/api/verify')).toEqual({});
  });
});
