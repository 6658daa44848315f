import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  multiFieldReqSchema,
  signalsRequestSchema,
  verifyRequestSchema,
} from '@/lib/contract/schemas/request';
import { parseSignalsRequest, parseVerifyRequest } from '@/lib/engine/request';
import type { FieldError, InputErrorCode, ParseResult } from '@/lib/engine/types';

const MD5 = '55502f40dc8b7c769880b10874abc9d0';
const SHA1 = '567159d622ffbb50b11b0efd307be358624a26ee';
const SHA256 = '973dfe463ec85785f5f95af5ba3906eedb2d931c24e69824a89ea65dba4e813b';
const SESSION = `ses_${'7Hq2Xa9'.repeat(4)}`; // 28 base62 characters

function accepted<T>(result: ParseResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.errors)}`);
  return result.value;
}

function rejected<T>(result: ParseResult<T>): { code: InputErrorCode; errors: FieldError[] } {
  if (result.ok) throw new Error('expected a failure');
  return result;
}

const paths = (result: ParseResult<unknown>): string[] => rejected(result).errors.map((error) => error.path);

function errorAt(result: ParseResult<unknown>, path: string): FieldError {
  const found = rejected(result).errors.find((error) => error.path === path);
  if (found === undefined) throw new Error(`no error at ${path}: ${JSON.stringify(result)}`);
  return found;
}

const verify = (body: Record<string, unknown>) => parseVerifyRequest(body);
const withEmail = (body: Record<string, unknown>) => parseVerifyRequest({ email: 'a@example.com', ...body });
const emailsOf = (count: number, offset = 0) =>
  Array.from({ length: count }, (_, i) => `user${i + offset}@example.com`);
const today = new Date().toISOString().slice(0, 10);

describe('body shape', () => {
  it.each([null, [], 'email', 42, true])('rejects a body that is not an object: %j', (body) => {
    const result = rejected(parseVerifyRequest(body));
    expect(result.code).toBe('INVALID_INPUT');
    expect(result.errors).toEqual([
      { path: '', message: 'the request body must be a JSON object', code: 'INVALID_INPUT' },
    ]);
  });

  // docs/api/request-fields.md: unknown fields are accepted and ignored, never a 400.
  it('accepts unknown top-level and nested keys on both operations, and keeps nothing of them', () => {
    const marker = 'UNKNOWN-FIELD-MARKER';
    const body = {
      email: 'a@example.com',
      foo: marker,
      ssn: '123-45-6789',
      location: { city: 'Springfield', zip: marker },
      name: { given: 'Jane', first: marker },
      profiles: [{ username: 'jdoe', karma: marker }],
      nested: { deeper: [marker] },
    };
    const value = accepted(verify(body));
    expect(JSON.stringify(value)).not.toContain(marker);
    // ssn is not ssns: it neither counts nor is read.
    expect(value.ssn).toBeNull();
    expect(JSON.stringify(accepted(parseSignalsRequest(body)))).not.toContain(marker);
  });

  it('does not count an unknown field toward the minimum input', () => {
    expect(rejected(verify({ ssn: '123-45-6789', city: 'Springfield' })).code).toBe('NO_MINIMUM_IDENTIFIER');
  });

  it('lets Verify ignore the Signals-only fields, whatever their value', () => {
    for (const extra of [
      { countries: ['US'], excludedCountries: [], patternInterval: 'day' },
      { countries: ['XX', 7], excludedCountries: 'RU', patternInterval: 'minute' },
      { countries: ['US'], excludedCountries: ['RU'] },
    ]) {
      const value = accepted(withEmail(extra));
      expect(Object.keys(value)).not.toContain('countries');
      expect(Object.keys(value)).not.toContain('patternInterval');
    }
  });

  it('lets Signals ignore sessionId, whatever its value', () => {
    for (const sessionId of [SESSION, 'not a session', 42, { id: 1 }]) {
      expect(accepted(parseSignalsRequest({ email: 'a@example.com', sessionId })).sessionId).toBeNull();
    }
  });

  it.each([
    [{ email: 5 }, 'email', 'must be a string'],
    [{ emails: 'a@example.com' }, 'emails', 'must be an array'],
    [{ emails: ['a@example.com', 7] }, 'emails.1', 'must be a string'],
    [{ phones: [{}] }, 'phones.0', 'must be a string'],
    [{ name: 'Jane Doe', location: { city: 'X' } }, 'name', 'must be an object'],
    [{ location: [], name: { given: 'A' } }, 'location', 'must be an object'],
    [{ profiles: {} }, 'profiles', 'must be an array'],
    [
      { profile: { url: 'https://x.test/a', followers: '10' } },
      'profile.followers',
      'must be a non-negative integer',
    ],
    [{ profile: { url: 'https://x.test/a', score: 'high' } }, 'profile.score', 'must be a number'],
    [{ ssns: '123-45-6789' }, 'ssns', 'must be an array'],
    [{ ipAddress: 3232235777 }, 'ipAddress', 'must be a string'],
    [{ email: 'a@example.com', birthday: 19900101 }, 'birthday', 'must be a string'],
    [{ email: 'a@example.com', organization: ['Acme'] }, 'organization', 'must be a string'],
  ])('reports a wrong JSON type: %j', (body, path, message) => {
    const result = verify(body);
    expect(rejected(result).code).toBe('INVALID_INPUT');
    expect(errorAt(result, path)).toEqual({ path, message: `${path}: ${message}`, code: 'INVALID_INPUT' });
  });

  it('accepts null and blank strings as absent fields', () => {
    const value = accepted(
      verify({
        email: null,
        phone: '',
        emails: ['  '],
        ipAddress: '203.0.113.7',
        birthday: '',
        sessionId: null,
      }),
    );
    expect(value.emails).toEqual([]);
    expect(value.phones).toEqual([]);
    expect(value.birthday).toBeNull();
    expect(value.sessionId).toBeNull();
  });

  it('enforces maximum lengths on the text fields', () => {
    const long = (n: number) => 'x'.repeat(n);
    const result = verify({
      ipAddress: '203.0.113.7',
      organization: long(201),
      title: long(201),
      name: { given: long(101), middle: long(101), family: long(101) },
      location: { addressLine1: long(201), city: long(101), country: long(101) },
      profile: { url: long(2049), bio: long(2001) },
    });
    expect(paths(result).sort()).toEqual(
      [
        'organization',
        'title',
        'name.given',
        'name.middle',
        'name.family',
        'location.addressLine1',
        'location.city',
        'location.country',
        'profile.url',
        'profile.bio',
      ].sort(),
    );
    expect(errorAt(result, 'title').message).toBe('title: must be at most 200 characters, got 201');
  });
});

describe('emails', () => {
  it('merges email and emails, de-duplicating after normalisation', () => {
    const value = accepted(
      verify({
        email: ' Test@Example.com',
        emails: ['test@example.com', 'TEST@EXAMPLE.COM ', 'other@example.com'],
      }),
    );
    expect(value.emails.map((email) => email.address)).toEqual(['test@example.com', 'other@example.com']);
    expect(value.emails[0]?.raw).toBe(' Test@Example.com');
  });

  it('de-duplicates the same digest sent twice in different case', () => {
    const value = accepted(verify({ emails: [MD5, MD5.toUpperCase(), SHA256] }));
    expect(value.emails.map((email) => email.form)).toEqual(['md5', 'sha256']);
  });

  // docs/api/request-fields.md: a malformed email is evaluated; the body limit, not the schema, bounds its length.
  it.each([
    ['300 characters', `${'a'.repeat(288)}@example.com`],
    ['a 10 kB local part', `${'a'.repeat(10_000)}@example.com`],
    ['a 10 kB domain', `a@${'b'.repeat(10_000)}.com`],
    ['200 kB', `${'a'.repeat(100_000)}@${'c'.repeat(100_000)}.com`],
  ])('accepts an over-long email (%s) as invalid cleartext', (_case, email) => {
    const value = accepted(verify({ emails: [email] }));
    expect(value.emails).toHaveLength(1);
    expect(value.emails[0]).toMatchObject({ form: 'cleartext', valid: false });
  });

  it('accepts a string that is neither an address nor a digest as invalid cleartext', () => {
    const value = accepted(verify({ email: 'not an email' }));
    expect(value.emails).toHaveLength(1);
    expect(value.emails[0]).toMatchObject({ form: 'cleartext', valid: false, address: 'not an email' });
    expect(value.emails[0]?.md5).toMatch(/^[0-9a-f]{32}$/);
  });

  it('accepts 20 distinct addresses, counting duplicates once', () => {
    expect(accepted(verify({ emails: emailsOf(20) })).emails).toHaveLength(20);
    const repeated = [...emailsOf(20), ...emailsOf(5).map((address) => address.toUpperCase())];
    expect(accepted(verify({ emails: repeated })).emails).toHaveLength(20);
  });

  it('rejects more than 20 distinct addresses with TOO_MANY_EMAILS', () => {
    const result = verify({ emails: emailsOf(23) });
    expect(rejected(result).code).toBe('TOO_MANY_EMAILS');
    expect(rejected(result).errors).toEqual([
      {
        path: 'emails',
        code: 'TOO_MANY_EMAILS',
        message:
          'emails: at most 20 addresses per request (email and emails together, duplicates removed), got 23',
      },
    ]);
  });

  it('counts email and emails together for the limit', () => {
    expect(rejected(verify({ email: 'extra@example.com', emails: emailsOf(20) })).code).toBe(
      'TOO_MANY_EMAILS',
    );
    expect(accepted(verify({ email: 'user0@example.com', emails: emailsOf(20) })).emails).toHaveLength(20);
  });

  it.each([
    ['md5', MD5],
    ['sha1', SHA1],
    ['sha256', SHA256],
  ])('rejects a cleartext address together with its %s hash (MIXED_EMAIL_FORMS)', (form, digest) => {
    const result = verify({ email: 'Test@Example.com', emails: ['other@example.com', digest] });
    expect(rejected(result).code).toBe('MIXED_EMAIL_FORMS');
    expect(rejected(result).errors).toEqual([
      {
        path: 'emails.1',
        code: 'MIXED_EMAIL_FORMS',
        message: `emails.1: is the ${form} hash of the address sent in cleartext at email; send each address in one form only`,
      },
    ]);
  });

  it('recognises the hash of a lookalike-spelled cleartext address', () => {
    const result = verify({ emails: ['tеst@exаmple.com', SHA256.toUpperCase()] }); // Cyrillic е and а
    expect(rejected(result).code).toBe('MIXED_EMAIL_FORMS');
    expect(paths(result)).toEqual(['emails.1']);
  });

  it('accepts a cleartext address with the hash of a different address', () => {
    const value = accepted(verify({ emails: ['other@example.com', MD5] }));
    expect(value.emails.map((email) => email.form)).toEqual(['cleartext', 'md5']);
  });
});

describe('phones', () => {
  it('merges phone and phones and de-duplicates by E.164', () => {
    const value = accepted(verify({ phone: '(415) 555-2671', phones: ['+14155552671', '+44 20 7946 0958'] }));
    expect(value.phones.map((phone) => phone.e164)).toEqual(['+14155552671', '+442079460958']);
  });

  it('accepts an unparseable phone as an invalid number, not a request error', () => {
    const value = accepted(verify({ phone: 'call me maybe' }));
    expect(value.phones).toEqual([
      { raw: 'call me maybe', e164: null, valid: false, region: null, lineType: null },
    ]);
  });

  it.each([
    ['100 digits', '1'.repeat(100)],
    ['100 digits after a plus', `+${'4'.repeat(100)}`],
    ['10 kB', '5'.repeat(10_000)],
  ])('accepts an over-long phone (%s) as an invalid number', (_case, phone) => {
    const value = accepted(verify({ phones: [phone] }));
    expect(value.phones).toEqual([{ raw: phone, e164: null, valid: false, region: null, lineType: null }]);
  });

  it('accepts 20 distinct numbers and rejects 21', () => {
    const numbers = (n: number) => Array.from({ length: n }, (_, i) => `+1 415 555 ${String(1000 + i)}`);
    expect(accepted(verify({ phones: numbers(20) })).phones).toHaveLength(20);
    const result = verify({ phones: numbers(21) });
    expect(rejected(result).code).toBe('INVALID_INPUT');
    expect(errorAt(result, 'phones').message).toContain('at most 20 numbers per request');
    expect(errorAt(result, 'phones').message).toContain('got 21');
  });
});

describe('profiles', () => {
  it('merges profile and profiles, normalises and de-duplicates them', () => {
    const value = accepted(
      verify({
        profile: { service: 'GitHub', username: '@jdoe', followers: 10, following: 2, score: 0.5 },
        profiles: [{ service: 'github', username: 'jdoe' }, { url: 'https://example.social/@jdoe' }],
      }),
    );
    expect(value.profiles).toEqual([
      {
        service: 'github',
        url: null,
        username: 'jdoe',
        userid: null,
        followers: 10,
        following: 2,
        score: 0.5,
        bio: null,
      },
      {
        service: null,
        url: 'https://example.social/@jdoe',
        username: null,
        userid: null,
        followers: null,
        following: null,
        score: null,
        bio: null,
      },
    ]);
  });

  it('keeps a profile without url, username or userid as evidence when another identifier is there', () => {
    const value = accepted(withEmail({ profiles: [{ userid: '42' }, { service: 'github', followers: 3 }] }));
    expect(value.profiles).toHaveLength(2);
    expect(value.profiles[1]).toMatchObject({ service: 'github', followers: 3, url: null, userid: null });
    expect(
      accepted(parseSignalsRequest({ phone: '+14155552671', profile: { bio: 'x' } })).profiles,
    ).toHaveLength(1);
  });

  it('rejects negative or fractional counts', () => {
    const result = verify({ profile: { username: 'a', followers: -1, following: 1.5 } });
    expect(paths(result).sort()).toEqual(['profile.followers', 'profile.following']);
  });

  it('rejects more than 20 distinct profiles', () => {
    const profiles = Array.from({ length: 21 }, (_, i) => ({ username: `user${i}` }));
    expect(accepted(verify({ profiles: profiles.slice(0, 20) })).profiles).toHaveLength(20);
    const result = verify({ profiles });
    expect(errorAt(result, 'profiles')).toMatchObject({ code: 'INVALID_INPUT' });
  });
});

describe('ssns', () => {
  it.each([
    ['123-45-6789', 'full', '123456789'],
    ['123456789', 'full', '123456789'],
    [' 6789 ', 'last4', '6789'],
  ])('accepts %j', (ssn, kind, digits) => {
    expect(accepted(verify({ ssns: [ssn] })).ssn).toEqual({ kind, digits });
  });

  it.each(['12-345-6789', '12345', 'abcd', '123 45 6789', '1234567890', '123-456789'])(
    'rejects the format %j',
    (ssn) => {
      const result = verify({ ssns: [ssn] });
      expect(rejected(result).code).toBe('INVALID_INPUT');
      expect(errorAt(result, 'ssns.0').message).toContain('9 digits');
    },
  );

  it('accepts the same SSN value written twice', () => {
    expect(accepted(verify({ ssns: ['123-45-6789', '123456789'] })).ssn).toEqual({
      kind: 'full',
      digits: '123456789',
    });
    expect(accepted(verify({ ssns: ['6789', ' 6789'] })).ssn).toEqual({ kind: 'last4', digits: '6789' });
  });

  // docs/api/request-fields.md: "Never more than one SSN value per request"; a last four is a value of its own.
  it('rejects two SSN values with MULTIPLE_SSNS, a full SSN and its own last four included', () => {
    for (const ssns of [
      ['123-45-6789', '987-65-4321'],
      ['123456789', '4321'],
      ['1111', '2222'],
      ['123-45-6789', '6789'],
      ['6789', '123456789'],
    ]) {
      const result = verify({ ssns });
      expect(rejected(result).code).toBe('MULTIPLE_SSNS');
      expect(rejected(result).errors).toEqual([
        {
          path: 'ssns',
          code: 'MULTIPLE_SSNS',
          message: 'ssns: at most one SSN per request, got 2 different values',
        },
      ]);
    }
  });
});

describe('minimum input', () => {
  it.each([
    ['email', { email: 'a@example.com' }],
    ['emails', { emails: [MD5] }],
    ['phone', { phone: '+14155552671' }],
    ['phones', { phones: ['4155552671'] }],
    ['profile with url', { profile: { url: 'https://example.social/jdoe' } }],
    ['profiles with username', { profiles: [{ service: 'github', username: 'jdoe' }] }],
    ['profile with userid', { profile: { userid: '1234' } }],
    ['ssns', { ssns: ['6789'] }],
    ['ipAddress', { ipAddress: '203.0.113.7' }],
    ['name and location', { name: { family: 'Doe' }, location: { city: 'Springfield' } }],
  ])('is satisfied by %s alone', (_bundle, body) => {
    expect(verify(body).ok).toBe(true);
    expect(parseSignalsRequest(body).ok).toBe(true);
  });

  it.each([
    ['an empty body', {}],
    ['a name alone', { name: { given: 'Jane', family: 'Doe' } }],
    ['a location alone', { location: { city: 'Springfield', countryCode: 'US' } }],
    ['supporting fields only', { birthday: '1990-01-01', organization: 'Acme', title: 'CEO' }],
    ['empty arrays and blank strings', { emails: [], phones: [''], email: '  ', ssns: [] }],
    ['an empty name with a location', { name: {}, location: { city: 'Springfield' } }],
  ])('rejects %s with NO_MINIMUM_IDENTIFIER', (_case, body) => {
    const result = verify(body);
    expect(rejected(result).code).toBe('NO_MINIMUM_IDENTIFIER');
    expect(errorAt(result, '')).toMatchObject({ code: 'NO_MINIMUM_IDENTIFIER' });
  });

  it('explains that a name alone is not enough', () => {
    expect(errorAt(verify({ name: { given: 'Jane' } }), '').message).toContain('a name alone is not enough');
  });

  it('does not count a profile without an identifier, nor report it', () => {
    for (const body of [{ profile: { service: 'github' } }, { profiles: [{ followers: 3, bio: 'x' }] }]) {
      const result = verify(body);
      expect(rejected(result).code).toBe('NO_MINIMUM_IDENTIFIER');
      expect(paths(result)).toEqual(['']);
    }
  });

  it('does not pile NO_MINIMUM_IDENTIFIER onto an identifier of the wrong type', () => {
    const result = verify({ ipAddress: 'not-an-ip' });
    expect(rejected(result).code).toBe('INVALID_INPUT');
    expect(paths(result)).toEqual(['ipAddress']);
  });
});

describe('address and name', () => {
  it('accepts given, family, addressLine1, city, regionCode and birthday (a spec example)', () => {
    const value = accepted(
      verify({
        name: { given: ' Jane ', family: 'Doe' },
        location: { addressLine1: '1 Main St', city: 'Springfield', regionCode: 'il' },
        birthday: '1980-05-17',
      }),
    );
    expect(value.name).toEqual({ given: 'Jane', middle: null, family: 'Doe' });
    expect(value.location).toMatchObject({ addressLine1: '1 Main St', regionCode: 'IL', countryCode: null });
  });

  it('accepts an email with city and family name (a spec example): no address line, no name rule', () => {
    expect(
      verify({ email: 'a@example.com', name: { family: 'Doe' }, location: { city: 'Springfield' } }).ok,
    ).toBe(true);
  });

  it('requires name.given and name.family when addressLine1 is given', () => {
    const missingBoth = withEmail({ location: { addressLine1: '1 Main St' } });
    expect(paths(missingBoth).sort()).toEqual(['name.family', 'name.given']);
    expect(errorAt(missingBoth, 'name.given').message).toBe(
      'name.given: required when location.addressLine1 is given',
    );
    const missingFamily = withEmail({
      name: { given: 'Jane', family: ' ' },
      location: { addressLine1: '1 Main St' },
    });
    expect(paths(missingFamily)).toEqual(['name.family']);
  });

  it('requires addressLine1 when addressLine2 is given', () => {
    const result = withEmail({ location: { addressLine2: 'Apt 4' } });
    expect(paths(result)).toEqual(['location.addressLine1']);
  });
});

describe('location', () => {
  const withLocation = (location: Record<string, unknown>) => withEmail({ location });

  it.each([
    [{ postalCode: '12345' }],
    [{ postalCode: '12345-6789' }],
    [{ postalCode: '00901', countryCode: 'PR' }],
    [{ postalCode: 'SW1A 1AA', countryCode: 'gb' }],
    [{ postalCode: 'K1A 0B1', country: 'Canada' }],
    [{ postalCode: 'anything at all', country: 'Atlantis' }],
  ])('accepts the postal code in %j', (location) => {
    expect(withLocation(location).ok).toBe(true);
  });

  it.each([
    [{ postalCode: '1234' }],
    [{ postalCode: '123456' }],
    [{ postalCode: '12345-678' }],
    [{ postalCode: 'ABCDE', countryCode: 'US' }],
    [{ postalCode: 'SW1A 1AA', country: 'United States' }],
    [{ postalCode: '12345678901234567', countryCode: 'DE' }],
  ])('rejects the postal code in %j', (location) => {
    const result = withLocation(location);
    expect(rejected(result).code).toBe('INVALID_INPUT');
    expect(paths(result)).toEqual(['location.postalCode']);
  });

  it.each(['CA', 'nsw', '01'])('accepts regionCode %j', (regionCode) => {
    expect(withLocation({ regionCode }).ok).toBe(true);
  });

  it.each(['C', 'ABCD', 'C-A'])('rejects regionCode %j', (regionCode) => {
    expect(paths(withLocation({ regionCode }))).toEqual(['location.regionCode']);
  });

  it('upper-cases a valid country code', () => {
    expect(accepted(withLocation({ countryCode: 'us' })).location?.countryCode).toBe('US');
  });

  it.each(['XX', 'UK', 'EU', 'USA', 'U', '12'])('rejects country code %j', (countryCode) => {
    const result = withLocation({ countryCode });
    expect(paths(result)).toEqual(['location.countryCode']);
    expect(errorAt(result, 'location.countryCode').message).toContain('ISO 3166-1 alpha-2');
  });

  it.each([
    ['Germany', 'DE'],
    ['Deutschland', 'DE'],
    ['United States of America', 'US'],
    ['united kingdom', 'GB'],
    ['Saint Kitts and Nevis', 'KN'],
    ['Atlantis', null],
  ])('derives the country code from the name %j', (country, code) => {
    expect(accepted(withLocation({ country })).location?.countryCode).toBe(code);
  });

  it('keeps an explicit country code over the name', () => {
    expect(accepted(withLocation({ country: 'Germany', countryCode: 'at' })).location?.countryCode).toBe(
      'AT',
    );
  });
});

describe('birthday', () => {
  it.each(['1990-02-28', '2000-02-29', '1900-01-01', today])('accepts %j', (birthday) => {
    expect(accepted(withEmail({ birthday })).birthday).toBe(birthday);
  });

  it.each([
    ['1990-2-28', 'YYYY-MM-DD'],
    ['28/02/1990', 'YYYY-MM-DD'],
    ['1990-02-28T00:00:00Z', 'YYYY-MM-DD'],
    ['1999-02-29', 'not a calendar date'],
    ['1990-13-01', 'not a calendar date'],
    ['1990-04-31', 'not a calendar date'],
    ['1899-12-31', 'before 1900'],
    ['2999-01-01', 'future'],
  ])('rejects %j', (birthday, reason) => {
    const result = withEmail({ birthday });
    expect(paths(result)).toEqual(['birthday']);
    expect(errorAt(result, 'birthday').message).toContain(reason);
  });

  it('rejects tomorrow-plus-one in every time zone', () => {
    const future = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(paths(withEmail({ birthday: future }))).toEqual(['birthday']);
  });
});

describe('ipAddress', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7', 4],
    [' 2001:DB8:0:0:0:0:0:1 ', '2001:db8::1', 6],
    ['::1', '::1', 6],
    ['::ffff:192.0.2.1', '::ffff:192.0.2.1', 6],
    ['::FFFF:C000:0201', '::ffff:192.0.2.1', 6],
  ])('accepts %j as %j (IPv%i)', (ipAddress, address, version) => {
    expect(accepted(verify({ ipAddress })).ipAddress).toEqual({ address, version });
  });

  it.each(['256.1.1.1', '1.2.3', '01.2.3.4', '0x7f.0.0.1', 'example.com', 'fe80::1%eth0', '2001:db8::g'])(
    'rejects %j',
    (ipAddress) => {
      const result = verify({ ipAddress });
      expect(rejected(result).code).toBe('INVALID_INPUT');
      expect(paths(result)).toEqual(['ipAddress']);
    },
  );
});

describe('sessionId', () => {
  // docs/api/sessions.md: an unknown id of any form is 404 UNKNOWN_SESSION (the service's
  // answer), so the parser passes every string on, trimmed.
  it.each([
    ['a well-formed id', SESSION],
    ['a short one', 'ses_short'],
    ['a long one', `ses_${'a'.repeat(41)}`],
    ['a UUID', '0b6f1c1e-8a53-4c1c-9d2f-3f4b2a1c9e77'],
    ['5,000 characters', 'a'.repeat(5_000)],
    ['a NUL character', 'ses_\u0000'],
  ])('passes %s on to the session lookup', (_case, sessionId) => {
    expect(accepted(withEmail({ sessionId })).sessionId).toBe(sessionId);
  });

  it('trims it, and treats a blank one as absent', () => {
    expect(accepted(withEmail({ sessionId: ` ${SESSION} ` })).sessionId).toBe(SESSION);
    expect(accepted(withEmail({ sessionId: '  ' })).sessionId).toBeNull();
  });

  it.each([42, ['ses_x'], { id: SESSION }, true])('rejects the JSON type of %j', (sessionId) => {
    const result = withEmail({ sessionId });
    expect(paths(result)).toEqual(['sessionId']);
    expect(errorAt(result, 'sessionId').message).toBe('sessionId: must be a string');
  });
});

describe('names and text', () => {
  it('folds lookalikes in names and collapses white space', () => {
    const value = accepted(
      withEmail({
        name: { given: ' Jоhn ', middle: 'Q.', family: 'Smith   Jones' },
        organization: ' Acme  Inc ',
      }),
    );
    expect(value.name).toEqual({ given: 'John', middle: 'Q.', family: 'Smith Jones' });
    expect(value.organization).toBe('Acme Inc');
  });

  // Postgres text and jsonb refuse NUL: names, addresses, employers and handles become graph keys.
  it('turns control characters in text fields into spaces', () => {
    const value = accepted(
      withEmail({
        name: { given: 'Ja\u0000ne', family: 'Doe\u0001' },
        location: { addressLine1: '1\u0000Main St', city: 'Spring\u0000field' },
        organization: 'Ac\u0000me',
        title: '\u0000',
        profiles: [{ service: 'git\u0000hub', username: 'j\u0000doe', bio: 'a\u0000b' }],
      }),
    );
    expect(value.name).toEqual({ given: 'Ja ne', middle: null, family: 'Doe' });
    expect(value.location).toMatchObject({ addressLine1: '1 Main St', city: 'Spring field' });
    expect(value.organization).toBe('Ac me');
    expect(value.title).toBeNull();
    expect(JSON.stringify(value.profiles)).not.toMatch(/\\u000/);
  });

  it('keeps the supporting fields of a rich request', () => {
    const value = accepted(
      verify({
        email: 'jane.doe@example.com',
        phone: '+1 415 555 2671',
        ssns: ['123-45-6789'],
        name: { given: 'Jane', family: 'Doe' },
        location: {
          addressLine1: '1 Main St',
          addressLine2: 'Apt 4',
          city: 'Springfield',
          region: 'Illinois',
          regionCode: 'IL',
          postalCode: '62701',
          country: 'United States',
          countryCode: 'US',
        },
        ipAddress: '203.0.113.7',
        birthday: '1980-05-17',
        organization: 'Acme',
        title: 'Engineer',
        sessionId: SESSION,
      }),
    );
    expect(value).toMatchObject({
      ssn: { kind: 'full', digits: '123456789' },
      ipAddress: { address: '203.0.113.7', version: 4 },
      birthday: '1980-05-17',
      organization: 'Acme',
      title: 'Engineer',
      sessionId: SESSION,
      location: { postalCode: '62701', countryCode: 'US', region: 'Illinois' },
    });
    expect(value.emails[0]?.valid).toBe(true);
    expect(value.phones[0]?.e164).toBe('+14155552671');
  });
});

describe('signals', () => {
  it('upper-cases and de-duplicates country filters', () => {
    const value = accepted(parseSignalsRequest({ email: 'a@example.com', countries: ['us', 'GB', 'US'] }));
    expect(value.countries).toEqual(['US', 'GB']);
    expect(value.excludedCountries).toEqual([]);
    expect(value.patternInterval).toBeNull();
    expect(value.sessionId).toBeNull();
  });

  it('accepts excludedCountries alone, and an empty countries list next to it', () => {
    const value = accepted(
      parseSignalsRequest({ email: 'a@example.com', countries: [], excludedCountries: ['ru'] }),
    );
    expect(value.excludedCountries).toEqual(['RU']);
  });

  it('rejects countries together with excludedCountries (COUNTRY_FILTER_CONFLICT)', () => {
    const result = parseSignalsRequest({
      email: 'a@example.com',
      countries: ['US'],
      excludedCountries: ['RU'],
    });
    expect(rejected(result).code).toBe('COUNTRY_FILTER_CONFLICT');
    expect(rejected(result).errors).toEqual([
      expect.objectContaining({ path: 'excludedCountries', code: 'COUNTRY_FILTER_CONFLICT' }),
    ]);
  });

  it('rejects invalid country codes in the filters', () => {
    const result = parseSignalsRequest({ email: 'a@example.com', countries: ['US', 'XX', 'uk'] });
    expect(paths(result)).toEqual(['countries.1', 'countries.2']);
    expect(errorAt(result, 'countries.1').message).toBe(
      'countries.1: must be an ISO 3166-1 alpha-2 country code such as US or GB, got "XX"',
    );
    const excluded = parseSignalsRequest({ email: 'a@example.com', excludedCountries: 'RU' });
    expect(errorAt(excluded, 'excludedCountries').message).toBe('excludedCountries: must be an array');
  });

  it.each(['hour', 'day', 'week', 'month', '6month', 'year'] as const)(
    'accepts patternInterval %j',
    (interval) => {
      expect(
        accepted(parseSignalsRequest({ email: 'a@example.com', patternInterval: interval })).patternInterval,
      ).toBe(interval);
    },
  );

  it.each(['minute', 'Day', '', 7])('rejects patternInterval %j, listing the allowed values', (interval) => {
    const result = parseSignalsRequest({ email: 'a@example.com', patternInterval: interval });
    expect(rejected(result).code).toBe('INVALID_INPUT');
    expect(errorAt(result, 'patternInterval').message).toContain('hour, day, week, month, 6month, year');
  });

  it('applies the shared rules too', () => {
    expect(rejected(parseSignalsRequest({})).code).toBe('NO_MINIMUM_IDENTIFIER');
    expect(rejected(parseSignalsRequest({ emails: emailsOf(21) })).code).toBe('TOO_MANY_EMAILS');
  });
});

describe('reporting', () => {
  it('reports every offending path at once', () => {
    const result = verify({
      email: 5,
      emails: ['test@example.com', MD5],
      ssns: ['1', '123456789', '987654321'],
      name: { given: 'A', nickname: 'B' },
      location: { addressLine1: '1 Main St', postalCode: 'ABC', countryCode: 'XX', city: 7 },
      birthday: '1990-02-30',
      ipAddress: '1.2.3',
      sessionId: 7,
      profiles: [{ service: 'github' }],
      foo: true,
    });
    expect(paths(result).sort()).toEqual(
      [
        '',
        'birthday',
        'email',
        'emails.1',
        'ipAddress',
        'location.city',
        'location.countryCode',
        'name.family',
        'sessionId',
        'ssns',
        'ssns.0',
      ].filter((path) => path !== ''),
    );
    const codes = new Set(rejected(result).errors.map((error) => error.code));
    expect(codes).toEqual(new Set(['INVALID_INPUT', 'MIXED_EMAIL_FORMS', 'MULTIPLE_SSNS']));
    expect(rejected(result).code).toBe('MIXED_EMAIL_FORMS');
    for (const error of rejected(result).errors)
      expect(error.message.startsWith(`${error.path}: `)).toBe(true);
  });

  it.each([
    [
      'MIXED_EMAIL_FORMS over TOO_MANY_EMAILS',
      { emails: ['test@example.com', MD5, ...emailsOf(20)] },
      'MIXED_EMAIL_FORMS',
    ],
    [
      'TOO_MANY_EMAILS over MULTIPLE_SSNS',
      { emails: emailsOf(21), ssns: ['1111', '2222'] },
      'TOO_MANY_EMAILS',
    ],
    ['MULTIPLE_SSNS over NO_MINIMUM_IDENTIFIER', { ssns: ['1111', '2222'], birthday: 'x' }, 'MULTIPLE_SSNS'],
    ['NO_MINIMUM_IDENTIFIER over INVALID_INPUT', { birthday: 'x' }, 'NO_MINIMUM_IDENTIFIER'],
  ])('picks the most specific code: %s', (_case, body, code) => {
    expect(rejected(verify(body)).code).toBe(code);
  });

  it('puts COUNTRY_FILTER_CONFLICT above NO_MINIMUM_IDENTIFIER and INVALID_INPUT', () => {
    const result = parseSignalsRequest({ countries: ['US'], excludedCountries: ['RU'], birthday: 'x' });
    expect(rejected(result).code).toBe('COUNTRY_FILTER_CONFLICT');
    expect(paths(result).sort()).toEqual(['', 'birthday', 'excludedCountries']);
  });
});

describe('schemas', () => {
  it('export to JSON Schema 2020-12 (OpenAPI 3.1) with descriptions and open objects', () => {
    for (const schema of [multiFieldReqSchema, verifyRequestSchema, signalsRequestSchema]) {
      const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' });
      expect(json.type).toBe('object');
      expect(json.additionalProperties).toBeUndefined();
      expect(json.description).toMatch(/Unknown fields are accepted and ignored/);
    }
  });

  it('name the same fields, and say which operation uses and which ignores each', () => {
    const properties = (schema: z.ZodType) =>
      z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' }).properties ?? {};
    const all = properties(multiFieldReqSchema);
    const verifyProps = properties(verifyRequestSchema);
    const signalsProps = properties(signalsRequestSchema);
    expect(Object.keys(verifyProps).sort()).toEqual(Object.keys(all).sort());
    expect(Object.keys(signalsProps).sort()).toEqual(Object.keys(all).sort());
    const description = (props: Record<string, unknown>, key: string) =>
      (props[key] as { description?: string }).description ?? '';
    for (const key of ['countries', 'excludedCountries', 'patternInterval']) {
      expect(description(all, key)).toMatch(/^Signals only: .*Verify ignores it\.$/);
      // Verify accepts any value there: the property has no type, only its description.
      expect(verifyProps[key]).toEqual({ description: description(all, key) });
    }
    expect(description(all, 'sessionId')).toMatch(/^Verify only: .*Signals ignores it\.$/);
    expect(signalsProps.sessionId).toEqual({ description: description(all, 'sessionId') });
  });

  it('report the same rules with paths when used directly, as a form resolver would', () => {
    const result = multiFieldReqSchema.safeParse({
      location: { addressLine1: '1 Main St' },
      email: 'a@example.com',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'name.family',
      'name.given',
    ]);
  });
});
