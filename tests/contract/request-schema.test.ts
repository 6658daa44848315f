// Issue 10, "The HTTP contract exactly", over HTTP: one request schema for Verify and Signals
// (docs/api/request-fields.md), one SSN value per request (docs/api/request-fields.md "Limits"),
// unknown sessions of any form (docs/api/sessions.md), keyless profiles, over-long emails and
// phones evaluated rather than rejected (docs/api/request-fields.md "What is a request error"), and the event
// feed's id and observedAt forms (docs/api/ingestion.md).
import { writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ApiResponse, call, cli, newKey, signals, verify } from './support';

const EMAIL = { emails: ['jane.doe@gmail.com'] };
const DAY = 86_400_000;

interface Check {
  id: string;
  state: string;
}

function stateOf(response: ApiResponse, id: string): string | undefined {
  return (response.body.checks as Check[]).find((check) => check.id === id)?.state;
}

function expectCreated(response: ApiResponse): void {
  expect(response.status, response.text).toBe(201);
  expect(response.body.sessionId).toMatch(/^ses_/);
}

function expectSignalsAnswered(response: ApiResponse): void {
  expect([200, 204], response.text).toContain(response.status);
}

function expectProblem(response: ApiResponse, status: number, code: string): void {
  expect(response.status, response.text).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({ status, code });
}

