// Issue 11, "Hostile input is a 4xx, never a 5xx", over HTTP: NUL and lone surrogates are a 400
// naming the field (a feed rejects the item alone), identifier arrays are capped before parsing,
// /api/auth/* bodies are bounded, and a property-based suite (fast-check) drives every API route,
// public and console, with random and adversarial bodies: every answer is below 500, and a 4xx is
// problem+json. The seed is fixed (HOSTILE_SEED overrides it) and printed when a property fails.
// Plausible identifiers here are used by no other test, so the graph this suite grows (it shares
// the server) never changes what other tests see.
import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ConsoleClient, newUser, signedIn } from './console-session';
import { type ApiResponse, call, newKey, readResponse } from './support';

const SEED = Number(process.env.HOSTILE_SEED ?? 20261124);
/** Scales every route's run count (HOSTILE_RUNS=5 for a long hunt). */
const SCALE = Number(process.env.HOSTILE_RUNS ?? 1);

const EMAIL = 'hostile.jane@example.com';
const DAY = 86_400_000;

let key: string;
let admin: ConsoleClient;

beforeAll(async () => {
  // A key of its own with a rate far above what the suite sends: the answers must be the
  // routes' own, not 429s.
  key = (await newKey('verify,signals,ingest,lists', ['--rate-limit', '100000/s'])).key;
  admin = await signedIn(await newUser('admin'));
}, 120_000);

