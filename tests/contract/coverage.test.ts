// An honest cold start (issue 9), end to end: absence states weigh nothing while the graph's
// coverage of a workspace's applicants is unmeasured or low, and their default once the graph
// has known most of the workspace's recent applicants for years.
import { describe, expect, it } from 'vitest';
import { call, newKey, verify } from './support';

const DAY = 86_400_000;

interface CheckBody {
  id: string;
  state: string;
  risk: string;
  description: string;
}

const unique = (label: string) =>
  `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

async function verifyEmail(
  key: string,
  email: string,
): Promise<{ risk: number; checks: Record<string, CheckBody> }> {
  const response = await verify({ emails: [email] }, { key });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return {
    risk: response.body.risk as number,
    checks: Object.fromEntries((response.body.checks as CheckBody[]).map((c) => [c.id, c])),
  };
}

describe('Absence and the graph coverage of the workspace', () => {
  it('weighs nothing on a fresh workspace and its default once the graph knew most applicants for years', async () => {
    const { key } = await newKey('verify,signals,ingest');

    // Fresh: nobody measured yet. A stranger's absence says little and costs nothing.
    const cold = await verifyEmail(key, unique('cold.stranger'));
    expect(cold.checks.DIGITAL_NO_DIGITAL_FOOTPRINT).toMatchObject({ state: 'TRUE', risk: 'NONE' });
    expect(cold.checks.EMAIL_NEVER_SEEN).toMatchObject({ state: 'TRUE', risk: 'NONE' });
    expect(cold.checks.DIGITAL_NO_DIGITAL_FOOTPRINT?.description).toContain(
      "The graph's coverage is not measured yet (0 of the 100 Verify sessions with an email or phone it needs in the last 30 days), so absence says little. Weighed at NONE, not HIGH.",
    );

    // The workspace's usual applicants: 120 people the graph has seen since two years ago.
    const regulars = Array.from({ length: 120 }, (_, i) => unique(`regular${i}`));
    const events = regulars.map((email, i) => ({
      id: `signup-${i}`,
      type: 'signup',
      observedAt: Date.now() - 2 * 365 * DAY,
      source: 'shop',
      emails: [email],
    }));
    const fed = await call('/api/events', { key, body: events });
    expect(fed.status).toBe(202);
    expect(fed.body.accepted).toBe(120);
    for (const email of regulars) {
      const known = await verifyEmail(key, email);
      expect(known.checks.EMAIL_NEVER_SEEN?.state).toBe('FALSE');
    }

    // Mature: the stranger's absence is informative again, and costs more than a regular.
    const warm = await verifyEmail(key, unique('warm.stranger'));
    expect(warm.checks.DIGITAL_NO_DIGITAL_FOOTPRINT).toMatchObject({ state: 'TRUE', risk: 'HIGH' });
    // The same absence counts once: no footprint carries it, never seen adds nothing.
    expect(warm.checks.EMAIL_NEVER_SEEN).toMatchObject({ state: 'TRUE', risk: 'NONE' });
    expect(warm.checks.EMAIL_NEVER_SEEN?.description).toContain(
      'Counted once, by DIGITAL_NO_DIGITAL_FOOTPRINT.',
    );
    // The cold stranger counted as one applicant the graph did not know: 120 of 121.
    expect(warm.checks.DIGITAL_NO_DIGITAL_FOOTPRINT?.description).toContain(
      'The graph had known 99 % of the emails and phones verified in the last 30 days for more than 30 days (120 of 121), so absence is informative.',
    );
    const regular = await verifyEmail(key, regulars[0] ?? '');
    expect(warm.risk).toBeGreaterThan(regular.risk);
    expect(warm.risk).toBeGreaterThan(cold.risk);
  });

  it("scores the issue's ordinary applicant low on a fresh workspace (it was 0.82, high)", async () => {
    const { key } = await newKey('verify,signals,ingest');
    const response = await verify(
      {
        emails: [unique('maria.gonzalez')],
        phones: ['+16502530000'],
        name: { given: 'Maria', family: 'Gonzalez' },
        location: {
          addressLine1: '1600 Amphitheatre Pkwy',
          city: 'Mountain View',
          regionCode: 'CA',
          postalCode: '94043',
          countryCode: 'US',
        },
        ipAddress: '73.158.64.15',
        birthday: '1988-03-14',
      },
      { key },
    );
    expect(response.status).toBe(201);
    expect(response.body.risk).toBeLessThanOrEqual(0.5);
    const raised = (response.body.checks as CheckBody[]).filter((c) => c.risk === 'HIGH' || c.risk === 'MED');
    expect(raised).toEqual([]);
  });

  it('is measured per workspace: another workspace still starts cold', async () => {
    const { key } = await newKey('verify,signals,ingest');
    const stranger = await verifyEmail(key, unique('other.stranger'));
    expect(stranger.checks.DIGITAL_NO_DIGITAL_FOOTPRINT).toMatchObject({ state: 'TRUE', risk: 'NONE' });
  });
});
