// Every input rule of docs/api/request-fields.md (fields, minimum input, what is a request error)
// and the error body of docs/api/errors.md, on both sides, over HTTP: an accepted
// body answers 201 (Verify) or 200/204 (Signals); a rejected one answers 400 problem JSON whose
// `code` names the rule and whose `errors[]` names every offending path.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type ApiResponse, signals, verify } from './support';

type Digest = 'md5' | 'sha1' | 'sha256';
const hash = (algorithm: Digest, text: string) => createHash(algorithm).update(text).digest('hex');

/** An identifier that satisfies the minimum input on its own, for rows about other fields. */
const IP = { ipAddress: '203.0.113.7' };
const EMAIL = { emails: ['jane.doe@gmail.com'] };
const JANE_MD5 = hash('md5', 'jane.doe@gmail.com');

interface FieldError {
  path: string;
  message: string;
  code: string;
}

interface Check {
  id: string;
  state: string;
}

/** `null` as the expected state means "the check saw input": anything but NONE. */
type Expected = readonly [checkId: string, state: string | null];

function expectAccepted(response: ApiResponse, expected?: Expected): void {
  expect(response.status, response.text).toBe(201);
  expect(response.body.sessionId).toMatch(/^ses_/);
  if (expected === undefined) return;
  const [id, state] = expected;
  const check = (response.body.checks as Check[]).find((c) => c.id === id);
  expect(check, `check ${id}`).toBeDefined();
  if (state === null) expect(check?.state, id).not.toBe('NONE');
  else expect(check?.state, id).toBe(state);
}

function expectSignalsAccepted(response: ApiResponse): void {
  expect([200, 204], response.text).toContain(response.status);
}

function expectRejected(response: ApiResponse, code: string, paths: readonly string[]): void {
  expect(response.status, response.text).toBe(400);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({ status: 400, code });
  const errors = response.body.errors as FieldError[];
  for (const error of errors) expect(error.message.length, error.path).toBeGreaterThan(0);
  expect(errors.map((e) => e.path).sort()).toEqual([...paths].sort());
}

const ENDPOINTS = [
  { endpoint: 'POST /api/verify', send: verify },
  { endpoint: 'POST /api/signals', send: signals },
];

// ---------------------------------------------------------------------------------------------

