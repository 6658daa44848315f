import { describe, expect, it } from 'vitest';
import { call, newKey, query, verify } from './support';

const SPEC_IDS = [
  'BREACHED_IDENTITY_COMPROMISED',
  'DIGITAL_EXCESSIVE_CONNECTIVITY',
  'DIGITAL_SOCIAL_AGE',
  'DIGITAL_NO_DIGITAL_FOOTPRINT',
  'DIGITAL_NO_SOCIAL_NETWORK_PROFILES',
  'DIGITAL_SOCIAL_NETWORK_AVG_AGE',
  'DIGITAL_SOCIAL_NETWORK_NON_US',
  'EMAIL_DELIVERABILITY',
  'EMAIL_FIRST_SEEN',
  'EMAIL_INVALID',
  'EMAIL_LAST_SEEN',
  'EMAIL_NEVER_SEEN',
  'EMAIL_NO_MX_RECORD',
  'EMAIL_TYPE',
  'EMAIL_USER_PORTION',
  'IDENTITY_CA_SANCTION_LIST',
  'IDENTITY_EU_SANCTION_LIST',
  'IDENTITY_OFAC_LIST',
  'IDENTITY_UK_SANCTION_LIST',
  'IDENTITY_UN_SANCTION_LIST',
  'IP_GEOLOCATION_MISMATCH',
  'IP_TYPE',
  'LOCATION_ADDRESS_INVALID',
  'LOCATION_ADDRESS_IS_BUSINESS',
  'LOCATION_COUNTRY_RISK',
  'PHONE_DNO_TEXT',
  'PHONE_DNO_VOICE',
  'PHONE_FIRST_SEEN',
  'PHONE_FORMAT_INVALID',
  'PHONE_LAST_SEEN',
  'PHONE_LOCATION_MISMATCH',
  'PHONE_PORT',
  'PHONE_PREV_TYPE',
  'PHONE_TYPE',
  'SYNTHETIC_AGE_MISMATCH',
  'SYNTHETIC_EMAIL_MISMATCH',
  'SYNTHETIC_NAME_ADDRESS_NO_MATCH',
];
// Checks beyond the 37 core checks, in the package they fit (docs/api/operations.md).
const EXTRA_IDS = [
  'DIGITAL_CONTACT_CHANGE',
  'SYNTHETIC_SESSION_CONFLICT',
  'SYNTHETIC_SSN_BEFORE_BIRTH',
  'SYNTHETIC_SSN_INVALID',
  'SYNTHETIC_SSN_ISSUE_DATE',
  'SYNTHETIC_SSN_SHARED',
  'VELOCITY_ADDRESS',
  'VELOCITY_EMAIL',
  'VELOCITY_IP',
  'VELOCITY_PHONE',
  'VELOCITY_SSN',
  'WORKSPACE_LIST',
];
const RANK = { HIGH: 0, MED: 1, LOW: 2, NONE: 3 } as const;
const PACKAGES = [
  'Breached',
  'Digital',
  'Email',
  'Identity',
  'IP Address',
  'Location',
  'Phone',
  'Synthetic Identity',
];

interface CheckBody {
  id: string;
  state: string;
  risk: keyof typeof RANK;
  name: string;
  description: string;
  checkPackage: string;
  contribution: number;
}

function byId(checks: CheckBody[]): Record<string, CheckBody> {
  return Object.fromEntries(checks.map((c) => [c.id, c]));
}

