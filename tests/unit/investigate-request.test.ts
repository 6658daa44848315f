import { describe, expect, it } from 'vitest';
import { exampleApplicant } from '@/components/investigate/example-applicant';
import { emptyForm, type InvestigateFormValues } from '@/components/investigate/form-values';
import { buildRequest, maskSsn } from '@/components/investigate/request-body';
import { formPathOf, issuesToFormErrors, serverIssues } from '@/components/investigate/schema-issues';
import { signalsRequestSchema, verifyRequestSchema } from '@/lib/contract/schemas/request';
import { parseVerifyRequest } from '@/lib/engine/request';

const form = (patch: Partial<InvestigateFormValues>): InvestigateFormValues => ({ ...emptyForm(), ...patch });

/** The form errors the API's own schema gives for what the form would send. */
function schemaErrors(values: InvestigateFormValues, operation: 'verify' | 'signals' = 'verify') {
  const { body, rows } = buildRequest(values, operation);
  const schema = operation === 'verify' ? verifyRequestSchema : signalsRequestSchema;
  const result = schema.safeParse(body);
  return result.success ? {} : issuesToFormErrors(result.error.issues, rows);
}

describe('buildRequest', () => {
  it('sends nothing for an empty form but the Signals window', () => {
    expect(buildRequest(emptyForm(), 'verify').body).toEqual({});
    expect(buildRequest(emptyForm(), 'signals').body).toEqual({ patternInterval: 'month' });
  });

  it('uses plural forms, trims text and leaves blank rows and fields out', () => {
    const { body, rows } = buildRequest(
      form({
        emails: [{ value: '  ' }, { value: ' a@example.com ' }, { value: '' }, { value: 'b@example.com' }],
        phones: [{ value: '+14155552671' }],
        profiles: [
          { service: '', username: '', url: '', userid: '' },
          { service: 'github', username: ' jdoe ', url: '', userid: '' },
        ],
        name: { given: 'Jane', middle: ' ', family: 'Doe' },
        ssn: ' 123-45-6789 ',
        birthday: '1980-02-03',
      }),
      'verify',
    );
    expect(body).toEqual({
      emails: ['a@example.com', 'b@example.com'],
      phones: ['+14155552671'],
      profiles: [{ service: 'github', username: 'jdoe' }],
      name: { given: 'Jane', family: 'Doe' },
      birthday: '1980-02-03',
      ssns: ['123-45-6789'],
    });
    // Body index -> form row, across the blank rows left out.
    expect(rows).toEqual({
      'emails.0': 'emails.1.value',
      'emails.1': 'emails.3.value',
      'phones.0': 'phones.0.value',
      'profiles.0': 'profiles.1',
    });
  });

  it('sends the session to Verify only and the pattern window to Signals only', () => {
    const values = form({
      emails: [{ value: 'a@example.com' }],
      sessionId: 'ses_abc',
      patternInterval: 'week',
    });
    expect(buildRequest(values, 'verify').body).toEqual({ emails: ['a@example.com'], sessionId: 'ses_abc' });
    expect(buildRequest(values, 'signals').body).toEqual({
      emails: ['a@example.com'],
      patternInterval: 'week',
    });
    expect(buildRequest({ ...values, patternInterval: '' }, 'signals').body).toEqual({
      emails: ['a@example.com'],
    });
  });

  it('builds a body the API accepts from the example applicant', () => {
    const { body } = buildRequest(exampleApplicant(), 'verify');
    const parsed = parseVerifyRequest(body);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.emails.map((email) => email.address)).toEqual([
      'cortez.kuvalis@att.net',
      'cortez9194@yahoo.com',
    ]);
    expect(parsed.value.phones).toHaveLength(2);
    expect(parsed.value.profiles).toHaveLength(1);
  });

  it('tolerates the partial values the live preview sees', () => {
    expect(buildRequest({ emails: [undefined, { value: 'x@y.io' }], name: {} }, 'verify')).toEqual({
      body: { emails: ['x@y.io'] },
      rows: { 'emails.0': 'emails.1.value' },
    });
  });
});