describe('minimum identifier bundles', () => {
  const bundles: { bundle: string; body: object; check: Expected }[] = [
    {
      bundle: 'name + location',
      body: { name: { given: 'Jane', family: 'Doe' }, location: { city: 'Springfield', countryCode: 'US' } },
      check: ['SYNTHETIC_NAME_ADDRESS_NO_MATCH', null],
    },
    { bundle: 'email', body: { email: 'jane.doe@gmail.com' }, check: ['EMAIL_INVALID', 'FALSE'] },
    { bundle: 'emails', body: { emails: ['jane.doe@gmail.com'] }, check: ['EMAIL_INVALID', 'FALSE'] },
    { bundle: 'phone', body: { phone: '+14155550123' }, check: ['PHONE_FORMAT_INVALID', 'FALSE'] },
    { bundle: 'phones', body: { phones: ['+14155550123'] }, check: ['PHONE_FORMAT_INVALID', 'FALSE'] },
    {
      bundle: 'profile (url)',
      body: { profile: { url: 'https://github.com/janedoe' } },
      check: ['DIGITAL_NO_DIGITAL_FOOTPRINT', null],
    },
    {
      bundle: 'profiles (username)',
      body: { profiles: [{ service: 'github', username: 'janedoe' }] },
      check: ['DIGITAL_NO_DIGITAL_FOOTPRINT', null],
    },
    {
      bundle: 'profiles (userid)',
      body: { profiles: [{ service: 'github', userid: '583231' }] },
      check: ['DIGITAL_NO_DIGITAL_FOOTPRINT', null],
    },
    {
      bundle: 'ssns (full)',
      body: { ssns: ['123-45-6789'] },
      check: ['BREACHED_IDENTITY_COMPROMISED', null],
    },
    { bundle: 'ssns (last four)', body: { ssns: ['6789'] }, check: ['BREACHED_IDENTITY_COMPROMISED', null] },
    { bundle: 'ipAddress', body: { ipAddress: '8.8.8.8' }, check: ['IP_TYPE', null] },
  ];

  it.each(bundles)('Verify accepts $bundle alone', async ({ body, check }) => {
    expectAccepted(await verify(body), check);
  });

  it.each(bundles)('Signals accepts $bundle alone', async ({ body }) => {
    expectSignalsAccepted(await signals(body));
  });

  const insufficient: { label: string; body: object; paths: string[] }[] = [
    { label: 'an empty body', body: {}, paths: [''] },
    { label: 'a name alone', body: { name: { given: 'Jane', family: 'Doe' } }, paths: [''] },
    {
      label: 'a location alone',
      body: { location: { city: 'Springfield', countryCode: 'US' } },
      paths: [''],
    },
    { label: 'only a birthday', body: { birthday: '1990-04-01' }, paths: [''] },
    {
      label: 'only supporting fields',
      body: { organization: 'Acme', title: 'CFO', birthday: '1990-04-01' },
      paths: [''],
    },
    { label: 'blank and null identifiers', body: { email: '  ', emails: [], phone: null }, paths: [''] },
    {
      // Evidence the graph cannot key: it does not count, and is not itself an error.
      label: 'a profile without url, username or userid',
      body: { profile: { service: 'github', followers: 10 } },
      paths: [''],
    },
  ];

  describe.each(ENDPOINTS)('$endpoint', ({ send }) => {
    it.each(insufficient)('rejects $label with NO_MINIMUM_IDENTIFIER', async ({ body, paths }) => {
      expectRejected(await send(body), 'NO_MINIMUM_IDENTIFIER', paths);
    });
  });
});

describe('an address needs name.given and name.family', () => {
  it.each([
    {
      label: 'given, family, addressLine1, city, regionCode and birthday (spec example)',
      body: {
        name: { given: 'Jane', family: 'Doe' },
        location: { addressLine1: '1 Main St', city: 'Springfield', regionCode: 'IL' },
        birthday: '1990-04-01',
      },
    },
    {
      label: 'an email with city and family name (spec example)',
      body: { ...EMAIL, name: { family: 'Doe' }, location: { city: 'Springfield' } },
    },
    {
      label: 'a phone with country and ipAddress (spec example)',
      body: { phones: ['+14155550123'], location: { country: 'United States' }, ...IP },
    },
  ])('accepts $label', async ({ body }) => {
    expectAccepted(await verify(body));
  });

  it.each([
    {
      label: 'addressLine1 without any name',
      body: { ...EMAIL, location: { addressLine1: '1 Main St', city: 'Springfield' } },
      code: 'INVALID_INPUT',
      paths: ['name.given', 'name.family'],
    },
    {
      label: 'addressLine1 with only a given name',
      body: { ...EMAIL, name: { given: 'Jane' }, location: { addressLine1: '1 Main St' } },
      code: 'INVALID_INPUT',
      paths: ['name.family'],
    },
    {
      label: 'addressLine1 with a blank given name',
      body: { ...EMAIL, name: { given: '  ', family: 'Doe' }, location: { addressLine1: '1 Main St' } },
      code: 'INVALID_INPUT',
      paths: ['name.given'],
    },
    {
      label: 'addressLine2 without addressLine1',
      body: { ...EMAIL, name: { given: 'Jane', family: 'Doe' }, location: { addressLine2: 'Apt 4' } },
      code: 'INVALID_INPUT',
      paths: ['location.addressLine1'],
    },
    {
      label: 'an address alone (both names and the minimum input are reported)',
      body: { location: { addressLine1: '1 Main St', city: 'Springfield' } },
      code: 'NO_MINIMUM_IDENTIFIER',
      paths: ['', 'name.given', 'name.family'],
    },
  ])('rejects $label', async ({ body, code, paths }) => {
    expectRejected(await verify(body), code, paths);
  });
});

