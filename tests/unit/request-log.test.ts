// The request log's pure parts: what it keeps of a problem body (never text the input could have
// put there) and the operations its filter offers (every keyed operation of the registry).
import { describe, expect, it } from 'vitest';
import { API_OPERATIONS } from '@/lib/api/operations';
import { REQUEST_LOG_OPERATIONS, requestLogQuerySchema, toInstant } from '@/lib/contract/console/request-log';
import { REDACTED, storedProblem } from '@/lib/engine/stored-problem';

describe('storedProblem', () => {
  it('keeps the fields a developer needs and drops the request id and anything else', () => {
    const stored = storedProblem({
      type: '/docs/errors#invalid-input',
      title: 'Invalid input',
      status: 400,
      code: 'INVALID_INPUT',
      detail: 'ipAddress: must be an IPv4 or IPv6 address, e.g. 203.0.113.7 or 2001:db8::1',
      requestId: 'req-1',
      echo: { email: 'jane@example.com' },
      errors: [
        { path: 'ipAddress', code: 'INVALID_INPUT', message: 'ipAddress: must be an IP address', extra: 1 },
      ],
    });
    expect(stored).toEqual({
      type: '/docs/errors#invalid-input',
      title: 'Invalid input',
      status: 400,
      code: 'INVALID_INPUT',
      detail: 'ipAddress: must be an IPv4 or IPv6 address, e.g. 203.0.113.7 or 2001:db8::1',
      errors: [{ path: 'ipAddress', code: 'INVALID_INPUT', message: 'ipAddress: must be an IP address' }],
    });
  });

  it('removes what a parser quoted from the input, keeping apostrophes inside words', () => {
    // Node's own message for this body, as readJsonBody answers it.
    let reason = '';
    try {
      JSON.parse('jane.quixote@example.com');
    } catch (error) {
      reason = (error as Error).message;
    }
    const stored = storedProblem({
      detail: `The request body is not valid JSON: ${reason}.`,
      errors: [
        { path: '', code: 'INVALID_INPUT', message: 'Unrecognized key: “Janelle” and `Quixote`' },
        { path: 'name', code: 'INVALID_INPUT', message: "the workspace's rule 'Janelle' failed" },
      ],
    });
    const text = JSON.stringify(stored);
    for (const value of ['jane', 'Janelle', 'Quixote']) expect(text).not.toContain(value);
    expect(stored.detail).toContain(REDACTED);
    expect(stored.errors?.[1]?.message).toBe(`the workspace's rule ${REDACTED} failed`);
  });

  it('bounds the text and the number of errors, and accepts bodies of any shape', () => {
    const stored = storedProblem({
      detail: 'x'.repeat(5000),
      errors: [...Array.from({ length: 80 }, () => ({ path: 'a', code: 'B', message: 'c' })), 'junk'],
    });
    expect(stored.detail?.length).toBe(1000);
    expect(stored.errors).toHaveLength(50);
    expect(storedProblem(null)).toEqual({});
    expect(storedProblem('text')).toEqual({});
    expect(storedProblem({ errors: [null, 3, { path: 7 }] })).toEqual({
      errors: [{ path: '', code: '', message: '' }],
    });
  });
});

describe('what jsonb can hold', () => {
  it('replaces NUL and lone surrogates a hostile field name put into a path, keeping pairs', () => {
    const nul = String.fromCharCode(0);
    const stored = storedProblem({
      status: 400,
      code: 'INVALID_INPUT',
      errors: [{ path: `a${nul}b\uD800c`, code: 'INVALID_INPUT', message: 'must be \uDC00 text 😀' }],
    });
    expect(stored.errors).toEqual([
      { path: 'a\uFFFDb\uFFFDc', code: 'INVALID_INPUT', message: 'must be \uFFFD text 😀' },
    ]);
    // What PostgreSQL refused (22P05, 22P02) is gone from the JSON text it is sent as.
    const json = JSON.stringify(stored);
    expect(json).not.toMatch(/\\u0000|\\ud[89a-f][0-9a-f]{2}/i);
  });
});

describe('the request log filters', () => {
  it('offer exactly the keyed operations of the registry', () => {
    const keyed = API_OPERATIONS.filter((operation) => operation.scope !== null).map(
      (operation) => operation.id,
    );
    expect([...REQUEST_LOG_OPERATIONS].sort()).toEqual(keyed.sort());
  });

  it('read a date-time without an offset as UTC and refuse a range out of order', () => {
    expect(toInstant('2026-11-25T14:30').toISOString()).toBe('2026-11-25T14:30:00.000Z');
    expect(toInstant('2026-11-25T14:30:00+01:00').toISOString()).toBe('2026-11-25T13:30:00.000Z');
    expect(requestLogQuerySchema.safeParse({ status: '4xx', from: '', limit: '10' }).success).toBe(true);
    const backwards = requestLogQuerySchema.safeParse({ from: '2026-11-25T14:30', to: '2026-11-25T14:00' });
    expect(backwards.success).toBe(false);
    expect(backwards.error?.issues[0]?.path).toEqual(['to']);
  });
});