describe('POST /api/verify', () => {
  it('201 with a new session, a risk in [0,1] and the 37 spec checks plus extras ordered HIGH, MED, LOW, NONE', async () => {
    const response = await verify({
      emails: ['jane.doe@gmail.com'],
      phones: ['+14155550123'],
      name: { given: 'Jane', family: 'Doe' },
      location: {
        addressLine1: '1 Main St',
        city: 'Springfield',
        regionCode: 'IL',
        postalCode: '62701',
        countryCode: 'US',
      },
      ipAddress: '10.1.2.3',
      birthday: '1990-04-01',
    });
    expect(response.status).toBe(201);
    expect(response.body.sessionId).toMatch(/^ses_[1-9A-HJ-NP-Za-km-z]{20,}$/);
    expect(response.body.risk).toBeGreaterThanOrEqual(0);
    expect(response.body.risk).toBeLessThanOrEqual(1);
    const checks = response.body.checks as CheckBody[];
    expect(SPEC_IDS).toHaveLength(37);
    expect(checks.map((c) => c.id).sort()).toEqual([...SPEC_IDS, ...EXTRA_IDS].sort());
    const ranks = checks.map((c) => RANK[c.risk]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    for (const check of checks) {
      expect(PACKAGES).toContain(check.checkPackage);
      expect(check.name.length).toBeGreaterThan(0);
      expect(check.description.length).toBeGreaterThan(0);
      // A step may be negative (trust) but never leaves [-1, 1] (docs/checks.md, "Overall risk").
      expect(Math.abs(check.contribution)).toBeLessThanOrEqual(1);
    }
    // Each check carries its waterfall step; the steps add up to the overall risk.
    const steps = checks.reduce((sum, c) => sum + c.contribution, 0);
    expect(steps).toBeCloseTo(response.body.risk, 3);
    const ids = byId(checks);
    expect(ids.EMAIL_TYPE?.state).toBe('FREE');
    expect(ids.EMAIL_INVALID?.state).toBe('FALSE');
    expect(ids.IP_TYPE).toMatchObject({ state: 'PRIVATE', risk: 'MED' });
    expect(ids.LOCATION_COUNTRY_RISK).toMatchObject({ state: 'LOW', risk: 'LOW' });
    expect(ids.PHONE_FORMAT_INVALID?.state).toBe('FALSE');
  });

  it('checks whose input is absent say NONE or UNKNOWN with risk NONE or LOW', async () => {
    const response = await verify({ ipAddress: '8.8.8.8' });
    expect(response.status).toBe(201);
    const ids = byId(response.body.checks);
    for (const id of SPEC_IDS.filter((i) => i.startsWith('EMAIL_') || i.startsWith('PHONE_'))) {
      expect(['NONE', 'UNKNOWN']).toContain(ids[id]?.state);
      expect(['NONE', 'LOW']).toContain(ids[id]?.risk);
    }
  });

  it('real checks reach their states from the input', async () => {
    const cases: [unknown, string, string, string][] = [
      [{ emails: ['x@mailinator.com'] }, 'EMAIL_TYPE', 'DISPOSABLE', 'HIGH'],
      [{ emails: ['prof@mit.edu'] }, 'EMAIL_TYPE', 'EDUCATION', 'NONE'],
      [{ emails: ['clerk@irs.gov'] }, 'EMAIL_TYPE', 'GOVERNMENT', 'NONE'],
      [{ emails: ['jane@acme-widgets.com'] }, 'EMAIL_TYPE', 'BUSINESS', 'MED'],
      [{ emails: ['not an email'] }, 'EMAIL_INVALID', 'TRUE', 'HIGH'],
      [{ emails: ['info@acme-widgets.com'] }, 'EMAIL_USER_PORTION', 'ROLE', 'LOW'],
      [{ emails: ['8675309123@gmail.com'] }, 'EMAIL_USER_PORTION', 'NUMERIC', 'MED'],
      [{ phones: ['12'] }, 'PHONE_FORMAT_INVALID', 'TRUE', 'HIGH'],
      [{ phones: ['+447400123456'] }, 'PHONE_TYPE', 'MOBILE', 'NONE'],
      [{ phones: ['+18005550199'] }, 'PHONE_TYPE', 'TOLL_FREE', 'HIGH'],
      [{ ipAddress: '192.168.0.10' }, 'IP_TYPE', 'PRIVATE', 'MED'],
      [{ ipAddress: '::1' }, 'IP_TYPE', 'PRIVATE', 'MED'],
      [
        {
          name: { given: 'A', family: 'B' },
          location: { addressLine1: '1 Kim Il Sung Sq', countryCode: 'KP' },
        },
        'LOCATION_COUNTRY_RISK',
        'HIGH',
        'HIGH',
      ],
    ];
    for (const [body, id, state, risk] of cases) {
      const response = await verify(body);
      expect(response.status, JSON.stringify(body)).toBe(201);
      expect(byId(response.body.checks)[id], JSON.stringify(body)).toMatchObject({ state, risk });
    }
  });

  it('a DISPOSABLE email moves the overall risk up', async () => {
    // Addresses of their own: other tests send jane.doe@ under many names, which velocity counts.
    const local = `disposable.check.${Date.now().toString(36)}`;
    const free = await verify({ emails: [`${local}@gmail.com`] });
    const disposable = await verify({ emails: [`${local}@mailinator.com`] });
    expect(disposable.body.risk).toBeGreaterThan(free.body.risk);
  });
});

describe('sessions', () => {
  it('joins with 200 and evaluates the union of the session identifiers', async () => {
    const created = await verify({ emails: ['union@gmail.com'] });
    expect(created.status).toBe(201);
    const sessionId = created.body.sessionId;
    expect(byId(created.body.checks).PHONE_FORMAT_INVALID?.state).toBe('NONE');

    const joined = await verify({ sessionId, phones: ['+14155550123'] });
    expect(joined.status).toBe(200);
    expect(joined.body.sessionId).toBe(sessionId);
    const ids = byId(joined.body.checks);
    // The email of the first call is still evaluated, next to the phone of this one.
    expect(ids.EMAIL_TYPE?.state).toBe('FREE');
    expect(ids.PHONE_FORMAT_INVALID?.state).toBe('FALSE');

    const rows = await query<{ calls: number }>('select calls from sessions where id = $1', [sessionId]);
    expect(rows[0]?.calls).toBe(2);
    const calls = await query<{ status: number }>(
      'select status from session_calls where session_id = $1 order by created_at',
      [sessionId],
    );
    expect(calls.map((c) => c.status)).toEqual([201, 200]);
  });

  it('stores session identifiers sealed, never the SSN or email in clear', async () => {
    const created = await verify({ emails: ['sealed.person@gmail.com'], ssns: ['123-45-6789'] });
    const rows = await query<{ sealed: string }>(
      'select identifiers_sealed as sealed from sessions where id = $1',
      [created.body.sessionId],
    );
    expect(rows[0]?.sealed).toMatch(/^v1\./);
    expect(rows[0]?.sealed).not.toContain('sealed.person');
    expect(rows[0]?.sealed).not.toContain('6789');
  });

  it("404 UNKNOWN_SESSION for an unknown id and for another workspace's session", async () => {
    const unknown = await verify({ sessionId: 'ses_1111111111111111111111', emails: ['a@gmail.com'] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('UNKNOWN_SESSION');

    const mine = await verify({ emails: ['mine@gmail.com'] });
    const other = await newKey('verify');
    const foreign = await verify(
      { sessionId: mine.body.sessionId, emails: ['a@gmail.com'] },
      { key: other.key },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'UNKNOWN_SESSION', detail: unknown.body.detail });
  });

  // docs/api/sessions.md: an unknown id of any form is 404, never a 400.
  it('a sessionId of any other form is 404 UNKNOWN_SESSION too', async () => {
    const response = await verify({ sessionId: 'abc', emails: ['a@gmail.com'] });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('UNKNOWN_SESSION');
  });
});

describe('trial quota', () => {
  it('429 QUOTA_EXCEEDED past the trial quota; rejected requests do not consume it', async () => {
    const trial = await newKey('verify', ['--trial-quota', '2']);
    const body = { emails: ['trial@gmail.com'] };
    expect((await verify({}, { key: trial.key })).status).toBe(400);
    expect((await verify(body, { key: trial.key })).status).toBe(201);
    expect((await verify(body, { key: trial.key })).status).toBe(201);
    const third = await verify(body, { key: trial.key });
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('QUOTA_EXCEEDED');
    // Signals is not under the Verify quota.
    const signalsKey = await newKey('signals', ['--trial-quota', '0']);
    expect((await call('/api/signals', { key: signalsKey.key, body })).status).not.toBe(429);
  });
});