describe('at most 20 emails, email and emails merged, duplicates removed', () => {
  const addresses = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) => `person${from + i}@example.com`);

  it.each([
    { label: '20 distinct emails', body: { emails: addresses(20) } },
    {
      label: 'email plus 19 distinct emails',
      body: { email: 'person99@example.com', emails: addresses(19) },
    },
    {
      label: '21 strings that reduce to 20 (exact duplicate)',
      body: { emails: [...addresses(20), 'person7@example.com'] },
    },
    {
      label: '21 strings that reduce to 20 (case and whitespace variant)',
      body: { emails: [...addresses(20), '  PERSON7@Example.COM '] },
    },
    {
      label: 'email repeating one of 20 emails in another case',
      body: { email: 'Person3@EXAMPLE.com', emails: addresses(20) },
    },
    {
      label: '22 strings with two duplicate digests in different case',
      body: {
        emails: [...addresses(19), JANE_MD5, JANE_MD5.toUpperCase(), ` ${JANE_MD5} `],
      },
    },
  ])('accepts $label', async ({ body }) => {
    expectAccepted(await verify(body), ['EMAIL_INVALID', 'FALSE']);
  });

  it.each([
    { label: '21 distinct emails', body: { emails: addresses(21) } },
    { label: 'email plus 20 other emails', body: { email: 'person99@example.com', emails: addresses(20) } },
    { label: '20 cleartext plus one digest', body: { emails: [...addresses(20), JANE_MD5] } },
  ])('rejects $label with TOO_MANY_EMAILS at emails', async ({ body }) => {
    expectRejected(await verify(body), 'TOO_MANY_EMAILS', ['emails']);
  });

  it('Signals applies the same limit', async () => {
    expectRejected(await signals({ emails: addresses(21) }), 'TOO_MANY_EMAILS', ['emails']);
  });
});

describe('one SSN per request', () => {
  it.each([
    { label: 'full with dashes', ssns: ['123-45-6789'] },
    { label: 'full without dashes', ssns: ['123456789'] },
    { label: 'last four', ssns: ['6789'] },
    { label: 'with surrounding white space', ssns: [' 123-45-6789 '] },
    { label: 'the same SSN with and without dashes', ssns: ['123-45-6789', '123456789'] },
  ])('accepts $label', async ({ ssns }) => {
    expectAccepted(await verify({ ssns }), ['BREACHED_IDENTITY_COMPROMISED', null]);
  });

  it.each([
    {
      label: 'two distinct full SSNs',
      ssns: ['123-45-6789', '987-65-4321'],
      code: 'MULTIPLE_SSNS',
      paths: ['ssns'],
    },
    {
      label: 'a full SSN and a different last four',
      ssns: ['123456789', '4321'],
      code: 'MULTIPLE_SSNS',
      paths: ['ssns'],
    },
    { label: 'two different last fours', ssns: ['6789', '4321'], code: 'MULTIPLE_SSNS', paths: ['ssns'] },
    {
      // docs/api/request-fields.md: never more than one SSN value; a last four is a value of its own.
      label: 'a full SSN and its own last four',
      ssns: ['123-45-6789', '6789'],
      code: 'MULTIPLE_SSNS',
      paths: ['ssns'],
    },
    { label: '8 digits', ssns: ['12345678'], code: 'INVALID_INPUT', paths: ['ssns.0'] },
    { label: 'letters', ssns: ['abc-de-fghi'], code: 'INVALID_INPUT', paths: ['ssns.0'] },
    { label: 'misplaced dashes', ssns: ['12-345-6789'], code: 'INVALID_INPUT', paths: ['ssns.0'] },
    {
      label: 'a good value next to a malformed one',
      ssns: ['123-45-6789', '12-34'],
      code: 'INVALID_INPUT',
      paths: ['ssns.1'],
    },
  ])('rejects $label with $code', async ({ ssns, code, paths }) => {
    expectRejected(await verify({ ssns }), code, paths);
  });
});

