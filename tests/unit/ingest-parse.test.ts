import { describe, expect, it } from 'vitest';
import { eventIdKey } from '@/lib/engine/ingest/event-id';
import { parseEvent } from '@/lib/engine/ingest/parse-event';
import { parseRecord } from '@/lib/engine/ingest/parse-record';
import { splitBatch } from '@/lib/engine/ingest/split-body';
import { type IngestRecord, type ItemResult, MAX_ITEMS_PER_REQUEST } from '@/lib/engine/ingest/types';

const NOW = new Date('2026-11-01T12:00:00Z');
const EMAIL = 'jane.doe@example.com';

function accepted<T>(result: ItemResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.code}: ${result.message}`);
  return result.value;
}

function rejected<T>(result: ItemResult<T>): { code: string; message: string } {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
  return { code: result.code, message: result.message };
}

const event = (fields: Record<string, unknown> = {}) =>
  parseEvent(
    { type: 'signup', observedAt: '2026-11-01T11:00:00Z', source: 'web', email: EMAIL, ...fields },
    NOW,
  );

const observedAt = (value: unknown) => event({ observedAt: value });

type RecordOf<K extends IngestRecord['kind']> = Extract<IngestRecord, { kind: K }>;

const isKind = <K extends IngestRecord['kind']>(record: IngestRecord, kind: K): record is RecordOf<K> =>
  record.kind === kind;

function recordOf<K extends IngestRecord['kind']>(result: ItemResult<IngestRecord>, kind: K): RecordOf<K> {
  const value = accepted(result);
  if (!isKind(value, kind)) throw new Error(`expected a ${kind} record, got ${value.kind}`);
  return value;
}

describe('parseEvent: shape and own fields', () => {
  it('accepts a complete event and normalises its identifiers', () => {
    const value = accepted(event({ id: 'evt_01:a-b.c', country: 'gb', source: '  checkout  ' }));
    expect(value).toMatchObject({ id: 'evt_01:a-b.c', type: 'signup', source: 'checkout', country: 'GB' });
    expect(value.observedAt.toISOString()).toBe('2026-11-01T11:00:00.000Z');
    expect(value.identifiers.emails.map((email) => email.address)).toEqual([EMAIL]);
    expect(value.identifiers.sessionId).toBeNull();
  });

  it('accepts every event type', () => {
    for (const type of ['visitor', 'signup', 'click', 'verification', 'signals', 'id_resolution']) {
      expect(accepted(event({ type })).type).toBe(type);
    }
  });

  it('rejects what is not an object', () => {
    for (const raw of [null, [], 'signup', 42]) {
      expect(rejected(parseEvent(raw, NOW))).toEqual({
        code: 'INVALID_EVENT',
        message: 'the event must be a JSON object',
      });
    }
  });

  it('treats a missing or null id as no id', () => {
    expect(accepted(event()).id).toBeNull();
    expect(accepted(event({ id: null })).id).toBeNull();
  });

  // docs/api/request-fields.md: "id"?: string (any, 1 to 200 characters).
  it('accepts any id of 1 to 200 characters, as sent', () => {
    for (const id of [
      'order#1@shop/42',
      'a b',
      ' padded ',
      'jane.doe@example.com',
      '注文-１',
      '"quoted" \\ back',
      'tab\tinside',
      '😀'.repeat(200),
      'x'.repeat(200),
      'x',
    ]) {
      expect(accepted(event({ id })).id).toBe(id);
    }
  });

  it('rejects an empty, over-long or non-string id without echoing it', () => {
    for (const id of ['', 'jane'.repeat(51), '😀'.repeat(201), 42]) {
      const { code, message } = rejected(event({ id }));
      expect(code).toBe('INVALID_EVENT');
      expect(message).toMatch(/^id: /);
      expect(message).not.toContain('jane');
    }
  });

  it('requires a known type', () => {
    expect(rejected(event({ type: undefined }))).toMatchObject({
      code: 'INVALID_EVENT',
      message: /^type: required/,
    });
    expect(rejected(event({ type: 'purchase' }))).toMatchObject({
      code: 'INVALID_EVENT',
      message: /id_resolution/,
    });
    expect(rejected(event({ type: 'SIGNUP' })).code).toBe('INVALID_EVENT');
  });

  it('requires a non-empty source of at most 200 characters', () => {
    expect(rejected(event({ source: undefined })).message).toMatch(/^source: required/);
    expect(rejected(event({ source: '   ' })).message).toMatch(/^source: required/);
    expect(rejected(event({ source: 7 })).message).toBe('source: must be a string');
    expect(rejected(event({ source: 's'.repeat(201) })).message).toBe(
      'source: must be at most 200 characters, got 201',
    );
    expect(accepted(event({ source: 's'.repeat(200) })).source).toHaveLength(200);
  });

  // A source is a system's name, where control characters mean nothing; Postgres refuses NUL,
  // so a NUL or a lone surrogate rejects the event, naming the field (issue 11).
  it('turns control characters other than NUL in a source into spaces', () => {
    expect(accepted(event({ source: 'check\u0001out\tweb' })).source).toBe('check out web');
    expect(rejected(event({ source: '\u0001\u0002' })).message).toMatch(/^source: required/);
  });

  it('validates country like location.countryCode, in any case', () => {
    expect(accepted(event({ country: 'us' })).country).toBe('US');
    expect(accepted(event({ country: ' De ' })).country).toBe('DE');
    expect(accepted(event({ country: '' })).country).toBeNull();
    expect(accepted(event({ country: null })).country).toBeNull();
    for (const country of ['XX', 'USA', 'EU', 1]) {
      expect(rejected(event({ country }))).toEqual({
        code: 'INVALID_EVENT',
        message: 'country: must be an ISO 3166-1 alpha-2 country code such as US or GB',
      });
    }
  });

  it('reports every bad own field at once', () => {
    const { code, message } = rejected(parseEvent({ email: EMAIL }, NOW));
    expect(code).toBe('INVALID_EVENT');
    expect(message.split('; ').map((part) => part.split(':')[0])).toEqual(['type', 'observedAt', 'source']);
  });

  it('hints at misspelt own fields instead of passing them to the identifier parser', () => {
    const fields = { type: 'click', source: 'mail', email: EMAIL };
    expect(rejected(parseEvent({ ...fields, observed_at: '2026-11-01T11:00:00Z' }, NOW)).message).toBe(
      'observed_at: unknown field; did you mean observedAt?; observedAt: required, when it happened (ISO 8601 or epoch milliseconds)',
    );
    expect(rejected(parseEvent({ ...fields, observedAt: 1, timestamp: 2 }, NOW)).message).toContain(
      'timestamp: unknown field; did you mean observedAt?',
    );
  });
});

describe('parseEvent: observedAt', () => {
  const at = (value: unknown) => accepted(observedAt(value)).observedAt.toISOString();

  it('accepts ISO 8601 date-times in UTC and with offsets', () => {
    expect(at('2026-11-01T11:00:00Z')).toBe('2026-11-01T11:00:00.000Z');
    expect(at('2026-11-01t11:00:00z')).toBe('2026-11-01T11:00:00.000Z');
    expect(at('2026-11-01 11:00Z')).toBe('2026-11-01T11:00:00.000Z');
    expect(at('2026-11-01T13:00:00+02:00')).toBe('2026-11-01T11:00:00.000Z');
    expect(at('2026-11-01T05:30:00-0530')).toBe('2026-11-01T11:00:00.000Z');
    expect(at('2026-11-01T16:00:00+05')).toBe('2026-11-01T11:00:00.000Z');
    expect(at('2026-10-31T23:00:00-12:00')).toBe('2026-11-01T11:00:00.000Z');
    expect(at('2026-11-01T11:00:00.123456Z')).toBe('2026-11-01T11:00:00.123Z');
    expect(at('2026-11-01T11:00:00,5Z')).toBe('2026-11-01T11:00:00.500Z');
  });

  it('accepts integer epoch milliseconds and Date objects', () => {
    expect(at(Date.UTC(2026, 10, 1, 11))).toBe('2026-11-01T11:00:00.000Z');
    expect(at(new Date('2026-11-01T11:00:00Z'))).toBe('2026-11-01T11:00:00.000Z');
  });

  // docs/api/request-fields.md: ISO-8601 date or date-time (UTC when no zone) | epoch ms.
  it('reads date-times without a time zone as UTC, and a date as midnight UTC', () => {
    expect(at('2026-11-01T11:00:00')).toBe('2026-11-01T11:00:00.000Z');
    expect(at('2026-11-01T11:00')).toBe('2026-11-01T11:00:00.000Z');
    expect(at('2026-11-01 11:00:00.250')).toBe('2026-11-01T11:00:00.250Z');
    expect(at('2026-11-01')).toBe('2026-11-01T00:00:00.000Z');
    expect(at('2026-10-15')).toBe('2026-10-15T00:00:00.000Z');
  });

  it('rejects malformed or impossible values', () => {
    for (const value of [
      'yesterday',
      'Sun, 01 Nov 2026 11:00:00 GMT',
      '2026-02-30T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-11-01T24:00:00Z',
      '2026-11-01T11:60:00Z',
      '2026-11-01T11:00:00+25:00',
      '+002026-11-01T11:00:00Z',
      1.5,
      true,
      {},
    ]) {
      expect(rejected(observedAt(value))).toMatchObject({ code: 'INVALID_EVENT', message: /^observedAt: / });
    }
    expect(rejected(observedAt(String(Date.UTC(2026, 10, 1)))).message).toBe(
      'observedAt: epoch milliseconds must be a JSON number, not a string',
    );
  });

  it('allows 5 minutes of clock skew, no more', () => {
    const skew = NOW.getTime() + 5 * 60_000;
    expect(at(skew)).toBe('2026-11-01T12:05:00.000Z');
    expect(at('2026-11-01T14:05:00+02:00')).toBe('2026-11-01T12:05:00.000Z');
    expect(rejected(observedAt(skew + 1))).toEqual({
      code: 'FUTURE_TIMESTAMP',
      message: 'observedAt: is more than 5 minutes in the future (server time 2026-11-01T12:00:00.000Z)',
    });
    expect(rejected(observedAt('2026-11-01T14:05:01+02:00')).code).toBe('FUTURE_TIMESTAMP');
  });

  it('rejects instants more than 10 years before the server time, with a hint for epoch seconds', () => {
    // NOW is 2026-11-01T12:00:00Z: the bound moves with the clock, it is no fixed date.
    expect(at('2016-11-01T12:00:00Z')).toBe('2016-11-01T12:00:00.000Z');
    expect(rejected(observedAt('2016-11-01T11:59:59Z'))).toEqual({
      code: 'TIMESTAMP_OUT_OF_RANGE',
      message: 'observedAt: must not be more than 10 years before the server time (2026-11-01T12:00:00.000Z)',
    });
    expect(rejected(observedAt('2016-11-01T12:30:00+01:00')).code).toBe('TIMESTAMP_OUT_OF_RANGE');
    expect(rejected(observedAt('2015-06-01T10:00:00Z')).code).toBe('TIMESTAMP_OUT_OF_RANGE');
    expect(rejected(observedAt('1990-01-01T00:00:00Z')).code).toBe('TIMESTAMP_OUT_OF_RANGE');
    expect(rejected(observedAt('0050-06-01T00:00:00Z')).code).toBe('TIMESTAMP_OUT_OF_RANGE');
    expect(rejected(observedAt(-1)).code).toBe('TIMESTAMP_OUT_OF_RANGE');
    expect(rejected(observedAt(Math.floor(Date.UTC(2026, 10, 1) / 1000))).message).toMatch(
      /^observedAt: must not be more than 10 years before .*; it looks like epoch seconds, send milliseconds$/,
    );
    // A later clock moves the bound: what was accepted ten years ago is refused now.
    const later = new Date('2036-11-01T12:00:01Z');
    const old = { type: 'signup', observedAt: '2026-11-01T12:00:00Z', source: 'web', email: EMAIL };
    expect(rejected(parseEvent(old, later)).code).toBe('TIMESTAMP_OUT_OF_RANGE');
  });

  it('reports a format error before a range error', () => {
    expect(rejected(event({ observedAt: Date.UTC(2030, 0, 1), source: '' })).code).toBe('INVALID_EVENT');
  });
});

describe('parseEvent: identifiers', () => {
  const bare = { type: 'visitor', observedAt: '2026-11-01T11:00:00Z', source: 'web' };

  it('requires the minimum identifier bundle', () => {
    expect(rejected(parseEvent(bare, NOW)).code).toBe('NO_MINIMUM_IDENTIFIER');
    const nameOnly = rejected(parseEvent({ ...bare, name: { given: 'Jane', family: 'Doe' } }, NOW));
    expect(nameOnly.code).toBe('NO_MINIMUM_IDENTIFIER');
    expect(nameOnly.message).toContain('a name alone is not enough');
    expect(nameOnly.message).not.toContain('Jane');
  });

  it('accepts each bundle in the MultiFieldReq form', () => {
    const bundles: Record<string, unknown>[] = [
      { emails: [EMAIL, 'JANE.DOE@example.com'] },
      { phone: '(415) 555-2671' },
      { profiles: [{ service: 'GitHub', username: '@jdoe' }] },
      { ssns: ['123-45-6789'] },
      { ipAddress: '203.0.113.7' },
      { name: { given: 'Jane', family: 'Doe' }, location: { city: 'Springfield', countryCode: 'us' } },
    ];
    for (const identifiers of bundles)
      expect(accepted(parseEvent({ ...bare, ...identifiers }, NOW))).toBeTruthy();
    const value = accepted(parseEvent({ ...bare, phone: '(415) 555-2671', organization: 'Acme' }, NOW));
    expect(value.identifiers.phones[0]?.e164).toBe('+14155552671');
    expect(value.identifiers.organization).toBe('Acme');
  });

  it('passes the parser codes and messages without personal data', () => {
    const invalid = rejected(event({ email: 42, birthday: '1985-02-30' }));
    expect(invalid).toEqual({
      code: 'INVALID_INPUT',
      message: 'email: must be a string; birthday: is not a calendar date',
    });
    expect(rejected(event({ ssns: ['123-45-6789', '987-65-4321'] })).code).toBe('MULTIPLE_SSNS');
  });

  it('lists the first three parser messages and counts the rest', () => {
    const { message } = rejected(event({ email: 1, phone: 2, birthday: 3, ipAddress: 4, organization: 5 }));
    expect(message).toBe(
      'email: must be a string; phone: must be a string; organization: must be a string; and 2 more',
    );
  });

  // The identifiers are in the MultiFieldReq form, which accepts and ignores unknown fields and
  // those no operation reads here (docs/api/request-fields.md).
  it('ignores unknown fields, sessionId and the Signals filters among the identifiers', () => {
    const value = accepted(
      event({
        zip: '94107',
        userAgent: 'Mozilla/5.0',
        sessionId: `ses_${'a'.repeat(22)}`,
        countries: ['XX'],
        patternInterval: 'minute',
      }),
    );
    expect(value.identifiers.sessionId).toBeNull();
    expect(JSON.stringify(value)).not.toContain('94107');
    const none = rejected(parseEvent({ ...bare, sessionId: 'ses_x', zip: '94107' }, NOW));
    expect(none.code).toBe('NO_MINIMUM_IDENTIFIER');
  });

  it('checks own fields before the range of observedAt, and that before identifiers', () => {
    expect(rejected(parseEvent({ ...bare, observedAt: '2030-01-01T00:00:00Z' }, NOW)).code).toBe(
      'FUTURE_TIMESTAMP',
    );
    expect(rejected(parseEvent({ ...bare, type: 'x', observedAt: '2030-01-01T00:00:00Z' }, NOW)).code).toBe(
      'INVALID_EVENT',
    );
  });
});

describe('parseRecord: kinds', () => {
  it('rejects what is not an object', () => {
    expect(rejected(parseRecord([], NOW))).toEqual({
      code: 'INVALID_RECORD',
      message: 'the record must be a JSON object',
    });
  });

  it('rejects a missing or unknown kind, naming the allowed kinds', () => {
    expect(rejected(parseRecord({ breach: 'X' }, NOW))).toEqual({
      code: 'INVALID_RECORD',
      message: 'kind: required, one of breach, phone, profile',
    });
    expect(rejected(parseRecord({ kind: 'sanction' }, NOW))).toEqual({
      code: 'INVALID_RECORD',
      message: 'kind: must be one of breach, phone, profile',
    });
  });
});

describe('parseRecord: breach', () => {
  const breach = (fields: Record<string, unknown> = {}) =>
    parseRecord(
      { kind: 'breach', breach: 'ExampleCorp 2019', breachedAt: '2019-06-01', email: EMAIL, ...fields },
      NOW,
    );

  it('accepts a plain date or a date-time', () => {
    const value = recordOf(breach(), 'breach');
    expect(value.breach).toBe('ExampleCorp 2019');
    expect(value.breachedAt.toISOString()).toBe('2019-06-01T00:00:00.000Z');
    expect(value.identifiers.emails[0]?.address).toBe(EMAIL);
    const timed = recordOf(breach({ breachedAt: '2019-06-01T10:00:00+02:00' }), 'breach');
    expect(timed.breachedAt.toISOString()).toBe('2019-06-01T08:00:00.000Z');
    expect(recordOf(breach({ breachedAt: Date.UTC(2019, 5, 1) }), 'breach').breachedAt.getTime()).toBe(
      Date.UTC(2019, 5, 1),
    );
  });

  it('requires a breach name of at most 200 characters and a breachedAt', () => {
    expect(rejected(breach({ breach: '' }))).toMatchObject({
      code: 'INVALID_RECORD',
      message: /^breach: required/,
    });
    expect(rejected(breach({ breach: 'b'.repeat(201) })).message).toBe(
      'breach: must be at most 200 characters, got 201',
    );
    expect(rejected(breach({ breachedAt: undefined })).message).toMatch(/^breachedAt: required/);
    expect(rejected(breach({ breachedAt: '2019-06-31' })).message).toBe('breachedAt: is not a calendar date');
  });

  it('accepts a date that is already today somewhere, rejects later ones', () => {
    // At 12:00Z it is already 2026-11-02 in UTC+14.
    expect(recordOf(breach({ breachedAt: '2026-11-02' }), 'breach').breachedAt.toISOString()).toBe(
      '2026-11-02T00:00:00.000Z',
    );
    expect(rejected(breach({ breachedAt: '2026-11-03' }))).toEqual({
      code: 'FUTURE_TIMESTAMP',
      message: 'breachedAt: is a date in the future (server time 2026-11-01T12:00:00.000Z)',
    });
    expect(rejected(breach({ breachedAt: '2026-11-01T12:06:00Z' })).code).toBe('FUTURE_TIMESTAMP');
    expect(rejected(breach({ breachedAt: '1989-12-31' })).code).toBe('TIMESTAMP_OUT_OF_RANGE');
    // A breach dates a fact in the graph: the same 10-year bound as sightings.
    expect(rejected(breach({ breachedAt: '2013-01-01' })).code).toBe('TIMESTAMP_OUT_OF_RANGE');
    expect(recordOf(breach({ breachedAt: '2017-01-01' }), 'breach').breachedAt.toISOString()).toBe(
      '2017-01-01T00:00:00.000Z',
    );
  });

  it('applies the minimum-identifier rule and ignores sessionId like the other feeds', () => {
    expect(rejected(breach({ email: undefined })).code).toBe('NO_MINIMUM_IDENTIFIER');
    expect(rejected(breach({ email: undefined, birthday: '1980-01-01' })).code).toBe('NO_MINIMUM_IDENTIFIER');
    expect(rejected(breach({ email: undefined, sessionId: 'ses_x' })).code).toBe('NO_MINIMUM_IDENTIFIER');
    expect(accepted(breach({ sessionId: 'ses_x' })).kind).toBe('breach');
    expect(rejected(breach({ observedAt: '2019-06-01' }))).toEqual({
      code: 'INVALID_RECORD',
      message: 'observedAt: unknown field; did you mean breachedAt?',
    });
  });
});

describe('parseRecord: phone', () => {
  const phone = (fields: Record<string, unknown> = {}) =>
    parseRecord(
      {
        kind: 'phone',
        phone: '+14155552671',
        lineType: 'MOBILE',
        carrier: ' T-Mobile ',
        observedAt: '2026-10-01T00:00:00Z',
        ...fields,
      },
      NOW,
    );

  it('accepts a phone record and normalises the number to E.164', () => {
    expect(recordOf(phone(), 'phone')).toEqual({
      kind: 'phone',
      phone: '+14155552671',
      lineType: 'MOBILE',
      carrier: 'T-Mobile',
      observedAt: new Date('2026-10-01T00:00:00Z'),
      dno: null,
    });
    expect(recordOf(phone({ phone: '(415) 555-2671' }), 'phone').phone).toBe('+14155552671');
    expect(recordOf(phone({ phone: '0044 20 7183 8750' }), 'phone').phone).toBe('+442071838750');
    expect(recordOf(phone({ carrier: undefined }), 'phone').carrier).toBeNull();
    expect(recordOf(phone({ observedAt: '2026-10-01' }), 'phone').observedAt.toISOString()).toBe(
      '2026-10-01T00:00:00.000Z',
    );
  });

  it('refuses carrier facts more than 10 years old (they date a port)', () => {
    expect(rejected(phone({ observedAt: '2016-10-01' })).code).toBe('TIMESTAMP_OUT_OF_RANGE');
  });

  it('reads line types case-insensitively', () => {
    const cases: [string, string][] = [
      ['mobile', 'MOBILE'],
      ['Landline', 'LANDLINE'],
      ['voip', 'VOIP'],
      ['toll_free', 'TOLL_FREE'],
      ['Toll-Free', 'TOLL_FREE'],
      [' prepaid ', 'PREPAID'],
    ];
    for (const [input, lineType] of cases)
      expect(recordOf(phone({ lineType: input }), 'phone').lineType).toBe(lineType);
  });

  it('rejects unknown or missing line types', () => {
    expect(rejected(phone({ lineType: 'PAGER' }))).toEqual({
      code: 'INVALID_RECORD',
      message: 'lineType: must be one of MOBILE, LANDLINE, VOIP, TOLL_FREE, PREPAID (case-insensitive)',
    });
    expect(rejected(phone({ lineType: undefined })).message).toMatch(/^lineType: required/);
  });

  it('accepts the dno values and rejects others', () => {
    for (const dno of ['voice', 'text', 'both']) expect(recordOf(phone({ dno }), 'phone').dno).toBe(dno);
    expect(recordOf(phone({ dno: 'TEXT' }), 'phone').dno).toBe('text');
    expect(rejected(phone({ dno: 'sms' }))).toEqual({
      code: 'INVALID_RECORD',
      message: 'dno: must be one of voice, text, both',
    });
  });

  it('rejects an unparseable number without echoing it', () => {
    for (const value of ['12', 'call me', '+1 415 555']) {
      const { code, message } = rejected(phone({ phone: value }));
      expect(code).toBe('INVALID_RECORD');
      expect(message).toBe('phone: is not a phone number; send it in E.164 form such as +14155550123');
    }
    expect(rejected(phone({ phone: undefined })).message).toMatch(/^phone: required/);
    expect(rejected(phone({ phone: 4155552671 })).message).toBe(
      'phone: must be a string of at most 64 characters',
    );
  });

  it('requires observedAt and rejects future ones', () => {
    expect(rejected(phone({ observedAt: undefined })).message).toMatch(/^observedAt: required/);
    expect(rejected(phone({ observedAt: '2026-11-01T12:05:01Z' })).code).toBe('FUTURE_TIMESTAMP');
    expect(recordOf(phone({ observedAt: '2026-11-01T12:05:00Z' }), 'phone')).toBeTruthy();
  });

  it('rejects any other field, identifiers included', () => {
    expect(rejected(phone({ email: EMAIL }))).toEqual({
      code: 'INVALID_RECORD',
      message:
        'email: unknown field; a phone record has only kind, phone, lineType, carrier, observedAt, dno',
    });
    expect(rejected(phone({ line_type: 'MOBILE' })).message).toContain(
      'line_type: unknown field; did you mean lineType?',
    );
  });
});

describe('parseRecord: profile', () => {
  const profile = (fields: Record<string, unknown> = {}) =>
    parseRecord({ kind: 'profile', service: 'GitHub', username: '@JDoe', ...fields }, NOW);

  it('accepts a profile without owner identifiers', () => {
    const value = recordOf(profile(), 'profile');
    expect(value).toMatchObject({
      service: 'github',
      username: 'JDoe',
      userid: null,
      url: null,
      createdAt: null,
      followers: null,
      following: null,
      country: null,
    });
    expect(value.identifiers.emails).toEqual([]);
    expect(value.identifiers.ipAddress).toBeNull();
  });

  it('accepts every own field', () => {
    const value = recordOf(
      profile({
        username: undefined,
        userid: '12345',
        url: 'https://github.com/jdoe',
        createdAt: '2015-03-04',
        followers: 0,
        following: 12,
        country: 'nl',
      }),
      'profile',
    );
    expect(value).toMatchObject({
      userid: '12345',
      url: 'https://github.com/jdoe',
      followers: 0,
      following: 12,
    });
    expect(value.createdAt?.toISOString()).toBe('2015-03-04T00:00:00.000Z');
    expect(value.country).toBe('NL');
  });

  it('parses owner identifiers without the minimum-identifier rule', () => {
    const named = recordOf(profile({ name: { given: 'Jane', family: 'Doe' } }), 'profile');
    expect(named.identifiers.name).toMatchObject({ given: 'Jane', family: 'Doe' });
    expect(named.identifiers.ipAddress).toBeNull();
    const owned = recordOf(profile({ email: EMAIL, ipAddress: '203.0.113.7' }), 'profile');
    expect(owned.identifiers.emails[0]?.address).toBe(EMAIL);
    expect(owned.identifiers.ipAddress?.address).toBe('203.0.113.7');
    expect(rejected(profile({ ipAddress: 'not-an-ip' })).code).toBe('INVALID_INPUT');
    expect(rejected(profile({ email: EMAIL, emails: [EMAIL, 42] })).code).toBe('INVALID_INPUT');
    // Ignored, like every field of the shared schema the feeds do not read.
    expect(recordOf(profile({ sessionId: 'ses_x' }), 'profile').identifiers.sessionId).toBeNull();
  });

  it('requires a service and one of username, userid or url', () => {
    expect(rejected(profile({ service: undefined }))).toMatchObject({
      code: 'INVALID_RECORD',
      message: /^service: required/,
    });
    expect(rejected(profile({ username: undefined }))).toEqual({
      code: 'INVALID_RECORD',
      message: 'username, userid or url: at least one is required to identify the profile',
    });
  });

  it('rejects negative or fractional counts, bad countries and future creation dates', () => {
    expect(rejected(profile({ followers: -1 })).message).toBe('followers: must be a non-negative integer');
    expect(rejected(profile({ following: 1.5 })).message).toBe('following: must be a non-negative integer');
    expect(rejected(profile({ followers: '10' })).code).toBe('INVALID_RECORD');
    expect(rejected(profile({ country: 'ZZ' })).code).toBe('INVALID_RECORD');
    expect(rejected(profile({ createdAt: '2026-12-01' })).code).toBe('FUTURE_TIMESTAMP');
    expect(rejected(profile({ createdAt: '1985-01-01' })).code).toBe('TIMESTAMP_OUT_OF_RANGE');
    // A profile may truly be older than ten years: its creation date goes back to 1990.
    expect(recordOf(profile({ createdAt: '2004-02-04' }), 'profile').createdAt?.toISOString()).toBe(
      '2004-02-04T00:00:00.000Z',
    );
  });
});

describe('splitBatch', () => {
  const items = (text: string, type: 'json' | 'ndjson') => {
    const result = splitBatch(text, type);
    if (!result.ok) throw new Error(`expected success, got ${result.code}: ${result.message}`);
    return result;
  };

  it('splits a JSON array', () => {
    expect(items('[{"a":1}, 2, null]', 'json')).toEqual({
      ok: true,
      items: [{ a: 1 }, 2, null],
      lineErrors: [],
    });
    expect(items('\uFEFF[]', 'json').items).toEqual([]);
  });

  it('rejects a JSON body that is not an array', () => {
    const result = splitBatch('{"type":"signup"}', 'json');
    expect(result).toEqual({
      ok: false,
      code: 'INVALID_INPUT',
      message: 'the body must be a JSON array of items, got an object; wrap a single item in [ ]',
    });
    expect(splitBatch('"x"', 'json')).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      message: /got a string/,
    });
  });

  it('rejects malformed JSON without echoing the body', () => {
    const result = splitBatch(`[{"email": "${EMAIL}",}]`, 'json');
    expect(result).toMatchObject({ ok: false, code: 'MALFORMED_JSON' });
    if (result.ok) return;
    expect(result.message).toMatch(/^the body is not valid JSON/);
    expect(result.message).not.toContain('jane');
    expect(splitBatch('', 'json')).toMatchObject({ ok: false, code: 'MALFORMED_JSON' });
  });

  it('suggests NDJSON for one object per line sent as JSON', () => {
    expect(splitBatch('{"a":1}\n{"a":2}\n', 'json')).toMatchObject({
      ok: false,
      code: 'MALFORMED_JSON',
      message: /application\/x-ndjson/,
    });
  });

  it('splits NDJSON, skipping blank lines and keeping indexes aligned past a bad line', () => {
    const text = `{"n":0}\r\n\n  \n{"email": "${EMAIL}" oops}\n[1]\n\n"three"\n`;
    const result = items(text, 'ndjson');
    expect(result.items).toEqual([{ n: 0 }, undefined, [1], 'three']);
    expect(result.lineErrors).toHaveLength(1);
    const [error] = result.lineErrors;
    expect(error).toMatchObject({ index: 1, code: 'MALFORMED_JSON', message: /^line 4 is not valid JSON/ });
    expect(error?.message).not.toContain('jane');
  });

  it('accepts an empty NDJSON body and a byte-order mark', () => {
    expect(items('', 'ndjson').items).toEqual([]);
    expect(items('\uFEFF{"a":1}', 'ndjson').items).toEqual([{ a: 1 }]);
  });

  it('accepts 10,000 items and refuses 10,001', () => {
    const array = (count: number) => `[${Array.from({ length: count }, () => '{}').join(',')}]`;
    const lines = (count: number) => Array.from({ length: count }, () => '{}').join('\n');
    expect(items(array(MAX_ITEMS_PER_REQUEST), 'json').items).toHaveLength(10_000);
    expect(items(lines(MAX_ITEMS_PER_REQUEST), 'ndjson').items).toHaveLength(10_000);
    const tooMany = {
      ok: false,
      code: 'TOO_MANY_ITEMS',
      message: 'at most 10000 items per request, got 10001; split the batch',
    };
    expect(splitBatch(array(10_001), 'json')).toEqual(tooMany);
    expect(splitBatch(lines(10_001), 'ndjson')).toEqual(tooMany);
    // Malformed lines count too: they are items the caller sent.
    expect(splitBatch(`${lines(10_000)}\nnot json`, 'ndjson')).toEqual(tooMany);
  });
});

describe('parseEvent over a split body', () => {
  it('keeps NDJSON line errors and item rejections on the same indexes', () => {
    const good = JSON.stringify({
      type: 'click',
      observedAt: Date.UTC(2026, 9, 1),
      source: 'mail',
      email: EMAIL,
    });
    const split = splitBatch([good, '{oops', JSON.stringify({ type: 'click' }), good].join('\n'), 'ndjson');
    if (!split.ok) throw new Error(split.message);
    const bad = new Set(split.lineErrors.map((error) => error.index));
    const outcomes = split.items.map((item, index) =>
      bad.has(index) ? 'MALFORMED_JSON' : parseEvent(item, NOW),
    );
    expect(
      outcomes.map((outcome) => (typeof outcome === 'string' ? outcome : outcome.ok || outcome.code)),
    ).toEqual([true, 'MALFORMED_JSON', 'INVALID_EVENT', true]);
  });
});

describe('eventIdKey: the stored form of an event id', () => {
  it('keeps ids without quotes, backslashes or control characters as sent', () => {
    for (const id of ['evt-1', 'order#1@shop/42', 'a b', '注文-１', '😀']) expect(eventIdKey(id)).toBe(id);
  });

  it('is one-to-one, and holds no character Postgres text refuses', () => {
    const ids = [
      'a\u0000b',
      'a\\u0000b',
      'a b',
      'a\ud800b',
      'a\udc00b',
      'a\ufffdb',
      'a"b',
      'a\\"b',
      'a\nb',
      'a\\nb',
    ];
    const keys = ids.map(eventIdKey);
    expect(new Set(keys).size).toBe(ids.length);
    for (const key of keys) {
      expect(key).not.toContain('\u0000');
      // A lone surrogate would reach Postgres as U+FFFD and merge with other ids.
      expect(key).not.toMatch(/\p{Cs}/u);
    }
  });

  it('stays under the btree row limit for any accepted id', () => {
    for (const id of ['\u0001'.repeat(200), '😀'.repeat(200), '\ud800\udc00'.repeat(100)]) {
      expect(accepted(event({ id })).id).toBe(id);
      expect(Buffer.byteLength(eventIdKey(id), 'utf8')).toBeLessThan(2_000);
    }
  });
});