/** A chunked POST (no Content-Length) of `chunks` KiB-sized chunks on a connection of its own. */
function chunkedPost(
  pathname: string,
  chunks: number,
  chunkSize: number,
): Promise<{ status: number; contentType: string; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${inject('baseUrl')}${pathname}`, {
      method: 'POST',
      agent: false,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Transfer-Encoding': 'chunked' },
    });
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: response.headers['content-type'] ?? '',
          text,
        }),
      );
    });
    // The server may close the connection while the rest of the body is still being sent.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    for (let i = 0; i < chunks; i++) request.write('p'.repeat(chunkSize));
    request.end();
  });
}

function expectProblem(response: ApiResponse, status: number, code: string): void {
  expect(response.status, response.text).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({ status, code });
}

const paths = (response: ApiResponse): string[] =>
  (response.body.errors ?? []).map((e: { path: string }) => e.path);

/** A body holding `value` at the dot-joined `path` (numeric segments are array indexes). */
function at(path: string, value: unknown): Record<string, unknown> {
  const build = (segments: string[]): unknown => {
    const [head = '', ...rest] = segments;
    const inner = rest.length === 0 ? value : build(rest);
    return /^\d+$/.test(head) ? [inner] : { [head]: inner };
  };
  return build(path.split('.')) as Record<string, unknown>;
}

describe('NUL and lone surrogates are 400 INVALID_INPUT naming the field', () => {
  const FIELDS = [
    'email',
    'emails.0',
    'phone',
    'phones.0',
    'profile.username',
    'profiles.0.bio',
    'profiles.0.service',
    'ssns.0',
    'organization',
    'title',
    'name.given',
    'name.family',
    'location.addressLine1',
    'location.city',
    'location.postalCode',
    'ipAddress',
    'birthday',
    'sessionId',
    'countries.0',
  ];

  it.each(FIELDS)('Verify, Signals and their console twins: %s', async (path) => {
    for (const bad of ['a\u0000b', 'a\ud800b', '\udc00']) {
      const body = { email: EMAIL, ...at(path, bad) };
      for (const route of ['/api/verify', '/api/signals']) {
        const response = await call(route, { key, body });
        expectProblem(response, 400, 'INVALID_INPUT');
        expect(paths(response)).toEqual([path]);
      }
      const console = await readResponse(
        await admin.fetch('/api/console/verify', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      expectProblem(console, 400, 'INVALID_INPUT');
      expect(paths(console)).toEqual([path]);
    }
  });

  it('the pattern operations and the console routes', async () => {
    for (const route of ['/api/signals/patterns/summary', '/api/signals/patterns/timeseries']) {
      const response = await call(route, { key, body: { email: 'jane\u0000@example.com', interval: 'day' } });
      expectProblem(response, 400, 'INVALID_INPUT');
      expect(paths(response)).toEqual(['email']);
    }
    const keyName = await admin.json('/api/console/keys', { name: 'ops\u0000key', scopes: ['verify'] });
    expectProblem(keyName, 400, 'INVALID_INPUT');
    expect(paths(keyName)).toEqual(['name']);
    const deletion = await admin.json('/api/console/deletions', { emails: ['x\ud800@example.com'] });
    expectProblem(deletion, 400, 'INVALID_INPUT');
    expect(paths(deletion)).toEqual(['emails.0']);
  });

  it('a feed rejects that item alone, naming the field, and keeps the valid ones', async () => {
    const observedAt = Date.now() - DAY;
    const good = (n: number) => ({
      type: 'signup',
      observedAt,
      source: 'web',
      email: `hostile.${n}.${Date.now()}@example.com`,
    });
    const events = [
      good(1),
      { ...good(2), source: 'we\u0000b' },
      { ...good(3), id: 'a\ud800b' },
      { ...good(4), profiles: [{ service: 'github', username: 'hostile\u0000jdoe' }] },
      { ...good(5), name: { given: 'J\udc00', family: 'Doe' } },
      good(6),
    ];
    for (const format of ['json', 'ndjson'] as const) {
      const response = await call('/api/events', {
        key,
        ...(format === 'json'
          ? { body: events.map((e, i) => ({ ...e, email: `${i}.${format}.${e.email}` })) }
          : {
              rawBody: events
                .map((e, i) => JSON.stringify({ ...e, email: `${i}.${format}.${e.email}` }))
                .join('\n'),
              headers: { 'Content-Type': 'application/x-ndjson' },
            }),
      });
      expect(response.status, response.text).toBe(202);
      expect(response.body.accepted).toBe(2);
      expect(
        response.body.rejected.map((r: { index: number; code: string; message: string }) => [
          r.index,
          r.code,
          r.message.split(':')[0],
        ]),
      ).toEqual([
        [1, 'INVALID_EVENT', 'source'],
        [2, 'INVALID_EVENT', 'id'],
        [3, 'INVALID_INPUT', 'profiles.0.username'],
        [4, 'INVALID_INPUT', 'name.given'],
      ]);
    }
    const records = await call('/api/records', {
      key,
      body: [
        { kind: 'breach', breach: 'Hostile\u0000Breach', breachedAt: '2020-01-01', email: EMAIL },
        { kind: 'profile', service: 'github', username: 'hostile\ud800', email: EMAIL },
        { kind: 'phone', phone: '+14155557393', lineType: 'MOBILE', carrier: 'Acme\u0000', observedAt },
        { kind: 'breach', breach: `Hostile breach ${Date.now()}`, breachedAt: '2020-01-01', email: EMAIL },
      ],
    });
    expect(records.status, records.text).toBe(202);
    expect(records.body.accepted).toBe(1);
    expect(records.body.rejected.map((r: { index: number; code: string }) => [r.index, r.code])).toEqual([
      [0, 'INVALID_RECORD'],
      [1, 'INVALID_RECORD'],
      [2, 'INVALID_RECORD'],
    ]);
  });
});

describe('identifier arrays are capped by raw length before parsing', () => {
  it.each([
    { field: 'emails', entry: EMAIL },
    { field: 'phones', entry: '+14155557391' },
    { field: 'profiles', entry: { username: 'hostile-jdoe' } },
    { field: 'ssns', entry: '7311' },
  ])(
    '$field: 100 duplicates pass, 101 and 5,000 are one error naming the field',
    async ({ field, entry }) => {
      const ok = await call('/api/signals', { key, body: { email: EMAIL, [field]: Array(100).fill(entry) } });
      expect([200, 204], ok.text).toContain(ok.status);
      for (const count of [101, 5_000]) {
        const response = await call('/api/verify', {
          key,
          body: { email: EMAIL, [field]: Array(count).fill(entry) },
        });
        expectProblem(response, 400, 'INVALID_INPUT');
        expect(response.body.errors).toEqual([
          {
            path: field,
            code: 'INVALID_INPUT',
            message: `${field}: must list at most 100 entries, got ${count}`,
          },
        ]);
      }
    },
  );
});

describe('/api/auth/* bodies are bounded', () => {
  it('a body over 16 KiB is 413 problem+json, declared or streamed', async () => {
    const form = `csrfToken=x&email=a%40b.c&password=${'p'.repeat(20_000)}`;
    const declared = await fetch(`${inject('baseUrl')}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    expectProblem(await readResponse(declared), 413, 'PAYLOAD_TOO_LARGE');
    // Without Content-Length (chunked), the limit applies while reading. A connection of its own:
    // the server stops reading and closes it, which must not reset a pooled one.
    const streamed = await chunkedPost('/api/auth/callback/credentials', 40, 1024);
    expect(streamed.status).toBe(413);
    expect(streamed.contentType).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(streamed.text)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('sign-in still works under the limit', async () => {
    const user = await newUser('analyst');
    expect((await signedIn(user)).has('authjs.session-token')).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// The property-based suite.

/** One code unit Postgres can store: any code point, and characters that matter to parsers. */
const cleanUnit = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('@', '.', '+', '-', '1', ' ', '\t', '\n', '"', '\\', '\u202e', '\ufeff'),
  },
);
/** One code unit of anything, NUL and lone surrogate halves included. */
const hostileUnit = fc.oneof(
  { weight: 4, arbitrary: cleanUnit },
  { weight: 1, arbitrary: fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff') },
);

function nested(depth: number, leaf: unknown, asArray: boolean): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = asArray ? [value] : { a: value };
  return value;
}

// Mostly storable text, so most bodies reach the parsers, the services and Postgres; some carry
// NUL or lone surrogates, which must be refused before.
const hostileString = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: cleanUnit, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: hostileUnit, maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      EMAIL,
      '+14155557391',
      '536-22-7311',
      '7311',
      '198.51.100.77',
      '1980-01-01',
      'US',
      'day',
      '__proto__',
      'constructor',
      'ses_1111111111111111111111',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 300, max: 20_000 }).map((n) => 'a'.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 500 }).map((n) => '\u0000'.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 400 }).map((n) => '9'.repeat(n)) },
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  {
    weight: 1,
    arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null)),
  },
  { weight: 1, arbitrary: fc.constantFrom(1e308, -0, 2 ** 53 + 1, -1) },
  { weight: 2, arbitrary: fc.array(hostileString, { maxLength: 6 }) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.integer({ min: 21, max: 3_000 }), hostileString).map(([n, s]) => Array(n).fill(s)),
  },
  {
    weight: 1,
    arbitrary: fc
      // JSON.stringify (here, not on the server) overflows its stack past a few thousand levels;
      // deeper bodies are written as text (deepBody).
      .tuple(fc.integer({ min: 5, max: 1_500 }), fc.boolean())
      .map(([depth, asArray]) => nested(depth, 'x', asArray)),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 4 }) },
);