describe('phones', () => {
  it.each([
    { label: 'E.164', phone: '+14155550123', state: 'FALSE' },
    { label: 'E.164 of another country', phone: '+447400123456', state: 'FALSE' },
    { label: 'US national format with parentheses', phone: '(415) 555-0123', state: 'FALSE' },
    { label: 'US national format with dashes', phone: '415-555-0123', state: 'FALSE' },
    // docs/api/request-fields.md: an unparseable phone is evaluated, not rejected.
    { label: 'an unparseable string (evaluated, not rejected)', phone: 'not a phone', state: 'TRUE' },
    { label: 'too few digits (evaluated, not rejected)', phone: '12', state: 'TRUE' },
  ])('accepts $label: PHONE_FORMAT_INVALID $state', async ({ phone, state }) => {
    expectAccepted(await verify({ phones: [phone] }), ['PHONE_FORMAT_INVALID', state]);
  });

  it('normalises a US national number to E.164 (Signals finds it by its E.164 form)', async () => {
    const national = '(212) 555-0199';
    const e164 = '+12125550199';
    expectAccepted(await verify({ phone: national }), ['PHONE_FORMAT_INVALID', 'FALSE']);
    const found = await signals({ phones: [e164] });
    expect(found.status, found.text).toBe(200);
    expect(found.body.phones.map((p: { phone: string }) => p.phone)).toContain(e164);
  });
});

describe('emails', () => {
  const address = 'sam.smith@example.org';
  it.each([
    { label: 'a cleartext address', email: address, state: 'FALSE' },
    { label: 'an upper-case address with white space', email: `  ${address.toUpperCase()} `, state: 'FALSE' },
    // Issue 9, finding 7: a digest hides the syntax, so EMAIL_INVALID does not call it well formed.
    { label: 'its MD5', email: hash('md5', address), state: 'NONE' },
    { label: 'its SHA1', email: hash('sha1', address), state: 'NONE' },
    { label: 'its SHA-256', email: hash('sha256', address), state: 'NONE' },
    { label: 'its MD5 in upper-case hex', email: hash('md5', address).toUpperCase(), state: 'NONE' },
    { label: 'an address with a Cyrillic lookalike', email: 'jan\u0435.doe@gmail.com', state: 'FALSE' },
    // docs/api/request-fields.md: a string that is neither an address nor a digest is evaluated, not rejected.
    { label: 'a string that is no address (evaluated, not rejected)', email: 'not an email', state: 'TRUE' },
    { label: 'an address without a domain (evaluated, not rejected)', email: 'jane@', state: 'TRUE' },
    { label: 'hex of no digest length (evaluated, not rejected)', email: 'abcdef0123', state: 'TRUE' },
  ])('accepts $label: EMAIL_INVALID $state', async ({ email, state }) => {
    expectAccepted(await verify({ emails: [email] }), ['EMAIL_INVALID', state]);
  });

  it('accepts a cleartext address next to the hash of a different address', async () => {
    expectAccepted(await verify({ emails: [address, JANE_MD5] }), ['EMAIL_INVALID', 'FALSE']);
  });

  it.each([
    { label: 'cleartext and its MD5', body: { emails: [address, hash('md5', address)] }, path: 'emails.1' },
    { label: 'cleartext and its SHA1', body: { emails: [address, hash('sha1', address)] }, path: 'emails.1' },
    {
      label: 'cleartext and its SHA-256',
      body: { emails: [address, hash('sha256', address)] },
      path: 'emails.1',
    },
    { label: 'the hash first', body: { emails: [hash('md5', address), address] }, path: 'emails.0' },
    {
      label: 'the hash in email, the cleartext in emails',
      body: { email: hash('md5', address), emails: [address] },
      path: 'email',
    },
    {
      label: 'upper-case cleartext with white space and the MD5 of its lower-case form',
      body: { emails: [`  ${address.toUpperCase()}\t`, hash('md5', address)] },
      path: 'emails.1',
    },
    {
      label: 'cleartext and the MD5 hex in upper case',
      body: { emails: [address, hash('md5', address).toUpperCase()] },
      path: 'emails.1',
    },
    {
      // Input rule 3: lookalikes are folded to ASCII before hashing.
      label: "a Cyrillic 'е' address and the MD5 of its ASCII fold",
      body: { emails: ['jan\u0435.doe@gmail.com', JANE_MD5] },
      path: 'emails.1',
    },
  ])('rejects $label with MIXED_EMAIL_FORMS at the hashed entry', async ({ body, path }) => {
    expectRejected(await verify(body), 'MIXED_EMAIL_FORMS', [path]);
  });

  it('Signals applies the same rule', async () => {
    expectRejected(await signals({ emails: [address, hash('sha256', address)] }), 'MIXED_EMAIL_FORMS', [
      'emails.1',
    ]);
  });
});