const uniqueEmail = (label: string) =>
  `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('one request schema for Verify and Signals', () => {
  it.each([
    { label: 'countries', extra: { countries: ['US', 'GB'] } },
    { label: 'excludedCountries', extra: { excludedCountries: ['FR'] } },
    { label: 'both country filters together', extra: { countries: ['US'], excludedCountries: ['FR'] } },
    { label: 'a country filter with codes Verify does not check', extra: { countries: ['ZZ', 'USA'] } },
    { label: 'patternInterval', extra: { patternInterval: 'week' } },
    { label: 'a patternInterval Verify does not check', extra: { patternInterval: 'minute' } },
  ])('Verify accepts and ignores $label', async ({ extra }) => {
    const response = await verify({ ...EMAIL, ...extra });
    expectCreated(response);
    expect(stateOf(response, 'EMAIL_INVALID')).toBe('FALSE');
  });

  it.each([
    { label: 'a well-formed unknown session id', sessionId: 'ses_1111111111111111111111' },
    { label: 'a UUID', sessionId: '0b6f1c1e-8a53-4c1c-9d2f-3f4b2a1c9e77' },
    { label: 'any string', sessionId: 'not a session' },
  ])('Signals accepts and ignores sessionId: $label', async ({ sessionId }) => {
    expectSignalsAnswered(await signals({ ...EMAIL, sessionId }));
  });

  it("Signals ignores a sessionId of the caller's own session (it does not join it)", async () => {
    const created = await verify(EMAIL);
    expectCreated(created);
    const response = await signals({ ...EMAIL, sessionId: created.body.sessionId });
    expectSignalsAnswered(response);
    if (response.status === 200) expect(response.body.sessionId).toBeUndefined();
  });

  it.each([
    { label: 'an unknown top-level field', extra: { foo: 1 } },
    { label: 'several unknown fields of any type', extra: { foo: 1, bar: { baz: [1, 2] }, qux: null } },
    { label: 'ssn instead of ssns', extra: { ssn: '123-45-6789' } },
    { label: 'an unknown field inside name', extra: { name: { given: 'Jane', nickname: 'JD' } } },
    { label: 'an unknown field inside location', extra: { location: { city: 'Springfield', zip: '1' } } },
    { label: 'an unknown field inside a profile', extra: { profiles: [{ username: 'janedoe', karma: 3 }] } },
  ])('both operations accept and ignore $label', async ({ extra }) => {
    expectCreated(await verify({ ...EMAIL, ...extra }));
    expectSignalsAnswered(await signals({ ...EMAIL, ...extra }));
  });

  it('an unknown field does not count toward the minimum input', async () => {
    expectProblem(await verify({ ssn: '123-45-6789' }), 400, 'NO_MINIMUM_IDENTIFIER');
    expectProblem(await signals({ foo: 'jane.doe@gmail.com' }), 400, 'NO_MINIMUM_IDENTIFIER');
  });

  it('each operation still validates the fields it uses', async () => {
    expectProblem(await signals({ ...EMAIL, patternInterval: 'minute' }), 400, 'INVALID_INPUT');
    expectProblem(await signals({ ...EMAIL, countries: ['ZZ'] }), 400, 'INVALID_INPUT');
    expectProblem(
      await signals({ ...EMAIL, countries: ['US'], excludedCountries: ['FR'] }),
      400,
      'COUNTRY_FILTER_CONFLICT',
    );
    const wrongType = await verify({ ...EMAIL, sessionId: 42 });
    expectProblem(wrongType, 400, 'INVALID_INPUT');
    expect(wrongType.body.errors).toEqual([expect.objectContaining({ path: 'sessionId' })]);
  });

  it('the OpenAPI document says which operation uses and which ignores each operation-specific field', async () => {
    const response = await call('/api/openapi.json', { method: 'GET', key: null });
    expect(response.status).toBe(200);
    const schemas = response.body.components.schemas;
    const description = (schema: string, field: string): string =>
      schemas[schema].properties[field]?.description ?? '';
    for (const field of ['countries', 'excludedCountries', 'patternInterval']) {
      expect(description('VerifyRequest', field), field).toMatch(/Verify ignores it/);
      expect(description('SignalsRequest', field), field).toMatch(/Signals only/);
    }
    expect(description('SignalsRequest', 'sessionId')).toMatch(/Signals ignores it/);
    expect(description('VerifyRequest', 'sessionId')).toMatch(/Verify only/);
    for (const schema of ['VerifyRequest', 'SignalsRequest']) {
      expect(schemas[schema].additionalProperties, schema).not.toBe(false);
      expect(schemas[schema].description, schema).toMatch(/unknown fields are accepted and ignored/i);
    }
  });
});

describe('one SSN value per request', () => {
  it.each([
    { label: 'a full SSN and its own last four', ssns: ['123-45-6789', '6789'] },
    { label: 'a last four and the full SSN it ends', ssns: ['6789', '123456789'] },
    { label: 'a full SSN and another last four', ssns: ['123-45-6789', '4321'] },
  ])('rejects $label with MULTIPLE_SSNS on both operations', async ({ ssns }) => {
    for (const send of [verify, signals]) {
      const response = await send({ ssns });
      expectProblem(response, 400, 'MULTIPLE_SSNS');
      expect(response.body.errors).toEqual([
        expect.objectContaining({ path: 'ssns', code: 'MULTIPLE_SSNS' }),
      ]);
    }
  });

  it.each([
    { label: 'the same full SSN with and without dashes', ssns: ['123-45-6789', '123456789'] },
    { label: 'the same last four twice', ssns: ['6789', ' 6789 '] },
  ])('accepts $label: one value written twice', async ({ ssns }) => {
    expectCreated(await verify({ ssns }));
  });
});

describe('an unknown session is 404 UNKNOWN_SESSION, whatever its form', () => {
  it('answers 404 for ids of any form, with the same problem as for a well-formed unknown id', async () => {
    const created = await verify(EMAIL);
    expectCreated(created);
    const own: string = created.body.sessionId;
    const reference = await verify({ ...EMAIL, sessionId: 'ses_1111111111111111111111' });
    expectProblem(reference, 404, 'UNKNOWN_SESSION');
    for (const sessionId of [
      '0b6f1c1e-8a53-4c1c-9d2f-3f4b2a1c9e77',
      own.slice(0, -3),
      `${own}x`,
      own.toUpperCase() === own ? own.toLowerCase() : own.toUpperCase(),
      'abc',
      'ses_short',
      `ses_${'a'.repeat(41)}`,
      'x'.repeat(5_000),
      '😀 emoji',
    ]) {
      const response = await verify({ ...EMAIL, sessionId });
      expectProblem(response, 404, 'UNKNOWN_SESSION');
      expect(response.body.detail, JSON.stringify(sessionId.slice(0, 20))).toBe(reference.body.detail);
    }
  });

  it('an id holding a NUL character is 400 INVALID_INPUT naming sessionId (issue 11: it cannot be stored)', async () => {
    const response = await verify({ ...EMAIL, sessionId: 'ses_\u0000nul' });
    expectProblem(response, 400, 'INVALID_INPUT');
    expect(response.body.errors.map((e: { path: string }) => e.path)).toEqual(['sessionId']);
  });

  it('still joins a session whose id is sent with surrounding white space', async () => {
    const created = await verify(EMAIL);
    const joined = await verify({ ...EMAIL, sessionId: ` ${created.body.sessionId} ` });
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body.sessionId).toBe(created.body.sessionId);
  });
});

describe('profiles without url, username or userid', () => {
  it('are accepted next to an identifier that meets the minimum', async () => {
    expectCreated(await verify({ ...EMAIL, profile: { service: 'github', followers: 10 } }));
    expectCreated(await verify({ ...EMAIL, profiles: [{ service: 'github' }, { username: 'janedoe' }] }));
    expectSignalsAnswered(await signals({ ...EMAIL, profiles: [{ bio: 'Engineer' }] }));
  });

  it('do not count toward the minimum, and are not themselves an error', async () => {
    for (const send of [verify, signals]) {
      const response = await send({ profiles: [{ service: 'github', followers: 10 }] });
      expectProblem(response, 400, 'NO_MINIMUM_IDENTIFIER');
      expect(response.body.errors.map((e: { path: string }) => e.path)).toEqual(['']);
    }
  });
});

describe('over-long emails and phones are evaluated, not rejected', () => {
  it.each([
    { label: 'a 300-character email', email: `${'a'.repeat(288)}@example.com` },
    { label: 'a 10 kB email', email: `${'a'.repeat(10_000)}@example.com` },
    { label: 'a 10 kB domain', email: `jane@${'b'.repeat(10_000)}.com` },
    { label: 'a 10 kB email of many labels', email: `jane@${'ab.'.repeat(3_400)}com` },
    { label: 'a 200 kB email', email: `${'a'.repeat(100_000)}@${'c'.repeat(100_000)}.com` },
  ])('$label: EMAIL_INVALID TRUE', async ({ email }) => {
    const response = await verify({ emails: [email] });
    expectCreated(response);
    expect(stateOf(response, 'EMAIL_INVALID')).toBe('TRUE');
    expectSignalsAnswered(await signals({ emails: [email] }));
    // A joined session re-evaluates the stored identifiers: the long value survives the round trip.
    const joined = await verify({ sessionId: response.body.sessionId, phones: ['+14155550123'] });
    expect(joined.status, joined.text).toBe(200);
    expect(stateOf(joined, 'EMAIL_INVALID')).toBe('TRUE');
  });

  it.each([
    { label: 'a 100-digit phone', phone: '1'.repeat(100) },
    { label: 'a 100-digit phone with a plus', phone: `+${'4'.repeat(100)}` },
    { label: 'a 10 kB phone string', phone: '5'.repeat(10_000) },
  ])('$label: PHONE_FORMAT_INVALID TRUE', async ({ phone }) => {
    const response = await verify({ phones: [phone] });
    expectCreated(response);
    expect(stateOf(response, 'PHONE_FORMAT_INVALID')).toBe('TRUE');
    expectSignalsAnswered(await signals({ phone }));
  });

  it('long supporting text and profile handles never reach a 500', async () => {
    const response = await verify({
      ...EMAIL,
      name: { given: 'J\u0001ane', family: 'D'.repeat(90) },
      location: { addressLine1: `1 ${'Main '.repeat(39)}`, city: 'Spring\tfield', countryCode: 'US' },
      organization: 'A\u0001cme',
      profiles: [{ service: 'github', username: 'j\u0001doe', url: `https://x.test/${'p'.repeat(2_000)}` }],
    });
    expectCreated(response);
  });

  it('the single-email pattern operations look an over-long email up (never found) and ignore unknown fields', async () => {
    const email = `${'a'.repeat(10_000)}@example.com`;
    const summary = await call('/api/signals/patterns/summary', { body: { email, foo: 1 } });
    expect(summary.status, summary.text).toBe(204);
    const series = await call('/api/signals/patterns/timeseries', {
      body: { email, interval: 'day', patternInterval: 'minute' },
    });
    expect(series.status, series.text).toBe(204);
  });

  it('the body limit is what bounds them: a body over 256 KiB is 413', async () => {
    const response = await verify({ emails: [`${'a'.repeat(270_000)}@example.com`] });
    expectProblem(response, 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('events: id and observedAt forms', () => {
  const at = new Date(Date.now() - 3 * DAY);
  const pad = (n: number) => String(n).padStart(2, '0');
  const dateOnly = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
  const zoneless = `${dateOnly}T${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
  const seconds = Math.floor(at.getTime() / 1000) * 1000;

  it.each([
    { label: 'epoch milliseconds', observedAt: at.getTime(), expected: at.getTime() },
    { label: 'an ISO date-time in UTC', observedAt: at.toISOString(), expected: at.getTime() },
    {
      label: 'an ISO date-time with an offset',
      observedAt: `${zoneless}+02:00`,
      expected: seconds - 2 * 3_600_000,
    },
    { label: 'an ISO date-time without a zone (UTC)', observedAt: zoneless, expected: seconds },
    { label: 'a date (midnight UTC)', observedAt: dateOnly, expected: Date.parse(`${dateOnly}T00:00:00Z`) },
  ])('observedAt as $label', async ({ observedAt, expected }) => {
    const { key } = await newKey('signals,ingest');
    const email = uniqueEmail('observed');
    const response = await call('/api/events', {
      key,
      body: [{ type: 'visitor', observedAt, source: 'web', email }],
    });
    expect(response.status, response.text).toBe(202);
    expect(response.body).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    const found = await signals({ emails: [email] }, { key });
    expect(found.body.emails[0].firstSeenMs).toBe(expected);
  });

  it.each(['order#1@shop/42', 'a b', 'jane.doe@example.com', '注文-１', '"quoted" \\ back', 'x'.repeat(200)])(
    'accepts the id %j and is idempotent on re-send',
    async (id) => {
      const { key } = await newKey('signals,ingest');
      const email = uniqueEmail('ids');
      const event = { id, type: 'signup', observedAt: at.getTime(), source: 'shop', email };
      const first = await call('/api/events', { key, body: [event, event] });
      expect(first.status, first.text).toBe(202);
      expect(first.body).toEqual({ accepted: 1, duplicates: 1, rejected: [] });
      const again = await call('/api/events', {
        key,
        rawBody: `${JSON.stringify(event)}\n`,
        headers: { 'Content-Type': 'application/x-ndjson' },
      });
      expect(again.body).toEqual({ accepted: 0, duplicates: 1, rejected: [] });
      const found = await signals({ emails: [email] }, { key });
      // One stored event (this Signals call's own observation is not in its own answer).
      expect(found.body.emails[0].observations).toBe(1);
    },
  );

  it('tells apart ids that differ only in characters a lossy encoding would merge', async () => {
    const { key } = await newKey('ingest');
    const email = uniqueEmail('distinct');
    const ids = ['a\u0001b', 'a b', 'a\\u0001b', 'a\ufffdb', 'a\ud83d\ude00b', 'a"b', 'a\\"b'];
    const events = ids.map((id) => ({ id, type: 'click', observedAt: at.getTime(), source: 'mail', email }));
    const response = await call('/api/events', { key, body: events });
    expect(response.status, response.text).toBe(202);
    expect(response.body).toEqual({ accepted: ids.length, duplicates: 0, rejected: [] });
    expect((await call('/api/events', { key, body: events })).body).toEqual({
      accepted: 0,
      duplicates: ids.length,
      rejected: [],
    });
  });

  it('a source with another control character is stored with a space for it', async () => {
    const { key } = await newKey('signals,ingest');
    const email = uniqueEmail('nul-source');
    const response = await call('/api/events', {
      key,
      body: [{ type: 'visitor', observedAt: at.getTime(), source: 'we\u0001b', email }],
    });
    expect(response.body).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
  });

  it.each([
    { label: 'an empty id', id: '' },
    { label: 'an id of 201 characters', id: 'x'.repeat(201) },
    { label: 'a numeric id', id: 42 },
  ])('rejects $label with INVALID_EVENT', async ({ id }) => {
    const { key } = await newKey('ingest');
    const response = await call('/api/events', {
      key,
      body: [{ id, type: 'signup', observedAt: at.getTime(), source: 'shop', email: uniqueEmail('bad') }],
    });
    expect(response.status).toBe(202);
    expect(response.body.rejected).toEqual([expect.objectContaining({ index: 0, code: 'INVALID_EVENT' })]);
  });

  it('npm run ingest takes the same ids and timestamp forms, and a re-run finds them all duplicates', async () => {
    const key = await newKey('signals,ingest');
    const dir = await mkdtemp(path.join(tmpdir(), 'verity-ingest-forms-'));
    const file = path.join(dir, 'feed.ndjson');
    const email = uniqueEmail('cli-forms');
    const lines = [
      { id: 'order#1@shop/42', observedAt: at.getTime() },
      { id: 'order#2@shop/42', observedAt: zoneless },
      { id: 'order#3@shop/42', observedAt: dateOnly },
      { id: 'order#4@shop/42', observedAt: `${zoneless}Z` },
    ].map((fields) => JSON.stringify({ ...fields, type: 'signup', source: 'shop', email }));
    writeFileSync(file, `${lines.join('\n')}\n`);
    const first = await cli('scripts/ingest.ts', [file, '--workspace', key.workspace]);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ lines: 4, accepted: 4, duplicates: 0, rejected: 0 });
    const again = await cli('scripts/ingest.ts', [file, '--workspace', key.workspace, '--restart']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ accepted: 0, duplicates: 4, rejected: 0 });
    const found = await signals({ emails: [email] }, { key: key.key });
    expect(found.body.emails[0].firstSeenMs).toBe(Date.parse(`${dateOnly}T00:00:00Z`));
  });
});