const plausibleOr = <T>(plausible: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 1, arbitrary: plausible }, { weight: 2, arbitrary: hostileValue });

const profileShaped = fc.record(
  {
    service: plausibleOr(fc.constantFrom('github', 'linkedin')),
    url: hostileValue,
    username: plausibleOr(fc.constantFrom('hostile-jdoe', '@hostile-jdoe')),
    userid: hostileValue,
    followers: plausibleOr(fc.integer()),
    following: hostileValue,
    score: hostileValue,
    bio: hostileValue,
  },
  { requiredKeys: [] },
);

/** MultiFieldReq-shaped bodies: every field, each plausible or hostile, some left out. */
const multiFieldReq = fc.record(
  {
    email: plausibleOr(fc.constant(EMAIL)),
    emails: plausibleOr(fc.array(fc.constantFrom(EMAIL, 'x@y.z', '0cc175b9c0f1b6a831c399e269772661'))),
    phone: plausibleOr(fc.constant('+14155557391')),
    phones: plausibleOr(fc.array(fc.constantFrom('+14155557391', '4155557392', '+44 20 7946 0371'))),
    profile: plausibleOr(profileShaped),
    profiles: plausibleOr(fc.array(profileShaped, { maxLength: 4 })),
    ssns: plausibleOr(fc.array(fc.constantFrom('536-22-7311', '7311', '536227311'), { maxLength: 3 })),
    organization: hostileValue,
    title: hostileValue,
    name: plausibleOr(
      fc.record({ given: hostileValue, middle: hostileValue, family: hostileValue }, { requiredKeys: [] }),
    ),
    location: plausibleOr(
      fc.record(
        {
          addressLine1: hostileValue,
          addressLine2: hostileValue,
          city: hostileValue,
          region: hostileValue,
          regionCode: plausibleOr(fc.constantFrom('CA', 'NSW')),
          postalCode: plausibleOr(fc.constantFrom('94107', '12345-6789', 'SW1A 1AA')),
          country: hostileValue,
          countryCode: plausibleOr(fc.constantFrom('US', 'GB', 'us')),
        },
        { requiredKeys: [] },
      ),
    ),
    ipAddress: plausibleOr(fc.constantFrom('198.51.100.77', '2001:db8::77')),
    birthday: plausibleOr(fc.constantFrom('1980-01-01', '2999-01-01', '1980-02-30')),
    sessionId: hostileValue,
    countries: plausibleOr(fc.array(fc.constantFrom('US', 'GB', 'ZZ'))),
    excludedCountries: hostileValue,
    patternInterval: plausibleOr(fc.constantFrom('day', 'week', 'minute')),
    interval: plausibleOr(fc.constantFrom('day', 'week', 'month')),
  },
  { requiredKeys: [] },
);