describe('formats of birthday, ipAddress, countryCode and postalCode', () => {
  const today = new Date().toISOString().slice(0, 10);
  const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);

  it.each([
    { label: 'birthday 1990-02-28', body: { ...IP, birthday: '1990-02-28' } },
    { label: 'birthday 2000-02-29 (leap day)', body: { ...IP, birthday: '2000-02-29' } },
    { label: 'birthday today (UTC)', body: { ...IP, birthday: today } },
    { label: 'IPv4 203.0.113.7', body: { ipAddress: '203.0.113.7' }, check: ['IP_TYPE', null] as const },
    { label: 'IPv4 8.8.8.8', body: { ipAddress: '8.8.8.8' }, check: ['IP_TYPE', null] as const },
    { label: 'IPv6 2001:db8::1', body: { ipAddress: '2001:db8::1' }, check: ['IP_TYPE', null] as const },
    {
      label: 'IPv6 2606:4700:4700::1111',
      body: { ipAddress: '2606:4700:4700::1111' },
      check: ['IP_TYPE', null] as const,
    },
    {
      label: 'IPv4-mapped IPv6',
      body: { ipAddress: '::ffff:203.0.113.7' },
      check: ['IP_TYPE', null] as const,
    },
    {
      label: 'countryCode US',
      body: { ...IP, location: { countryCode: 'US' } },
      check: ['LOCATION_COUNTRY_RISK', 'LOW'] as const,
    },
    {
      label: 'countryCode gb (lower case)',
      body: { ...IP, location: { countryCode: 'gb' } },
      check: ['LOCATION_COUNTRY_RISK', 'LOW'] as const,
    },
    {
      label: 'countryCode De (mixed case)',
      body: { ...IP, location: { countryCode: 'De' } },
      check: ['LOCATION_COUNTRY_RISK', null] as const,
    },
    { label: 'US postalCode 12345', body: { ...IP, location: { countryCode: 'US', postalCode: '12345' } } },
    {
      label: 'US postalCode 12345-6789',
      body: { ...IP, location: { countryCode: 'US', postalCode: '12345-6789' } },
    },
    { label: 'postalCode 12345 without a country', body: { ...IP, location: { postalCode: '12345' } } },
  ])('accepts $label', async ({ body, check }: { body: object; check?: Expected }) => {
    expectAccepted(await verify(body), check);
  });

  it.each([
    {
      label: 'birthday 1990-02-30 (no such date)',
      body: { ...IP, birthday: '1990-02-30' },
      path: 'birthday',
    },
    { label: 'birthday 01/02/1990 (not ISO)', body: { ...IP, birthday: '01/02/1990' }, path: 'birthday' },
    { label: 'birthday 1990-2-3 (not zero-padded)', body: { ...IP, birthday: '1990-2-3' }, path: 'birthday' },
    { label: 'birthday 1990-13-01', body: { ...IP, birthday: '1990-13-01' }, path: 'birthday' },
    {
      label: 'birthday three days in the future',
      body: { ...IP, birthday: inThreeDays },
      path: 'birthday',
    },
    { label: 'birthday 2999-01-01', body: { ...IP, birthday: '2999-01-01' }, path: 'birthday' },
    { label: 'ipAddress 999.1.1.1', body: { ...EMAIL, ipAddress: '999.1.1.1' }, path: 'ipAddress' },
    { label: 'ipAddress localhost', body: { ...EMAIL, ipAddress: 'localhost' }, path: 'ipAddress' },
    { label: 'ipAddress 1.2.3 (short)', body: { ...EMAIL, ipAddress: '1.2.3' }, path: 'ipAddress' },
    { label: 'ipAddress 2001:db8::g', body: { ...EMAIL, ipAddress: '2001:db8::g' }, path: 'ipAddress' },
    { label: 'ipAddress alone, malformed', body: { ipAddress: 'localhost' }, path: 'ipAddress' },
    {
      label: 'countryCode ZZ',
      body: { ...IP, location: { countryCode: 'ZZ' } },
      path: 'location.countryCode',
    },
    {
      label: 'countryCode USA',
      body: { ...IP, location: { countryCode: 'USA' } },
      path: 'location.countryCode',
    },
    {
      label: 'countryCode UK',
      body: { ...IP, location: { countryCode: 'UK' } },
      path: 'location.countryCode',
    },
    {
      label: 'US postalCode 1234',
      body: { ...IP, location: { countryCode: 'US', postalCode: '1234' } },
      path: 'location.postalCode',
    },
    {
      label: 'US postalCode 123456',
      body: { ...IP, location: { countryCode: 'US', postalCode: '123456' } },
      path: 'location.postalCode',
    },
    {
      label: 'US postalCode 12345-678',
      body: { ...IP, location: { countryCode: 'US', postalCode: '12345-678' } },
      path: 'location.postalCode',
    },
    {
      label: 'postalCode 1234 without a country',
      body: { ...IP, location: { postalCode: '1234' } },
      path: 'location.postalCode',
    },
  ])('rejects $label with INVALID_INPUT', async ({ body, path }) => {
    expectRejected(await verify(body), 'INVALID_INPUT', [path]);
  });
});