describe('maskSsn', () => {
  it('masks all but the last four digits, keeping the dashes', () => {
    expect(maskSsn({ ssns: ['123-45-6789'], emails: ['a@b.co'] })).toEqual({
      ssns: ['•••-••-6789'],
      emails: ['a@b.co'],
    });
    expect(maskSsn({ ssns: ['123456789'] })).toEqual({ ssns: ['•••••6789'] });
    expect(maskSsn({ ssns: ['6789'] })).toEqual({ ssns: ['6789'] });
    expect(maskSsn({ emails: ['a@b.co'] })).toEqual({ emails: ['a@b.co'] });
  });
});

describe('schema messages under the form fields', () => {
  it('asks for an identifier on the form as a whole', () => {
    const errors = schemaErrors(emptyForm());
    expect(Object.keys(errors)).toEqual(['root']);
    expect(errors.root?.message).toMatch(/^The request needs at least one identifier/);
  });

  it('puts an email hashed and sent in cleartext under the row of the hash', () => {
    // MD5 of "jane@example.com", sent beside the address itself.
    const errors = schemaErrors(
      form({
        emails: [{ value: 'jane@example.com' }, { value: '' }, { value: '9e26471d35a78862c17e467d87cddedf' }],
      }),
    );
    expect(Object.keys(errors)).toEqual(['emails.2.value']);
    expect(errors['emails.2.value']?.message).toBe(
      'Is the md5 hash of the address sent in cleartext at emails.0; send each address in one form only',
    );
  });

  // A session id of any form is the server's to judge: an unknown one answers 404 UNKNOWN_SESSION,
  // which the view puts under the session input.
  it('maps name, address, SSN, birthday and IP rules to their inputs, and leaves the session to the server', () => {
    const errors = schemaErrors(
      form({
        emails: [{ value: 'a@example.com' }],
        location: {
          ...emptyForm().location,
          addressLine1: '1 Main St',
          postalCode: 'ABCDE',
          countryCode: 'US',
        },
        ssn: '12-34',
        birthday: '2999-01-01',
        ipAddress: '300.1.1.1',
        sessionId: 'nope',
      }),
    );
    expect(Object.keys(errors).sort()).toEqual([
      'birthday',
      'ipAddress',
      'location.postalCode',
      'name.family',
      'name.given',
      'ssn',
    ]);
    expect(errors['name.given']?.message).toBe('Required when location.addressLine1 is given');
    expect(errors.birthday?.message).toBe('Must not be in the future');
    expect(errors.ipAddress?.message).toMatch(/^Must be an IPv4 or IPv6 address/);
    expect(errors.ssn?.message).toMatch(/^Must be a full SSN of 9 digits/);
  });

  it('ignores the session for Signals', () => {
    expect(
      schemaErrors(form({ emails: [{ value: 'a@example.com' }], sessionId: 'nope' }), 'signals'),
    ).toEqual({});
  });

  // A profile row without url, username or userid is evidence the graph cannot key, not an error.
  it('accepts a profile row without an identifier next to another identifier', () => {
    const errors = schemaErrors(
      form({
        emails: [{ value: 'a@example.com' }],
        profiles: [
          { service: '', username: '', url: '', userid: '' },
          { service: 'github', username: '', url: '', userid: '' },
        ],
      }),
    );
    expect(errors).toEqual({});
  });

  it('names a path the form has no input for in the root message', () => {
    expect(formPathOf('countries.0', {})).toBeNull();
    expect(issuesToFormErrors([{ path: ['countries', 0], message: 'must be a code' }], {})).toEqual({
      root: { type: 'schema', message: 'countries.0: must be a code' },
    });
  });

  it('reads the API problem field errors the same way', () => {
    const issues = serverIssues([
      { path: 'emails.0', message: 'emails.0: is the md5 hash of the address sent in cleartext at emails.1' },
      { path: '', message: 'the request needs at least one identifier' },
    ]);
    expect(issuesToFormErrors(issues, { 'emails.0': 'emails.4.value' })).toEqual({
      'emails.4.value': {
        type: 'schema',
        message: 'Is the md5 hash of the address sent in cleartext at emails.1',
      },
      root: { type: 'schema', message: 'The request needs at least one identifier' },
    });
  });
});
