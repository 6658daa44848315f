import { describe, expect, it } from 'vitest';
import { CHECK_CATALOG } from '@/lib/engine/checks/catalog';
import { emailChecks } from '@/lib/engine/checks/email';
import type { MxAnswer } from '@/lib/engine/dns/types';
import type { EmailInput } from '@/lib/engine/types';
import { findCheck, outcome } from './support/find-check';
import { cleartextEmail, ctx, hashedEmail, normalizedRequest } from './support/normalized-request';

const MX: MxAnswer = { kind: 'mx', hosts: ['mx1.acme.com', 'mx2.acme.com'], implicit: false };
const MANY_MX: MxAnswer = {
  kind: 'mx',
  hosts: ['a.mx.big.com', 'b.mx.big.com', 'c.mx.big.com', 'd.mx.big.com', 'e.mx.big.com'],
  implicit: false,
};
const IMPLICIT: MxAnswer = { kind: 'mx', hosts: ['tiny.org'], implicit: true };
const NXDOMAIN: MxAnswer = { kind: 'none', reason: 'NXDOMAIN' };
const NO_RECORDS: MxAnswer = { kind: 'none', reason: 'NO_RECORDS' };
const NULL_MX: MxAnswer = { kind: 'none', reason: 'NULL_MX' };
const TIMEOUT: MxAnswer = { kind: 'error', reason: 'timed out' };

const ANSWERS = new Map<string, MxAnswer>([
  ['acme.com', MX],
  ['big.com', MANY_MX],
  ['tiny.org', IMPLICIT],
  ['gone.example', NXDOMAIN],
  ['bare.example', NO_RECORDS],
  ['nomail.example', NULL_MX],
  ['slow.example', TIMEOUT],
  // mailinator.com is on the disposable-email-domains list.
  ['mailinator.com', { kind: 'mx', hosts: ['mail.mailinator.com'], implicit: false }],
]);

const run = (emails: EmailInput[], mx: ReadonlyMap<string, MxAnswer> | null = ANSWERS) =>
  emailChecks(normalizedRequest({ emails }), { ...ctx, mx });
const noMx = (emails: EmailInput[], mx?: ReadonlyMap<string, MxAnswer> | null) =>
  findCheck(run(emails, mx === undefined ? ANSWERS : mx), 'EMAIL_NO_MX_RECORD');
const deliverable = (emails: EmailInput[], mx?: ReadonlyMap<string, MxAnswer> | null) =>
  findCheck(run(emails, mx === undefined ? ANSWERS : mx), 'EMAIL_DELIVERABILITY');

