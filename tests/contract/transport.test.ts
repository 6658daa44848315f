import { describe, expect, it } from 'vitest';
import { call, query } from './support';

const VALID = { emails: ['transport@example.com'] };

describe('transport', () => {
  it('415 UNSUPPORTED_MEDIA_TYPE for a body that is not application/json', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=latin1',
    ]) {
      const response = await call('/api/verify', {
        rawBody: JSON.stringify(VALID),
        headers: { 'Content-Type': type },
      });
      expect(response.status).toBe(415);
      expect(response.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', status: 415 });
    }
  });

  it('accepts application/json with a UTF-8 charset', async () => {
    const response = await call('/api/verify', {
      rawBody: JSON.stringify(VALID),
      headers: { 'Content-Type': 'application/json; charset=UTF-8' },
    });
    expect(response.status).toBe(201);
  });

  it('413 PAYLOAD_TOO_LARGE above 256 KiB, and nothing is stored', async () => {
    const before = await query<{ n: number }>('select count(*)::int as n from session_calls');
    const big = JSON.stringify({ ...VALID, bio: 'x'.repeat(256 * 1024) });
    const response = await call('/api/verify', { rawBody: big });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const after = await query<{ n: number }>('select count(*)::int as n from session_calls');
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('a body just under 256 KiB is read (and judged on its content)', async () => {
    const padding = 'x'.repeat(256 * 1024 - 200);
    const response = await call('/api/verify', { rawBody: JSON.stringify({ ...VALID, title: padding }) });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_INPUT');
  });

  it('400 MALFORMED_JSON for JSON that does not parse, or an empty body', async () => {
    for (const rawBody of ['{"emails": [', '', 'nul']) {
      const response = await call('/api/verify', { rawBody });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('MALFORMED_JSON');
    }
  });

  it('400 INVALID_INPUT when the JSON is not an object', async () => {
    for (const body of [[VALID], 'text', 42, null]) {
      const response = await call('/api/verify', { body });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_INPUT');
    }
  });

  it('echoes a well-formed X-Request-Id and generates one otherwise', async () => {
    const echoed = await call('/api/verify', {
      body: VALID,
      headers: { 'X-Request-Id': 'client-trace-0001' },
    });
    expect(echoed.headers.get('x-request-id')).toBe('client-trace-0001');
    const generated = await call('/api/verify', {
      body: VALID,
      headers: { 'X-Request-Id': 'bad id <script>' },
    });
    expect(generated.headers.get('x-request-id')).toMatch(/^req_[1-9A-Za-z]+$/);
    const problem = await call('/api/verify', { body: {}, headers: { 'X-Request-Id': 'client-trace-0002' } });
    expect(problem.body.requestId).toBe('client-trace-0002');
  });

  it('problem bodies follow RFC 9457 and carry no stack trace or SQL', async () => {
    const response = await call('/api/verify', { body: { emails: 'not-an-array' } });
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(Object.keys(response.body).sort()).toEqual([
      'code',
      'detail',
      'errors',
      'requestId',
      'status',
      'title',
      'type',
    ]);
    expect(response.text).not.toMatch(/at .*\.(ts|js):\d+|select |insert |node_modules/i);
  });

  it('GET /api/health needs no key and reports the database', async () => {
    const response = await call('/api/health', { method: 'GET', key: null });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', database: 'ok' });
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });
});

describe('problem detail', () => {
  it('a single violation is spelled out in detail, once', async () => {
    const response = await call('/api/verify', {
      body: { emails: ['a@example.com'], birthday: '1990-02-30' },
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/^birthday: /);
    expect(response.body.detail).not.toMatch(/^birthday: birthday/);
  });
});