/** A feed item: an event's or a record's own fields over a MultiFieldReq-shaped body. */
const feedItem = fc
  .tuple(
    multiFieldReq,
    fc.record(
      {
        id: hostileValue,
        type: plausibleOr(fc.constantFrom('signup', 'visitor')),
        observedAt: plausibleOr(fc.constantFrom(Date.now() - DAY, '2026-01-01', '1980-01-01T00:00:00Z')),
        source: plausibleOr(fc.constant('web')),
        country: hostileValue,
        kind: plausibleOr(fc.constantFrom('breach', 'phone', 'profile')),
        breach: hostileValue,
        breachedAt: plausibleOr(fc.constant('2020-01-01')),
        lineType: plausibleOr(fc.constantFrom('MOBILE', 'toll-free')),
        carrier: hostileValue,
        dno: hostileValue,
        createdAt: hostileValue,
      },
      { requiredKeys: [] },
    ),
  )
  .map(([identifiers, own]) => ({ ...identifiers, ...own }));

/** Prototype keys, written into the JSON text itself (an object literal would not keep them). */
const prototypeKeys = fc.subarray(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty']);

/** A JSON text for a body value, with prototype keys spliced into it when it is an object. */
const bodyText = (value: fc.Arbitrary<unknown>) =>
  fc.tuple(value, prototypeKeys, hostileValue).map(([body, keys, extra]) => {
    const text = JSON.stringify(body) ?? 'null';
    if (keys.length === 0 || !text.startsWith('{')) return text;
    const spliced = keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(extra) ?? 'null'}`).join(',');
    return text === '{}' ? `{${spliced}}` : `{${spliced},${text.slice(1)}`;
  });

/** A field nested up to 60,000 levels deep, written as JSON text (the server parses any depth). */
const deepBody = fc
  .tuple(
    fc.constantFrom('name', 'location', 'profile', 'profiles', 'emails', 'patternInterval', 'overrides', 'x'),
    fc.integer({ min: 1_000, max: 60_000 }),
    fc.boolean(),
  )
  .map(([field, depth, asArray]) => {
    const [open, close] = asArray ? ['[', ']'] : ['{"a":', '}'];
    return `{"email":${JSON.stringify(EMAIL)},"${field}":${open.repeat(depth)}"x"${close.repeat(depth)}}`;
  });

/** Text fields a valid body may carry anything in: the hostile text then reaches the services and Postgres. */
const FREE_TEXT = [
  'name.given',
  'name.middle',
  'name.family',
  'location.addressLine1',
  'location.addressLine2',
  'location.city',
  'location.region',
  'location.country',
  'organization',
  'title',
  'profile.service',
  'profile.url',
  'profile.username',
  'profile.userid',
  'profile.bio',
  'emails.1',
  'phones.1',
  'sessionId',
];

/** A valid MultiFieldReq with one free-text field set to hostile text. */
const oneHostileField = fc.tuple(fc.constantFrom(...FREE_TEXT), hostileString).map(([path, text]) => {
  const body: Record<string, Record<string, unknown> | unknown[] | string> = {
    emails: [EMAIL],
    phones: ['+14155557391'],
    name: { given: 'Hostile', family: 'Tester' },
    location: { addressLine1: '7 Hostile Way', city: 'Springfield', regionCode: 'IL', countryCode: 'US' },
    profile: { service: 'github', username: 'hostile-jdoe' },
  };
  const [head = '', tail = ''] = path.split('.');
  const target = body[head];
  if (Array.isArray(target)) target[Number(tail)] = text;
  else if (typeof target === 'object' && target !== null) target[tail] = text;
  else body[head] = text;
  return JSON.stringify(body);
});

const anyBody = fc.oneof(
  { weight: 4, arbitrary: oneHostileField },
  { weight: 1, arbitrary: deepBody },
  { weight: 4, arbitrary: bodyText(multiFieldReq) },
  { weight: 1, arbitrary: bodyText(fc.jsonValue()) },
  { weight: 1, arbitrary: bodyText(hostileValue) },
  { weight: 1, arbitrary: fc.string({ unit: hostileUnit, maxLength: 60 }) },
);

/**
 * Deletions erase from the shared graph: their bodies never carry the plausible identifiers other
 * tests use, only random and adversarial text, so no other test's data is erased.
 */
const randomText = fc.oneof(
  fc.string({ unit: hostileUnit, maxLength: 40 }),
  fc.integer({ min: 1, max: 500 }).map((n) => '\u0000'.repeat(n)),
  fc.integer({ min: 300, max: 20_000 }).map((n) => 'a'.repeat(n)),
);
const randomValue = fc.oneof(
  randomText,
  fc.array(randomText, { maxLength: 4 }),
  fc.integer(),
  fc.constant(null),
);
const deletionBody = fc.oneof(
  bodyText(
    fc.record(
      {
        email: randomValue,
        emails: randomValue,
        phone: randomValue,
        phones: randomValue,
        ssns: randomValue,
        ipAddress: randomValue,
        profiles: fc.array(fc.record({ service: randomValue, username: randomValue }, { requiredKeys: [] })),
        name: fc.record({ given: randomValue, family: randomValue }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    ),
  ),
  fc.string({ unit: hostileUnit, maxLength: 60 }),
);

const feedBody = fc.oneof(
  { weight: 4, arbitrary: bodyText(fc.array(feedItem, { maxLength: 6 })) },
  { weight: 1, arbitrary: bodyText(fc.array(hostileValue, { maxLength: 6 })) },
  { weight: 1, arbitrary: anyBody },
);

const ndjsonBody = fc
  .array(fc.oneof(bodyText(feedItem), fc.string({ unit: hostileUnit, maxLength: 30 })), { maxLength: 6 })
  .map((lines) => lines.join('\n'));

type Send = (text: string) => Promise<Response>;

interface Route {
  name: string;
  runs: number;
  body: fc.Arbitrary<string>;
  send: Send;
}

const baseUrl = () => inject('baseUrl');

/** Lone surrogates replaced, so encodeURIComponent can take the text (URLs carry UTF-8). */
const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

const keyed =
  (pathname: string, contentType = 'application/json', method = 'POST'): Send =>
  (text) =>
    fetch(`${baseUrl()}${pathname}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': contentType },
      body: text,
    });

const consoleSend =
  (pathname: string, method = 'POST'): Send =>
  (text) =>
    admin.fetch(pathname, { method, headers: { 'Content-Type': 'application/json' }, body: text });

/** Query strings for the console's GET routes. */
const queryText = fc
  .array(
    fc.tuple(
      fc.constantFrom('band', 'cursor', 'limit', 'q', '__proto__'),
      fc.string({ unit: hostileUnit, maxLength: 20 }),
    ),
    {
      maxLength: 3,
    },
  )
  .map((pairs) => new URLSearchParams(pairs.map(([k, v]) => [k, wellFormed(v)])).toString());

const ROUTES: Route[] = [
  { name: 'POST /api/verify', runs: 400, body: anyBody, send: keyed('/api/verify') },
  { name: 'POST /api/signals', runs: 400, body: anyBody, send: keyed('/api/signals') },
  {
    name: 'POST /api/signals/patterns/summary',
    runs: 150,
    body: anyBody,
    send: keyed('/api/signals/patterns/summary'),
  },
  {
    name: 'POST /api/signals/patterns/timeseries',
    runs: 150,
    body: anyBody,
    send: keyed('/api/signals/patterns/timeseries'),
  },
  { name: 'POST /api/events (JSON)', runs: 250, body: feedBody, send: keyed('/api/events') },
  {
    name: 'POST /api/events (NDJSON)',
    runs: 150,
    body: ndjsonBody,
    send: keyed('/api/events', 'application/x-ndjson'),
  },
  { name: 'POST /api/records', runs: 250, body: feedBody, send: keyed('/api/records') },
  { name: 'POST /api/console/verify', runs: 200, body: anyBody, send: consoleSend('/api/console/verify') },
  { name: 'POST /api/console/signals', runs: 150, body: anyBody, send: consoleSend('/api/console/signals') },
  {
    name: 'POST /api/console/patterns/summary',
    runs: 60,
    body: anyBody,
    send: consoleSend('/api/console/patterns/summary'),
  },
  {
    name: 'POST /api/console/patterns/timeseries',
    runs: 60,
    body: anyBody,
    send: consoleSend('/api/console/patterns/timeseries'),
  },
  { name: 'POST /api/console/keys', runs: 100, body: anyBody, send: consoleSend('/api/console/keys') },
  {
    name: 'POST /api/console/keys/{id}/rotate',
    runs: 60,
    body: anyBody,
    send: consoleSend('/api/console/keys/key_doesnotexist/rotate'),
  },
  {
    name: 'POST /api/console/keys/{id}/revoke',
    runs: 40,
    body: anyBody,
    send: consoleSend('/api/console/keys/key_doesnotexist/revoke'),
  },
  {
    name: 'POST /api/console/deletions',
    runs: 150,
    body: deletionBody,
    send: consoleSend('/api/console/deletions'),
  },
  {
    name: 'PUT /api/console/risk-policy',
    runs: 150,
    body: anyBody,
    send: consoleSend('/api/console/risk-policy', 'PUT'),
  },
  {
    name: 'POST /api/console/risk-policy/backtest',
    runs: 100,
    body: anyBody,
    send: consoleSend('/api/console/risk-policy/backtest'),
  },
  {
    name: 'PUT /api/console/rules',
    runs: 150,
    body: anyBody,
    send: consoleSend('/api/console/rules', 'PUT'),
  },
  {
    name: 'POST /api/console/rules/backtest',
    runs: 100,
    body: anyBody,
    send: consoleSend('/api/console/rules/backtest'),
  },
  {
    name: 'POST /api/console/webhooks',
    runs: 150,
    body: anyBody,
    send: consoleSend('/api/console/webhooks'),
  },
  {
    name: 'PATCH /api/console/webhooks/[id]',
    runs: 100,
    body: anyBody,
    send: consoleSend('/api/console/webhooks/whe_1111111111111111111111', 'PATCH'),
  },
  {
    name: 'POST /api/console/webhooks/[id]/replay',
    runs: 100,
    body: anyBody,
    send: consoleSend('/api/console/webhooks/whe_1111111111111111111111/replay'),
  },
  {
    name: 'PUT /api/console/rate-limit',
    runs: 100,
    body: anyBody,
    send: consoleSend('/api/console/rate-limit', 'PUT'),
  },
  {
    name: 'PUT /api/console/graph-sharing',
    runs: 100,
    body: anyBody,
    send: consoleSend('/api/console/graph-sharing', 'PUT'),
  },
  {
    name: 'POST /api/console/lists/entries',
    runs: 100,
    body: anyBody,
    send: consoleSend('/api/console/lists/entries'),
  },
  {
    name: 'PATCH /api/console/lists/entries/{id}',
    runs: 100,
    body: anyBody,
    send: consoleSend('/api/console/lists/entries/wle_1111111111111111111111', 'PATCH'),
  },
  {
    name: 'PUT /api/console/second-factor-policy',
    // One strict boolean: half the runs of the larger bodies cover it.
    runs: 50,
    body: anyBody,
    send: consoleSend('/api/console/second-factor-policy', 'PUT'),
  },
  {
    name: 'PUT /api/console/monitoring',
    // One strict whole number: half the runs of the larger bodies cover it.
    runs: 50,
    body: anyBody,
    send: consoleSend('/api/console/monitoring', 'PUT'),
  },
  {
    name: 'GET /api/console/sessions?…',
    runs: 100,
    body: queryText,
    send: (query) => admin.fetch(`/api/console/sessions?${query}`),
  },
  {
    name: 'GET /api/console/sessions/{id}',
    runs: 60,
    body: fc.string({ unit: hostileUnit, minLength: 1, maxLength: 60 }),
    send: (id) => admin.fetch(`/api/console/sessions/${encodeURIComponent(wellFormed(id))}`),
  },
  {
    name: 'POST /api/console/sessions/{id}/decisions',
    runs: 100,
    body: anyBody,
    send: consoleSend('/api/console/sessions/ses_1111111111111111111111/decisions'),
  },
  {
    name: 'POST /api/console/sessions/{id}/list-entries',
    runs: 100,
    body: anyBody,
    send: consoleSend('/api/console/sessions/ses_1111111111111111111111/list-entries'),
  },
  {
    name: 'POST /api/console/decision-reasons',
    runs: 100,
    body: anyBody,
    send: consoleSend('/api/console/decision-reasons'),
  },
  {
    name: 'POST /api/console/members',
    runs: 100,
    body: anyBody,
    send: consoleSend('/api/console/members'),
  },
  {
    name: 'PATCH /api/console/members/{userId}',
    runs: 60,
    body: anyBody,
    send: consoleSend('/api/console/members/usr_1111111111111111111111', 'PATCH'),
  },
  {
    name: 'POST /api/console/members/{userId}/password-reset',
    runs: 30,
    body: anyBody,
    send: consoleSend('/api/console/members/usr_1111111111111111111111/password-reset'),
  },
  {
    name: 'PUT /api/console/trial-quota',
    runs: 100,
    body: anyBody,
    send: consoleSend('/api/console/trial-quota', 'PUT'),
  },
  {
    name: 'PUT /api/console/request-log/settings',
    runs: 60,
    body: anyBody,
    send: consoleSend('/api/console/request-log/settings', 'PUT'),
  },
  {
    name: 'PATCH /api/console/keys/{id}',
    runs: 100,
    body: anyBody,
    send: consoleSend('/api/console/keys/key_1111111111111111111111', 'PATCH'),
  },
  { name: 'POST /api/lists/entries', runs: 100, body: anyBody, send: keyed('/api/lists/entries') },
  {
    name: 'PATCH /api/lists/entries/{id}',
    runs: 100,
    body: anyBody,
    send: keyed('/api/lists/entries/wle_1111111111111111111111', 'application/json', 'PATCH'),
  },
  {
    name: 'POST /api/lists/entries/import (JSON)',
    runs: 100,
    body: fc.oneof(
      { weight: 2, arbitrary: bodyText(fc.record({ entries: fc.array(hostileValue, { maxLength: 6 }) })) },
      { weight: 1, arbitrary: anyBody },
    ),
    send: keyed('/api/lists/entries/import'),
  },
  {
    name: 'POST /api/lists/entries/import (CSV)',
    runs: 100,
    body: fc
      .array(fc.array(fc.string({ unit: hostileUnit, maxLength: 20 }), { maxLength: 6 }), { maxLength: 6 })
      .chain((rows) =>
        fc.constantFrom(
          ['list,kind,value,reason,expires_at', ...rows.map((cells) => cells.join(','))].join('\n'),
          rows.map((cells) => cells.join(',')).join('\r\n'),
        ),
      ),
    send: keyed('/api/lists/entries/import', 'text/csv'),
  },
  {
    name: 'GET /api/lists/entries with random query strings',
    runs: 100,
    body: fc
      .array(
        fc.tuple(
          fc.constantFrom('list', 'kind', 'q', 'cursor', 'limit', '__proto__'),
          fc.oneof(
            fc.constantFrom('block', 'allow', 'email', 'cidr', 'ssn', '1', '0', '201'),
            fc.string({ unit: hostileUnit, maxLength: 20 }),
          ),
        ),
        { maxLength: 4 },
      )
      .map((pairs) => new URLSearchParams(pairs.map(([k, v]) => [k, wellFormed(v)])).toString()),
    send: (search) =>
      fetch(`${baseUrl()}/api/lists/entries?${search}`, { headers: { Authorization: `Bearer ${key}` } }),
  },
  {
    name: 'DELETE /api/lists/entries/{id}',
    runs: 60,
    body: fc.string({ unit: hostileUnit, minLength: 1, maxLength: 60 }),
    send: (id) =>
      fetch(`${baseUrl()}/api/lists/entries/${encodeURIComponent(wellFormed(id))}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${key}` },
      }),
  },
  {
    name: 'GET /api/sessions/{sessionId}',
    runs: 60,
    body: fc.string({ unit: hostileUnit, minLength: 1, maxLength: 60 }),
    send: (id) =>
      fetch(`${baseUrl()}/api/sessions/${encodeURIComponent(wellFormed(id))}`, {
        headers: { Authorization: `Bearer ${key}` },
      }),
  },
  {
    name: 'POST /api/auth/callback/credentials',
    runs: 100,
    body: fc.oneof(
      fc
        .array(fc.tuple(fc.constantFrom('csrfToken', 'email', 'password', 'callbackUrl'), hostileString), {
          maxLength: 4,
        })
        .map((pairs) => pairs.map(([k, v]) => `${k}=${encodeURIComponent(wellFormed(v))}`).join('&')),
      anyBody,
    ),
    send: (text) =>
      fetch(`${baseUrl()}/api/auth/callback/credentials`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: text,
        redirect: 'manual',
      }),
  },
];