describe('EMAIL_NO_MX_RECORD', () => {
  it('is FALSE [NONE] when the domain has MX records, naming the domain and its hosts', () => {
    const check = noMx([cleartextEmail('jane@acme.com')]);
    expect(check).toMatchObject({ state: 'FALSE', risk: 'NONE' });
    expect(check.description).toBe('The domain acme.com receives mail at mx1.acme.com, mx2.acme.com.');
  });

  it('names at most three hosts', () => {
    expect(noMx([cleartextEmail('jane@big.com')]).description).toBe(
      'The domain big.com receives mail at a.mx.big.com, b.mx.big.com, c.mx.big.com and 2 more.',
    );
  });

  it('is FALSE for an implicit MX (A/AAAA only), saying so', () => {
    const check = noMx([cleartextEmail('jane@tiny.org')]);
    expect(check).toMatchObject({ state: 'FALSE', risk: 'NONE' });
    expect(check.description).toMatch(/^The domain tiny\.org has no MX record; .*implicit MX/);
  });

  it.each([
    ['gone.example', /does not exist \(NXDOMAIN\)/],
    ['bare.example', /has no MX, A or AAAA record/],
    ['nomail.example', /null MX \(RFC 7505\)/],
  ])('is TRUE [HIGH] when %s has no mail exchanger', (domain, reason) => {
    const check = noMx([cleartextEmail(`jane@${domain}`)]);
    expect(check).toMatchObject({ state: 'TRUE', risk: 'HIGH' });
    expect(check.description).toContain(domain);
    expect(check.description).toMatch(reason);
  });

  it('is UNKNOWN [LOW] when the lookup failed, or the domain is missing from the answers', () => {
    const failed = noMx([cleartextEmail('jane@slow.example')]);
    expect(failed).toMatchObject({ state: 'UNKNOWN', risk: 'LOW' });
    expect(failed.description).toBe('The DNS lookup of slow.example failed: timed out.');
    const missing = noMx([cleartextEmail('jane@elsewhere.com')]);
    expect(missing).toMatchObject({ state: 'UNKNOWN', risk: 'LOW' });
    expect(missing.description).toMatch(/elsewhere\.com was not looked up/);
  });

  it('awaits DNS [UNKNOWN, NONE] when it was not consulted', () => {
    const request = normalizedRequest({ emails: [cleartextEmail('jane@acme.com')] });
    // The shared ctx has no mx at all; null says the same.
    for (const context of [ctx, { ...ctx, mx: null }]) {
      const check = findCheck(emailChecks(request, context), 'EMAIL_NO_MX_RECORD');
      expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
      expect(check.description).toBe('Awaiting the DNS lookup of the MX record.');
    }
  });

  it('is NONE when no email, only digests or only malformed addresses were sent', () => {
    expect(outcome(run([]), 'EMAIL_NO_MX_RECORD')).toEqual({ state: 'NONE', risk: 'NONE' });
    const digest = noMx([hashedEmail('sha256', 'jane@acme.com')], null);
    expect(digest).toMatchObject({ state: 'NONE', risk: 'NONE' });
    expect(digest.description).toBe('A SHA-256 digest hides the domain, so it is not looked up.');
    const malformed = noMx([cleartextEmail('jane@@acme', false)]);
    expect(malformed).toMatchObject({ state: 'NONE', risk: 'NONE' });
    expect(malformed.description).toBe('Not judged: the address is malformed (EMAIL_INVALID).');
  });

  it('lets the riskiest email decide, digests staying quiet', () => {
    const emails = [
      hashedEmail('md5', 'x@y.com'),
      cleartextEmail('jane@acme.com'),
      cleartextEmail('old@gone.example'),
      cleartextEmail('x@slow.example'),
    ];
    const check = noMx(emails);
    expect(check).toMatchObject({ state: 'TRUE', risk: 'HIGH' });
    expect(check.description).toMatch(/^Riskiest of 4 emails\. Email 1: An MD5 digest hides the domain/);
    expect(check.description).toContain('Email 3: The domain gone.example does not exist (NXDOMAIN).');
    expect(noMx([cleartextEmail('jane@acme.com'), cleartextEmail('x@slow.example')])).toMatchObject({
      state: 'UNKNOWN',
      risk: 'LOW',
    });
    expect(noMx([hashedEmail('md5', 'x@y.com'), cleartextEmail('jane@tiny.org')])).toMatchObject({
      state: 'FALSE',
      risk: 'NONE',
    });
  });
});

