// EMAIL_NO_MX_RECORD and EMAIL_DELIVERABILITY end to end: Verify on the real server resolving
// against the loopback DNS server of global-setup.ts (zone: tests/support/mail-zone.ts).
import { describe, expect, it } from 'vitest';
import { verify } from './support';

type CheckRow = { id: string; state: string; risk: string; description: string };

async function mxChecks(email: string): Promise<[CheckRow | undefined, CheckRow | undefined]> {
  const response = await verify({ emails: [email] });
  expect(response.status).toBe(201);
  const checks = response.body.checks as CheckRow[];
  return [
    checks.find((c) => c.id === 'EMAIL_NO_MX_RECORD'),
    checks.find((c) => c.id === 'EMAIL_DELIVERABILITY'),
  ];
}

describe('MX lookups through a real DNS server', () => {
  it('finds the mail exchanger of a domain with MX records', async () => {
    const [noMx, deliverable] = await mxChecks('ada.quill@gmail.com');
    expect(noMx).toMatchObject({ state: 'FALSE', risk: 'NONE' });
    expect(noMx?.description).toContain('mx1.gmail.com');
    expect(deliverable).toMatchObject({ state: 'TRUE', risk: 'NONE' });
  });

  it('takes an address record as the implicit MX (RFC 5321)', async () => {
    const [noMx, deliverable] = await mxChecks('ops@a-only.verity.test');
    expect(noMx).toMatchObject({ state: 'FALSE', risk: 'NONE' });
    expect(deliverable).toMatchObject({ state: 'TRUE', risk: 'NONE' });
  });

  it('flags a domain without mail exchanger, a null MX and a domain that does not exist', async () => {
    for (const email of ['a@no-mail.verity.test', 'a@null-mx.verity.test', 'a@nowhere-at-all.verity.test']) {
      const [noMx, deliverable] = await mxChecks(email);
      expect(noMx, email).toMatchObject({ state: 'TRUE', risk: 'HIGH' });
      // One DNS answer counts once (issue 9): deliverability says FALSE and adds no risk.
      expect(deliverable, email).toMatchObject({ state: 'FALSE', risk: 'NONE' });
      expect(deliverable?.description, email).toMatch(/counted once, by EMAIL_NO_MX_RECORD\.$/);
    }
  });

  it('leaves a disposable domain with a mail server UNKNOWN for deliverability', async () => {
    const [noMx, deliverable] = await mxChecks('temp.user@mailinator.com');
    expect(noMx).toMatchObject({ state: 'FALSE', risk: 'NONE' });
    // The disposable provider is EMAIL_TYPE's fact (DISPOSABLE, HIGH): counted once.
    expect(deliverable).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
  });
});