describe('Signals: country filters and patternInterval', () => {
  it.each([
    { label: 'countries alone', body: { ...EMAIL, countries: ['US', 'gb'] } },
    { label: 'excludedCountries alone', body: { ...EMAIL, excludedCountries: ['FR'] } },
  ])('accepts $label', async ({ body }) => {
    expectSignalsAccepted(await signals(body));
  });

  it.each([
    {
      label: 'countries together with excludedCountries',
      body: { ...EMAIL, countries: ['US'], excludedCountries: ['FR'] },
      code: 'COUNTRY_FILTER_CONFLICT',
      paths: ['excludedCountries'],
    },
    {
      label: 'the same country in both filters',
      body: { ...EMAIL, countries: ['US'], excludedCountries: ['US'] },
      code: 'COUNTRY_FILTER_CONFLICT',
      paths: ['excludedCountries'],
    },
    {
      label: 'a code that is not alpha-2',
      body: { ...EMAIL, countries: ['US', 'ZZ', 'USA'] },
      code: 'INVALID_INPUT',
      paths: ['countries.1', 'countries.2'],
    },
    {
      label: 'countries as a string',
      body: { ...EMAIL, excludedCountries: 'US' },
      code: 'INVALID_INPUT',
      paths: ['excludedCountries'],
    },
  ])('rejects $label with $code', async ({ body, code, paths }) => {
    expectRejected(await signals(body), code, paths);
  });

  it.each(['hour', 'day', 'week', 'month', '6month', 'year'])(
    'accepts patternInterval %s',
    async (interval) => {
      expectSignalsAccepted(await signals({ ...EMAIL, patternInterval: interval }));
    },
  );

  it.each(['minute', 'Day', '6months', 'quarter', '', 7])(
    'rejects patternInterval %j with INVALID_INPUT',
    async (interval) => {
      expectRejected(await signals({ ...EMAIL, patternInterval: interval }), 'INVALID_INPUT', [
        'patternInterval',
      ]);
    },
  );
});