describe('EMAIL_DELIVERABILITY', () => {
  it('is TRUE [NONE] for a well-formed address whose domain has a mail exchanger', () => {
    const check = deliverable([cleartextEmail('jane.doe@acme.com')]);
    expect(check).toMatchObject({ state: 'TRUE', risk: 'NONE' });
    expect(check.description).toBe('The domain acme.com receives mail at mx1.acme.com, mx2.acme.com.');
    expect(deliverable([cleartextEmail('jane@tiny.org')])).toMatchObject({ state: 'TRUE', risk: 'NONE' });
  });

  it('stays TRUE for a role address, noting the shared mailbox', () => {
    const check = deliverable([cleartextEmail('info@acme.com')]);
    expect(check).toMatchObject({ state: 'TRUE', risk: 'NONE' });
    expect(check.description).toMatch(/shared role mailbox\.$/);
  });

  // Issue 9, finding 6: the DNS answer is EMAIL_NO_MX_RECORD's fact; deliverability derives from it.
  it.each(['gone.example', 'bare.example', 'nomail.example'])(
    'is FALSE at NONE when %s cannot receive mail: EMAIL_NO_MX_RECORD counts it',
    (domain) => {
      const check = deliverable([cleartextEmail(`jane@${domain}`)]);
      expect(check).toMatchObject({ state: 'FALSE', risk: 'NONE' });
      expect(findCheck(run([cleartextEmail(`jane@${domain}`)], ANSWERS), 'EMAIL_NO_MX_RECORD')).toMatchObject(
        {
          state: 'TRUE',
          risk: 'HIGH',
        },
      );
      expect(check.description).toMatch(new RegExp(`^No mail can be delivered: the domain ${domain} `));
      expect(check.description).toMatch(/counted once, by EMAIL_NO_MX_RECORD\.$/);
    },
  );

  // Issue 9, finding 6: EMAIL_INVALID carries the malformed address; deliverability adds nothing.
  it('is NONE [NONE] for a malformed address, with or without DNS, naming EMAIL_INVALID', () => {
    for (const mx of [ANSWERS, null]) {
      const check = deliverable([cleartextEmail('jane@@acme.com', false)], mx);
      expect(check).toMatchObject({ state: 'NONE', risk: 'NONE' });
      expect(check.description).toBe('Not judged: the address is malformed (EMAIL_INVALID).');
    }
  });

  it('is UNKNOWN at NONE when the lookup failed (EMAIL_NO_MX_RECORD UNKNOWN counts it)', () => {
    const check = deliverable([cleartextEmail('jane@slow.example')]);
    expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(check.description).toBe(
      'The DNS lookup of slow.example failed: timed out; counted once, by EMAIL_NO_MX_RECORD.',
    );
  });

  it('is UNKNOWN at NONE for a disposable domain (EMAIL_TYPE DISPOSABLE counts it)', () => {
    const check = deliverable([cleartextEmail('qx81@mailinator.com')]);
    expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(check.description).toMatch(
      /^The domain mailinator\.com receives mail at mail\.mailinator\.com, but it is a disposable/,
    );
  });

  it('awaits DNS [UNKNOWN, NONE] when it was not consulted', () => {
    const check = deliverable([cleartextEmail('jane@acme.com'), hashedEmail('sha1', 'x@y.com')], null);
    expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(check.description).toBe('Awaiting the DNS lookup of the MX record.');
  });

  it('is NONE when no email or only digests were sent', () => {
    expect(outcome(run([]), 'EMAIL_DELIVERABILITY')).toEqual({ state: 'NONE', risk: 'NONE' });
    const check = deliverable([hashedEmail('sha1', 'jane@acme.com')]);
    expect(check).toMatchObject({ state: 'NONE', risk: 'NONE' });
    expect(check.description).toBe('A SHA-1 digest hides the address.');
  });

  it('lets the riskiest email decide', () => {
    const check = deliverable([cleartextEmail('jane@acme.com'), cleartextEmail('qx81@mailinator.com')]);
    expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(check.description).toMatch(/^Riskiest of 2 emails\. Email 1: The domain acme\.com receives mail/);
    const worst = deliverable([
      cleartextEmail('qx81@mailinator.com'),
      cleartextEmail('jane@acme.com'),
      cleartextEmail('old@gone.example'),
    ]);
    expect(worst).toMatchObject({ state: 'FALSE', risk: 'NONE' });
    // A malformed address is EMAIL_INVALID's fact: the well-formed one still awaits DNS.
    const mixed = deliverable([cleartextEmail('jane@acme.com'), cleartextEmail('bad@', false)], null);
    expect(mixed).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(mixed.description).toBe('Awaiting the DNS lookup of the MX record.');
  });
});

describe('catalog meanings', () => {
  it('say which evidence gives each state of both checks', () => {
    const deliverability = CHECK_CATALOG.EMAIL_DELIVERABILITY.states;
    expect(deliverability.TRUE.meaning).toMatch(/role address .* stays TRUE/);
    expect(deliverability.UNKNOWN.meaning).toMatch(/disposable/);
    expect(deliverability.FALSE.meaning).toMatch(/NXDOMAIN.*null MX/);
    expect(deliverability.NONE.meaning).toMatch(/malformed.*EMAIL_INVALID/);
    const noMxStates = CHECK_CATALOG.EMAIL_NO_MX_RECORD.states;
    expect(noMxStates.FALSE.meaning).toMatch(/implicit MX/);
    expect(noMxStates.UNKNOWN.meaning).toMatch(/timed out or failed/);
  });
});
