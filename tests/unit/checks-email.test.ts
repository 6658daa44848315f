import { describe, expect, it } from 'vitest';
import { emailChecks } from '@/lib/engine/checks/email';
import type { EmailInput, NameInput } from '@/lib/engine/types';
import { findCheck, outcome } from './support/find-check';
import { cleartextEmail, ctx, hashedEmail, name, normalizedRequest } from './support/normalized-request';

const EMAIL_IDS = [
  'EMAIL_DELIVERABILITY',
  'EMAIL_FIRST_SEEN',
  'EMAIL_INVALID',
  'EMAIL_LAST_SEEN',
  'EMAIL_NEVER_SEEN',
  'EMAIL_NO_MX_RECORD',
  'EMAIL_TYPE',
  'EMAIL_USER_PORTION',
];

const run = (emails: EmailInput[], person: NameInput | null = null) =>
  emailChecks(normalizedRequest({ emails, name: person }), ctx);

describe('Email package', () => {
  it('answers every Email check with NONE when no email was sent', () => {
    const checks = run([]);
    expect(checks.map((c) => c.id).sort()).toEqual(EMAIL_IDS);
    for (const check of checks) {
      expect(check).toMatchObject({ state: 'NONE', risk: 'NONE', checkPackage: 'Email' });
      expect(check.description).toMatch(/No email/);
    }
  });

  it('answers every Email check when an email was sent; the data-bound ones await their source', () => {
    const checks = run([cleartextEmail('jane.doe@acme.com')]);
    expect(checks.map((c) => c.id).sort()).toEqual(EMAIL_IDS);
    for (const id of [
      'EMAIL_DELIVERABILITY',
      'EMAIL_FIRST_SEEN',
      'EMAIL_LAST_SEEN',
      'EMAIL_NEVER_SEEN',
      'EMAIL_NO_MX_RECORD',
    ]) {
      expect(outcome(checks, id), id).toEqual({ state: 'UNKNOWN', risk: 'NONE' });
      expect(findCheck(checks, id).description).toMatch(/^Awaiting /);
    }
    expect(findCheck(checks, 'EMAIL_NO_MX_RECORD').description).toMatch(/DNS/);
  });
});

describe('EMAIL_INVALID', () => {
  it('is TRUE [HIGH] for a cleartext that fails the syntax', () => {
    const checks = run([cleartextEmail('not-an-email', false)]);
    expect(outcome(checks, 'EMAIL_INVALID')).toEqual({ state: 'TRUE', risk: 'HIGH' });
  });

  it('is FALSE [NONE] for a well-formed cleartext', () => {
    expect(outcome(run([cleartextEmail('jane@acme.com')]), 'EMAIL_INVALID')).toEqual({
      state: 'FALSE',
      risk: 'NONE',
    });
  });

  // Issue 9, finding 7: a digest hides the syntax, so no "well formed" answer is given for it.
  it.each(['md5', 'sha1', 'sha256'] as const)(
    'is NONE for a %s digest, saying its syntax cannot be checked',
    (form) => {
      const check = findCheck(run([hashedEmail(form, 'jane@acme.com')]), 'EMAIL_INVALID');
      expect(check).toMatchObject({ state: 'NONE', risk: 'NONE' });
      expect(check.description).toMatch(/syntax cannot be checked/);
    },
  );

  it('is FALSE when a cleartext was checked, whatever digests come with it', () => {
    const checks = run([hashedEmail('md5', 'x@y.com'), cleartextEmail('jane@acme.com')]);
    expect(outcome(checks, 'EMAIL_INVALID')).toEqual({ state: 'FALSE', risk: 'NONE' });
  });

  it('is TRUE when any of several emails is invalid, and describes each', () => {
    const check = findCheck(
      run([cleartextEmail('jane@acme.com'), cleartextEmail('bad@', false)]),
      'EMAIL_INVALID',
    );
    expect(check.state).toBe('TRUE');
    expect(check.description).toMatch(/Email 1: A well-formed address\. Email 2: Not a well-formed/);
  });
});

describe('EMAIL_TYPE', () => {
  it.each([
    ['x@mailinator.com', 'DISPOSABLE', 'HIGH'],
    ['x@guerrillamail.com', 'DISPOSABLE', 'HIGH'],
    ['x@gmail.com', 'FREE', 'LOW'],
    ['x@outlook.com', 'FREE', 'LOW'],
    ['x@yahoo.co.uk', 'FREE', 'LOW'],
    ['x@mit.edu', 'EDUCATION', 'NONE'],
    ['x@ox.ac.uk', 'EDUCATION', 'NONE'],
    ['x@unimelb.edu.au', 'EDUCATION', 'NONE'],
    ['x@irs.gov', 'GOVERNMENT', 'NONE'],
    ['x@army.mil', 'GOVERNMENT', 'NONE'],
    ['x@hmrc.gov.uk', 'GOVERNMENT', 'NONE'],
    ['x@interieur.gouv.fr', 'GOVERNMENT', 'NONE'],
    ['x@acme.com', 'BUSINESS', 'MED'],
    ['x@stripe.com', 'BUSINESS', 'MED'],
  ])('%s is %s [%s]', (address, state, risk) => {
    expect(outcome(run([cleartextEmail(address)]), 'EMAIL_TYPE')).toEqual({ state, risk });
  });

  it('names the domain in its description', () => {
    expect(findCheck(run([cleartextEmail('x@gmail.com')]), 'EMAIL_TYPE').description).toBe(
      'The domain gmail.com is a free mailbox provider.',
    );
  });

  it('lets the riskiest of several emails decide and lists each', () => {
    const check = findCheck(
      run([cleartextEmail('a@mit.edu'), cleartextEmail('b@gmail.com'), cleartextEmail('c@acme.com')]),
      'EMAIL_TYPE',
    );
    expect(check).toMatchObject({ state: 'BUSINESS', risk: 'MED' });
    expect(check.description).toMatch(
      /^Riskiest of 3 emails\. Email 1: .*mit\.edu.* Email 2: .*gmail\.com.* Email 3: .*acme\.com/,
    );
  });

  it('ranks a disposable address above every other', () => {
    const checks = run([cleartextEmail('a@acme.com'), cleartextEmail('b@mailinator.com')]);
    expect(outcome(checks, 'EMAIL_TYPE')).toEqual({ state: 'DISPOSABLE', risk: 'HIGH' });
  });

  it('is UNKNOWN [NONE] when only digests were sent, since they hide the domain', () => {
    const check = findCheck(run([hashedEmail('sha256', 'x@gmail.com')]), 'EMAIL_TYPE');
    expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(check.description).toMatch(/SHA-256 digest hides the domain/);
  });

  it('ignores digests when a cleartext can be classified, even at risk NONE', () => {
    const checks = run([hashedEmail('md5', 'x@gmail.com'), cleartextEmail('y@mit.edu')]);
    expect(outcome(checks, 'EMAIL_TYPE')).toEqual({ state: 'EDUCATION', risk: 'NONE' });
  });
});

