// Issue 33, a workspace's lists: each kind of entry is read into the same canonical form as the
// request's values it must match (an entry typed loosely matches a call typed otherwise), and
// wrong values are refused with a message fit for a 400 or a CSV line.
import { describe, expect, it } from 'vitest';
import { parseListEntry, requestProbes } from '@/lib/engine/lists/workspace-entry';
import { parseVerifyRequest } from '@/lib/engine/request';

const canonical = (kind: Parameters<typeof parseListEntry>[0], raw: string) => {
  const parsed = parseListEntry(kind, raw);
  return parsed.ok ? parsed.canonical : `error: ${parsed.message}`;
};

describe('list entries', () => {
  it('read each kind into its canonical form', () => {
    expect(canonical('email', '  ANA.Diaz@Example.COM ')).toBe('ana.diaz@example.com');
    expect(canonical('email_domain', '@MailDrop.cc')).toBe('maildrop.cc');
    // IDNA (UTS 46): the punycode and the Unicode spelling are one domain.
    expect(canonical('email_domain', 'xn--mnchen-3ya.de')).toBe('münchen.de');
    expect(canonical('phone', '(415) 555-2671')).toBe('+14155552671');
    expect(canonical('phone', '+44 20 7946 0958')).toBe('+442079460958');
    expect(canonical('ip', '2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    // A host inside the range is read as its network, as PostgreSQL's cidr type insists.
    expect(canonical('cidr', '203.0.113.77/24')).toBe('203.0.113.0/24');
    expect(canonical('cidr', '2001:db8::1/32')).toBe('2001:db8::/32');
    expect(canonical('ssn', '123-45-6789')).toBe('123456789');
    expect(canonical('name', '  José   ÁLVAREZ ')).toBe('josé álvarez');
  });

  it('show an SSN only by its last four', () => {
    expect(parseListEntry('ssn', '123 45 6789')).toMatchObject({ display: '***-**-6789' });
  });

  it('refuse what is not of their kind', () => {
    expect(canonical('email', 'not-an-address')).toBe('error: is not an e-mail address');
    expect(canonical('email_domain', 'localhost')).toBe('error: is not an e-mail domain');
    expect(canonical('phone', '12')).toBe('error: is not a phone number');
    expect(canonical('ip', '300.1.1.1')).toBe('error: is not an IP address');
    expect(canonical('cidr', '203.0.113.0/33')).toMatch(/^error: is not a CIDR range/);
    expect(canonical('ssn', '1234')).toBe('error: is not nine SSN digits');
    expect(canonical('name', 'Cher')).toBe('error: needs a given and a family name');
    expect(canonical('email', '   ')).toBe('error: is empty');
  });
});

describe("a request's values", () => {
  it('come in the forms the entries take, each once', () => {
    const parsed = parseVerifyRequest({
      emails: ['Ana.Diaz@Example.com', 'ana.diaz@example.com'],
      phones: ['415-555-2671'],
      ipAddress: '203.0.113.77',
      ssns: ['123-45-6789'],
      name: { given: 'José', family: 'Álvarez' },
    });
    if (!parsed.ok) throw new Error('request refused');
    expect(requestProbes(parsed.value)).toEqual([
      { kind: 'email', canonical: 'ana.diaz@example.com' },
      { kind: 'email_domain', canonical: 'example.com' },
      { kind: 'phone', canonical: '+14155552671' },
      { kind: 'ip', canonical: '203.0.113.77' },
      { kind: 'ssn', canonical: '123456789' },
      { kind: 'name', canonical: 'josé álvarez' },
    ]);
  });
});
