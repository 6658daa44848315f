// A session's union (docs/api/sessions.md): every value of the singular fields is kept, the
// newest one in the field itself, and the graph keys cover all of them.
import { describe, expect, it } from 'vitest';
import { identifierKeys } from '@/lib/engine/graph/identifier-keys';
import { mergeRequests } from '@/lib/engine/merge';
import type { NormalizedRequest } from '@/lib/engine/types';
import { cleartextEmail, location, name, normalizedRequest } from './support/normalized-request';

const full = (digits: string) => ({ kind: 'full' as const, digits });
const ip = (address: string) => ({ address, version: 4 as const });

/** The session after each call, merged in order as Verify does. */
const session = (...calls: Partial<NormalizedRequest>[]) =>
  calls.map((c) => normalizedRequest(c)).reduce((merged, next) => mergeRequests(merged, next));

describe('mergeRequests', () => {
  it('keeps the newest value of each singular field and every other one the session received', () => {
    const merged = session(
      {
        ssn: full('001034567'),
        name: name('Jane', 'Doe'),
        ipAddress: ip('81.2.69.160'),
        birthday: '1985-02-03',
      },
      { ssn: full('002045678'), ipAddress: ip('81.2.69.161'), location: location() },
      { name: name('John', 'Roe'), birthday: '1990-07-04' },
    );
    expect(merged.ssn).toEqual(full('002045678'));
    expect(merged.name).toEqual(name('John', 'Roe'));
    expect(merged.ipAddress).toEqual(ip('81.2.69.161'));
    expect(merged.birthday).toBe('1990-07-04');
    expect(merged.location).toEqual(location());
    expect(merged.sessionValues).toEqual({
      ssns: [full('001034567')],
      names: [name('Jane', 'Doe')],
      locations: [],
      ipAddresses: [ip('81.2.69.160')],
      birthdays: ['1985-02-03'],
    });
  });

  it('counts a value sent again once, and never keeps the current value among the others', () => {
    const merged = session(
      { ssn: full('001034567'), birthday: '1985-02-03' },
      { ssn: full('002045678'), birthday: '1985-02-03' },
      { ssn: full('001034567') },
    );
    expect(merged.ssn).toEqual(full('001034567'));
    expect(merged.sessionValues?.ssns).toEqual([full('002045678')]);
    expect(merged.sessionValues?.birthdays).toEqual([]);
  });

  it('unions the lists as before', () => {
    const merged = session(
      { emails: [cleartextEmail('jane@example.com')] },
      { emails: [cleartextEmail('jane@example.com'), cleartextEmail('j.doe@example.com')] },
    );
    expect(merged.emails.map((e) => e.address)).toEqual(['jane@example.com', 'j.doe@example.com']);
  });
});

describe('identifierKeys of a session', () => {
  it('keys every SSN, name, address and IP the session received', () => {
    const merged = session(
      { ssn: full('001034567'), name: name('Jane', 'Doe'), ipAddress: ip('81.2.69.160') },
      {
        ssn: full('002045678'),
        name: name('John', 'Roe'),
        ipAddress: ip('81.2.69.161'),
        location: location({ addressLine1: '1 Main St', city: 'Springfield', postalCode: '62701' }),
      },
    );
    const keys = identifierKeys(merged, (digits) => `h:${digits}`).map((k) => `${k.kind}|${k.value}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'ssn|h:002045678',
        'ssn|h:001034567',
        'ip|81.2.69.161',
        'ip|81.2.69.160',
        'name|john||roe',
        'name|jane||doe',
      ]),
    );
    // The current values come first: the graph reads the current SSN and address by them.
    expect(keys.filter((k) => k.startsWith('ssn|'))).toEqual(['ssn|h:002045678', 'ssn|h:001034567']);
  });
});