/** The console's and the API's GET routes, and unknown paths, with random query strings. */
const GET_PATHS = [
  '/api/health',
  '/api/openapi.json',
  '/api/metrics',
  '/api/console/me',
  '/api/console/lists',
  '/api/console/lists/entries',
  '/api/console/lists/entries/export',
  '/api/console/keys',
  '/api/console/risk-policy',
  '/api/console/risk-policy/suggestion',
  '/api/console/rules',
  '/api/console/webhooks',
  '/api/console/webhooks/whe_1111111111111111111111/deliveries',
  '/api/console/rate-limit',
  '/api/console/graph-sharing',
  '/api/console/second-factor-policy',
  '/api/console/monitoring',
  '/api/console/sessions',
  '/api/console/review-queue',
  '/api/console/graph',
  '/api/console/decision-reasons',
  '/api/console/audit',
  '/api/console/audit/facets',
  '/api/console/audit/export',
  '/api/console/members',
  '/api/console/trial-quota',
  '/api/console/request-log',
  '/api/console/request-log/settings',
  '/api/console/usage',
  '/api/nowhere',
];

ROUTES.push(
  {
    name: 'GET routes with random query strings',
    runs: 150,
    body: fc.tuple(fc.constantFrom(...GET_PATHS), queryText).map(([path, query]) => `${path}?${query}`),
    send: (target) => admin.fetch(target),
  },
  {
    name: 'POST to unknown API paths',
    runs: 60,
    body: fc
      .tuple(fc.string({ unit: hostileUnit, minLength: 1, maxLength: 20 }), anyBody)
      .map(([path, text]) => JSON.stringify([encodeURIComponent(wellFormed(path)), text])),
    send: (pair) => {
      const [path, text] = JSON.parse(pair) as [string, string];
      return fetch(`${baseUrl()}/api/nowhere/${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: text,
      });
    },
  },
);

/** Answers per route and status, printed after the suite: what the bodies reached. */
const tally = new Map<string, Map<number, number>>();

afterAll(() => {
  const lines = [...tally].map(
    ([route, statuses]) =>
      `${route}: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(' ')}`,
  );
  if (lines.length > 0) console.log(`hostile-input answers (seed ${SEED}):\n${lines.join('\n')}`);
});

/** The answer's contract: never a 5xx; a 4xx is problem+json (Auth.js's own redirects aside). */
async function checkAnswer(route: Route, text: string): Promise<void> {
  const response = await readResponse(await route.send(text));
  const statuses = tally.get(route.name) ?? new Map<number, number>();
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  tally.set(route.name, statuses);
  const context = `${route.name} answered ${response.status} to ${JSON.stringify(text.slice(0, 300))}: ${response.text.slice(0, 300)}`;
  if (response.status >= 500) throw new Error(context);
  if (response.status >= 400) {
    if (!/^application\/problem\+json/.test(response.headers.get('content-type') ?? ''))
      throw new Error(context);
    if (response.body?.status !== response.status) throw new Error(context);
  }
}

describe('property: every route answers random and adversarial bodies below 500', () => {
  it.each(ROUTES)(
    '$name',
    async (route) => {
      const numRuns = Math.max(1, Math.round(route.runs * SCALE));
      try {
        await fc.assert(
          fc.asyncProperty(route.body, (text) => checkAnswer(route, text)),
          { numRuns, seed: SEED, endOnFailure: true },
        );
      } catch (error) {
        throw new Error(
          `seed ${SEED} (HOSTILE_SEED=${SEED}): ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
    300_000,
  );
});