describe('EMAIL_USER_PORTION', () => {
  const jane = name('Jane', 'Doe');

  it.each([
    ['info@acme.com', null, 'ROLE', 'LOW'],
    ['support@acme.com', null, 'ROLE', 'LOW'],
    ['noreply@acme.com', null, 'ROLE', 'LOW'],
    ['jdoe@acme.com', jane, 'NAME_BASED', 'NONE'],
    ['doejane84@acme.com', jane, 'NAME_BASED', 'NONE'],
    ['jd1984@acme.com', jane, 'NAME_BASED', 'NONE'],
    ['john.smith@acme.com', null, 'NAME_BASED', 'NONE'],
    ['mary_jane-roe@acme.com', null, 'NAME_BASED', 'NONE'],
    ['john.smith84@acme.com', null, 'NAME_BASED', 'NONE'],
    ['5551234567@acme.com', null, 'NUMERIC', 'MED'],
    ['js19840212@acme.com', null, 'NUMERIC', 'MED'],
    ['x7k9q2m4@acme.com', null, 'RANDOM', 'MED'],
    ['qzxwvtpl@acme.com', null, 'RANDOM', 'MED'],
    ['a8f3k2@acme.com', null, 'RANDOM', 'MED'],
    ['sunshine@acme.com', null, 'OTHER', 'LOW'],
    ['coolcat99@acme.com', null, 'OTHER', 'LOW'],
  ])('%s (name %o) is %s [%s]', (address, person, state, risk) => {
    expect(outcome(run([cleartextEmail(address)], person), 'EMAIL_USER_PORTION')).toEqual({ state, risk });
  });

  it('drops the +tag before judging', () => {
    expect(outcome(run([cleartextEmail('info+shop@acme.com')]), 'EMAIL_USER_PORTION').state).toBe('ROLE');
  });

  it('never repeats the local part in its description', () => {
    const check = findCheck(run([cleartextEmail('jdoe@acme.com')], jane), 'EMAIL_USER_PORTION');
    expect(check.description).toBe('The local part contains the family name.');
    expect(check.description).not.toMatch(/jdoe/);
  });

  it('lets the riskiest of several emails decide', () => {
    const checks = run([cleartextEmail('jane.doe@acme.com'), cleartextEmail('12345678@acme.com')], jane);
    expect(outcome(checks, 'EMAIL_USER_PORTION')).toEqual({ state: 'NUMERIC', risk: 'MED' });
  });

  it('is UNKNOWN [NONE] for digests only', () => {
    expect(outcome(run([hashedEmail('sha1', 'jane@acme.com')]), 'EMAIL_USER_PORTION')).toEqual({
      state: 'UNKNOWN',
      risk: 'NONE',
    });
  });
});

// Issue 9, finding 6: a malformed address is one fact, carried by EMAIL_INVALID; the checks
// that read its domain or local part do not judge it and add no risk of their own.
describe('a malformed email counts once', () => {
  const DERIVED = ['EMAIL_DELIVERABILITY', 'EMAIL_NO_MX_RECORD', 'EMAIL_TYPE', 'EMAIL_USER_PORTION'];
  const malformed = cleartextEmail('jane.doe@gmail', false);

  it('leaves the risk to EMAIL_INVALID and says so in every derived check', () => {
    const checks = run([malformed], name('Jane', 'Doe'));
    expect(outcome(checks, 'EMAIL_INVALID')).toEqual({ state: 'TRUE', risk: 'HIGH' });
    for (const id of DERIVED) {
      const check = findCheck(checks, id);
      expect(check, id).toMatchObject({ state: 'NONE', risk: 'NONE' });
      expect(check.description, id).toMatch(/malformed \(EMAIL_INVALID\)/);
    }
  });

  it('does not call jane.doe@gmail a business domain', () => {
    expect(outcome(run([malformed]), 'EMAIL_TYPE')).not.toEqual({ state: 'BUSINESS', risk: 'MED' });
  });

  it('lets a well-formed address decide when it comes with a malformed one', () => {
    const checks = run([malformed, cleartextEmail('x@mailinator.com')]);
    expect(outcome(checks, 'EMAIL_TYPE')).toEqual({ state: 'DISPOSABLE', risk: 'HIGH' });
    expect(findCheck(checks, 'EMAIL_TYPE').description).toMatch(/Email 1: Not judged: /);
  });
});