describe('wrong JSON types are INVALID_INPUT', () => {
  it.each([
    { label: 'emails as a string', body: { emails: 'jane.doe@gmail.com' }, path: 'emails' },
    { label: 'email as an array', body: { email: ['jane.doe@gmail.com'] }, path: 'email' },
    { label: 'name as a string', body: { ...EMAIL, name: 'Jane Doe' }, path: 'name' },
    { label: 'location as a string', body: { ...EMAIL, location: 'Springfield' }, path: 'location' },
    {
      label: 'profile.followers as a string',
      body: { profile: { username: 'janedoe', followers: '10' } },
      path: 'profile.followers',
    },
    {
      label: 'profiles[0].followers as a string',
      body: { profiles: [{ username: 'janedoe', followers: '10' }] },
      path: 'profiles.0.followers',
    },
    { label: 'profiles as an object', body: { profiles: { username: 'janedoe' } }, path: 'profiles' },
    { label: 'ssns as a string', body: { ssns: '123-45-6789' }, path: 'ssns' },
    { label: 'phones[0] as a number', body: { phones: [4155550123] }, path: 'phones.0' },
    { label: 'ipAddress as a number', body: { ...EMAIL, ipAddress: 3405803783 }, path: 'ipAddress' },
    { label: 'birthday as a number', body: { ...EMAIL, birthday: 19900401 }, path: 'birthday' },
    {
      label: 'name.given as a number',
      body: { ...EMAIL, name: { given: 7, family: 'Doe' } },
      path: 'name.given',
    },
  ])('$label', async ({ body, path }) => {
    expectRejected(await verify(body), 'INVALID_INPUT', [path]);
  });
});

// Unknown keys, and a field the other operation uses, are accepted and ignored (docs/api/request-fields.md
// "Addresses and transport"): see request-schema.test.ts.

describe('several violations are all listed in errors[]', () => {
  it.each([
    {
      label: 'bad birthday, bad ipAddress and bad countryCode',
      send: verify,
      body: { ...EMAIL, birthday: '1990-02-30', ipAddress: '999.1.1.1', location: { countryCode: 'ZZ' } },
      code: 'INVALID_INPUT',
      paths: ['birthday', 'ipAddress', 'location.countryCode'],
    },
    {
      label: 'two SSNs, a bad birthday and an unknown key (ignored)',
      send: verify,
      body: { ...EMAIL, ssns: ['123-45-6789', '987-65-4321'], birthday: '01/02/1990', foo: 1 },
      code: 'MULTIPLE_SSNS',
      paths: ['ssns', 'birthday'],
    },
    {
      label: 'mixed email forms, a wrong type and a bad postal code',
      send: verify,
      body: {
        emails: ['jane.doe@gmail.com', JANE_MD5],
        name: 'Jane',
        location: { countryCode: 'US', postalCode: '1234' },
      },
      code: 'MIXED_EMAIL_FORMS',
      paths: ['emails.1', 'name', 'location.postalCode'],
    },
    {
      label: 'no identifier, a bad birthday and an unknown nested key (ignored)',
      send: verify,
      body: { birthday: 'yesterday', location: { city: 'Springfield', zip: '12345' } },
      code: 'NO_MINIMUM_IDENTIFIER',
      paths: ['', 'birthday'],
    },
    {
      label: 'a filter conflict, a bad patternInterval and a bad ipAddress on Signals',
      send: signals,
      body: {
        ...EMAIL,
        countries: ['US'],
        excludedCountries: ['FR'],
        patternInterval: 'minute',
        ipAddress: 'x',
      },
      code: 'COUNTRY_FILTER_CONFLICT',
      paths: ['excludedCountries', 'patternInterval', 'ipAddress'],
    },
  ])('$label → $code', async ({ send, body, code, paths }) => {
    const response = await send(body);
    expectRejected(response, code, paths);
    expect(response.body.errors.map((e: FieldError) => e.code)).toContain(code);
  });
});
