// Issue 11, "Hostile input is a 4xx, never a 5xx": strings Postgres cannot store (NUL, a lone
// UTF-16 surrogate) are refused naming the field, and identifier arrays are capped by their raw
// length before any entry is parsed (docs/api/errors.md, docs/api/limits.md).
import { describe, expect, it } from 'vitest';
import { isStorableText, unstorableStrings } from '@/lib/contract/fields/storable';
import { parseEvent } from '@/lib/engine/ingest/parse-event';
import { parseRecord } from '@/lib/engine/ingest/parse-record';
import type { ItemResult } from '@/lib/engine/ingest/types';
import { parsePatternSummaryRequest } from '@/lib/engine/pattern-request';
import { parseSignalsRequest, parseVerifyRequest } from '@/lib/engine/request';
import { ProblemError } from '@/lib/http/problem';
import { readJsonBody } from '@/lib/http/read-json';

const NOW = new Date('2026-11-01T12:00:00Z');
const EMAIL = 'jane.doe@example.com';

// Postgres text refuses NUL; jsonb refuses NUL and lone surrogates; text turns a lone surrogate
// into U+FFFD (two values merge).
const UNSTORABLE = ['a\u0000b', '\u0000', 'a\ud800b', 'x\ud800', '\udc00x', 'a\udfffb\ud800'];
const STORABLE = ['plain', 'tab\there', 'line\nbreak', '\u0001ctl', '😀 pair', '\ud83d\ude00', '注文'];

/** A body holding `value` at the dot-joined `path` (numeric segments are array indexes). */
function at(path: string, value: unknown): unknown {
  const [head = '', ...rest] = path.split('.');
  const inner = rest.length === 0 ? value : at(rest.join('.'), value);
  return /^\d+$/.test(head) ? [inner] : { [head]: inner };
}

/** Every string field of MultiFieldReq, Verify's and Signals' views together, nested ones included. */
const REQUEST_STRING_FIELDS = [
  'email',
  'emails.0',
  'phone',
  'phones.0',
  'profile.service',
  'profile.url',
  'profile.username',
  'profile.userid',
  'profile.bio',
  'profiles.0.service',
  'profiles.0.url',
  'profiles.0.username',
  'profiles.0.userid',
  'profiles.0.bio',
  'ssns.0',
  'organization',
  'title',
  'name.given',
  'name.middle',
  'name.family',
  'location.addressLine1',
  'location.addressLine2',
  'location.city',
  'location.region',
  'location.regionCode',
  'location.postalCode',
  'location.country',
  'location.countryCode',
  'ipAddress',
  'birthday',
  'sessionId',
  'countries.0',
  'excludedCountries.0',
  'patternInterval',
  // Unknown fields are ignored, but a body is refused whole before any parser reads it.
  'somethingElse',
];

function jsonRequest(body: unknown): Request {
  return new Request('http://localhost/api/verify', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function refusal(body: unknown): Promise<ProblemError> {
  try {
    await readJsonBody(jsonRequest(body));
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error('expected the body to be refused');
}

describe('isStorableText', () => {
  it('refuses NUL and lone surrogates, and nothing else', () => {
    for (const text of UNSTORABLE) expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    for (const text of STORABLE) expect(isStorableText(text), JSON.stringify(text)).toBe(true);
  });
});

describe('a JSON body with a string Postgres cannot store is 400 INVALID_INPUT naming the field', () => {
  it.each(REQUEST_STRING_FIELDS)('%s', async (path) => {
    for (const bad of UNSTORABLE) {
      const error = await refusal({ email: EMAIL, ...(at(path, bad) as object) });
      expect(error.status).toBe(400);
      expect(error.code).toBe('INVALID_INPUT');
      expect(error.errors?.map((e) => e.path)).toEqual([path]);
      expect(error.detail).toContain(path);
      // The value is never echoed (it may be personal data).
      expect(JSON.stringify(error.errors)).not.toContain('a\\u0000b');
    }
  });

  it('names every offending field, and a field name that holds one', async () => {
    const error = await refusal({ name: { given: 'J\u0000', family: 'D\ud800' }, 'e\u0000': 1 });
    expect(error.errors?.map((e) => [e.path, e.code])).toEqual([
      ['name.given', 'INVALID_INPUT'],
      ['name.family', 'INVALID_INPUT'],
      ['', 'INVALID_INPUT'],
    ]);
    expect(error.errors?.[2]?.message).toMatch(/^body: a field name/);
  });

  it('accepts tabs, new lines, other control characters and surrogate pairs', async () => {
    for (const text of STORABLE) {
      const body = { email: EMAIL, name: { given: text }, profiles: [{ bio: text }] };
      expect(await readJsonBody(jsonRequest(body))).toEqual(body);
    }
  });

  it('walks a body nested far deeper than any stack', async () => {
    let deep: unknown = 'bottom\u0000';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    const found = unstorableStrings(deep);
    expect(found).toHaveLength(1);
    // The echoed path is cut to a sane length.
    expect(found[0]?.path.length).toBeLessThan(300);
    const error = await refusal({ email: EMAIL, extra: { deep: [[[['\ud800']]]] } });
    expect(error.errors?.map((e) => e.path)).toEqual(['extra.deep.0.0.0.0']);
  });
});

const EVENT = { type: 'signup', observedAt: '2026-11-01T11:00:00Z', source: 'web', email: EMAIL };
const BREACH = { kind: 'breach', breach: 'Example breach', breachedAt: '2020-01-01', email: EMAIL };
const PROFILE = { kind: 'profile', service: 'github', username: 'jdoe', email: EMAIL };
const PHONE = { kind: 'phone', phone: '+14155550123', lineType: 'MOBILE', observedAt: '2026-01-01' };

function failed<T>(result: ItemResult<T>): { code: string; message: string } {
  if (result.ok) throw new Error('expected the item to be rejected');
  return result;
}

describe('a feed item with a string Postgres cannot store is rejected alone, naming the field', () => {
  it.each([
    { path: 'id', code: 'INVALID_EVENT' },
    { path: 'type', code: 'INVALID_EVENT' },
    { path: 'source', code: 'INVALID_EVENT' },
    { path: 'country', code: 'INVALID_EVENT' },
    { path: 'email', code: 'INVALID_INPUT' },
    { path: 'phones.0', code: 'INVALID_INPUT' },
    { path: 'profiles.0.username', code: 'INVALID_INPUT' },
    { path: 'name.given', code: 'INVALID_INPUT' },
    { path: 'location.city', code: 'INVALID_INPUT' },
    { path: 'ssns.0', code: 'INVALID_INPUT' },
  ])('an event with one in $path: $code', ({ path, code }) => {
    for (const bad of UNSTORABLE) {
      const rejection = failed(parseEvent({ ...EVENT, ...(at(path, bad) as object) }, NOW));
      expect(rejection.code).toBe(code);
      expect(rejection.message).toMatch(new RegExp(`^${path.replaceAll('.', '\\.')}: must not contain`));
    }
  });

  it.each([
    { record: BREACH, path: 'breach', code: 'INVALID_RECORD' },
    { record: BREACH, path: 'breachedAt', code: 'INVALID_RECORD' },
    { record: BREACH, path: 'name.family', code: 'INVALID_INPUT' },
    { record: PROFILE, path: 'service', code: 'INVALID_RECORD' },
    { record: PROFILE, path: 'username', code: 'INVALID_RECORD' },
    { record: PROFILE, path: 'url', code: 'INVALID_RECORD' },
    { record: PROFILE, path: 'emails.0', code: 'INVALID_INPUT' },
    { record: PHONE, path: 'carrier', code: 'INVALID_RECORD' },
    { record: PHONE, path: 'phone', code: 'INVALID_RECORD' },
  ])('a $record.kind record with one in $path: $code', ({ record, path, code }) => {
    for (const bad of UNSTORABLE) {
      const rejection = failed(parseRecord({ ...record, ...(at(path, bad) as object) }, NOW));
      expect(rejection.code).toBe(code);
      expect(rejection.message).toMatch(new RegExp(`^${path.replaceAll('.', '\\.')}: must not contain`));
    }
  });

  it('the same items without it are accepted', () => {
    expect(parseEvent({ ...EVENT, id: 'a\tb', name: { given: 'J\u0001' } }, NOW).ok).toBe(true);
    for (const record of [BREACH, PROFILE, PHONE]) expect(parseRecord(record, NOW).ok).toBe(true);
  });
});

describe('identifier arrays are capped by raw length before any entry is parsed', () => {
  const FIELDS = [
    { field: 'emails', entry: EMAIL, max: 100 },
    { field: 'phones', entry: '+14155550123', max: 100 },
    { field: 'profiles', entry: { username: 'jdoe' }, max: 100 },
    { field: 'ssns', entry: '6789', max: 100 },
    { field: 'countries', entry: 'US', max: 250 },
    { field: 'excludedCountries', entry: 'US', max: 250 },
  ];

  it.each(FIELDS)('$field: $max raw entries of one value are one value', ({ field, entry, max }) => {
    const result = parseSignalsRequest({ email: EMAIL, [field]: Array(max).fill(entry) });
    expect(result.ok, JSON.stringify(result)).toBe(true);
  });

  it.each(FIELDS)('$field: one more is one error naming the field', ({ field, entry, max }) => {
    for (const entries of [Array(max + 1).fill(entry), Array(100_000).fill(entry), Array(max + 1).fill(42)]) {
      const result = parseSignalsRequest({ email: EMAIL, [field]: entries });
      if (result.ok) throw new Error('expected a failure');
      expect(result.code).toBe('INVALID_INPUT');
      // One error for the field, none per entry: the entries (wrongly typed in the last body) are
      // never read.
      expect(result.errors).toEqual([
        {
          path: field,
          code: 'INVALID_INPUT',
          message: `${field}: must list at most ${max} entries, got ${entries.length}`,
        },
      ]);
    }
  });

  it('Verify caps the same arrays, and a feed item too', () => {
    const verify = parseVerifyRequest({ phones: Array(100_000).fill('+14155550123') });
    expect(verify.ok ? [] : verify.errors.map((e) => e.path)).toEqual(['phones']);
    const item = failed(parseEvent({ ...EVENT, emails: Array(101).fill(EMAIL) }, NOW));
    expect(item).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'emails: must list at most 100 entries, got 101',
    });
  });

  it('a field nested far deeper than any stack is parsed, not a stack overflow', () => {
    let deep: unknown = 'x';
    for (let level = 0; level < 100_000; level++) deep = { a: deep };
    // Unknown keys are ignored, so these are an email with an empty profile, and a name alone.
    expect(parseVerifyRequest({ email: EMAIL, profile: deep }).ok).toBe(true);
    expect(parseVerifyRequest({ name: deep })).toMatchObject({ ok: false, code: 'NO_MINIMUM_IDENTIFIER' });
    expect(parseSignalsRequest({ email: deep, phones: [deep] })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
    });
    expect(parsePatternSummaryRequest({ email: deep }).ok).toBe(false);
  });

  // Found by the property suite: the enum's message serialised its input (a RangeError, a 500).
  it('a deeply nested enum value is named in its error, not serialised', () => {
    let deep: unknown = 'x';
    for (let level = 0; level < 20_000; level++) deep = [deep];
    const result = parseSignalsRequest({ email: EMAIL, patternInterval: deep });
    expect(result.ok ? [] : result.errors.map((e) => e.message)).toEqual([
      'patternInterval: must be one of hour, day, week, month, 6month, year, got an array',
    ]);
  });
});
