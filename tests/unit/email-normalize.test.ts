import { createHash } from 'node:crypto';
import { domainToASCII } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  digestForm,
  emailKey,
  isValidEmailAddress,
  mapDomain,
  normalizeEmail,
} from '@/lib/engine/normalize/email';

const MD5 = '55502f40dc8b7c769880b10874abc9d0';
const SHA1 = '567159d622ffbb50b11b0efd307be358624a26ee';
const SHA256 = '973dfe463ec85785f5f95af5ba3906eedb2d931c24e69824a89ea65dba4e813b';

describe('normalizeEmail: cleartext', () => {
  it('the published digests of test@example.com are what node:crypto computes', () => {
    expect(createHash('md5').update('test@example.com').digest('hex')).toBe(MD5);
    expect(createHash('sha1').update('test@example.com').digest('hex')).toBe(SHA1);
    expect(createHash('sha256').update('test@example.com').digest('hex')).toBe(SHA256);
  });

  it('trims, lower-cases and hashes the normalised address', () => {
    const email = normalizeEmail('  Test@Example.COM \t');
    expect(email).toEqual({
      raw: '  Test@Example.COM \t',
      form: 'cleartext',
      address: 'test@example.com',
      valid: true,
      localPart: 'test',
      domain: 'example.com',
      md5: MD5,
      sha1: SHA1,
      sha256: SHA256,
    });
  });

  it('folds Cyrillic and fullwidth lookalikes before hashing', () => {
    const cyrillic = normalizeEmail('tеst@exаmple.com'); // Cyrillic е and а
    expect(cyrillic.address).toBe('test@example.com');
    expect(cyrillic.md5).toBe(MD5);
    expect(normalizeEmail('ｔｅｓｔ＠ｅｘａｍｐｌｅ．ｃｏｍ').sha256).toBe(SHA256);
  });

  it('keeps malformed text as an invalid cleartext and still hashes it', () => {
    const email = normalizeEmail(' Not-An-Email ');
    expect(email.form).toBe('cleartext');
    expect(email.valid).toBe(false);
    expect(email.address).toBe('not-an-email');
    expect(email.localPart).toBeNull();
    expect(email.domain).toBeNull();
    expect(email.md5).toBe(createHash('md5').update('not-an-email').digest('hex'));
  });

  it('splits local part and domain of a malformed address that has both', () => {
    const email = normalizeEmail('a..b@example.com');
    expect(email.valid).toBe(false);
    expect(email.localPart).toBe('a..b');
    expect(email.domain).toBe('example.com');
  });
});

describe('normalizeEmail: digests', () => {
  it.each([
    [MD5, 'md5'],
    [SHA1, 'sha1'],
    [SHA256, 'sha256'],
  ] as const)('recognises %s as %s and keeps only its own digest', (digest, form) => {
    const email = normalizeEmail(`  ${digest.toUpperCase()} `);
    expect(email.form).toBe(form);
    expect(email.address).toBeNull();
    expect(email.valid).toBe(true);
    expect(email.md5).toBe(form === 'md5' ? digest : null);
    expect(email.sha1).toBe(form === 'sha1' ? digest : null);
    expect(email.sha256).toBe(form === 'sha256' ? digest : null);
  });

  it('treats hex of another length, or a non-hex string of digest length, as cleartext', () => {
    expect(normalizeEmail(MD5.slice(1)).form).toBe('cleartext');
    expect(normalizeEmail(`${MD5.slice(1)}g`).form).toBe('cleartext');
    expect(digestForm(SHA256)).toBe('sha256');
    expect(digestForm('abc')).toBeNull();
  });
});

describe('isValidEmailAddress', () => {
  it.each([
    'test@example.com',
    'first.last+tag@sub.example.co.uk',
    "o'brien@example.ie",
    '"john doe"@example.com',
    'user@xn--mnchen-3ya.de',
    'jörg@münchen.de',
    `${'a'.repeat(64)}@example.com`,
  ])('accepts %s', (address) => {
    expect(isValidEmailAddress(address)).toBe(true);
  });

  it.each([
    ['no at sign', 'example.com'],
    ['no dot in the domain', 'user@localhost'],
    ['empty local part', '@example.com'],
    ['empty domain', 'user@'],
    ['leading dot', '.user@example.com'],
    ['trailing dot', 'user.@example.com'],
    ['consecutive dots', 'a..b@example.com'],
    ['space in the local part', 'john doe@example.com'],
    ['local part over 64', `${'a'.repeat(65)}@example.com`],
    ['label over 63', `user@${'a'.repeat(64)}.com`],
    ['label starting with a hyphen', 'user@-example.com'],
    ['empty label', 'user@example..com'],
    ['numeric top-level label', 'user@1.2.3.4'],
    ['over 254 in total', `user@${['a', 'b', 'c', 'd'].map((c) => c.repeat(63)).join('.')}.com`],
  ])('rejects %s', (_reason, address) => {
    expect(isValidEmailAddress(address)).toBe(false);
  });
});

// Issue 9, finding 8: RFC 5321/6531 lengths count octets of UTF-8, a TLD has at least two
// characters (RFC 1123, RFC 3696), and the domain is mapped as UTS 46 says before it is judged.
describe('email syntax by the RFCs', () => {
  // U+FF4A FULLWIDTH LATIN SMALL LETTER J is 3 octets in UTF-8 (EF BD 8A).
  const fullWidth = (count: number) => '\uff4a'.repeat(count);

  it('measures the local part in octets: 25 full-width letters are 75 octets, over 64', () => {
    expect(Buffer.byteLength(fullWidth(25), 'utf8')).toBe(75);
    expect(isValidEmailAddress(`${fullWidth(25)}@example.com`)).toBe(false);
    expect(normalizeEmail(`${fullWidth(25)}@example.com`).valid).toBe(false);
    // 21 of them are 63 octets: within the limit.
    expect(normalizeEmail(`${fullWidth(21)}@example.com`).valid).toBe(true);
  });

  it('rejects a one-letter top-level domain', () => {
    expect(isValidEmailAddress('z@co.c')).toBe(false);
    expect(normalizeEmail('z@co.c').valid).toBe(false);
    expect(isValidEmailAddress('z@co.cc')).toBe(true);
  });

  it('maps a full-width domain and ideographic full stops (UTS 46) before judging and hashing', () => {
    const plain = normalizeEmail('jane@gmail.com');
    for (const typed of [
      'jane@\uff47\uff4d\uff41\uff49\uff4c\uff0e\uff43\uff4f\uff4d',
      'jane@gmail\u3002com',
    ]) {
      const email = normalizeEmail(typed);
      expect(email.valid, typed).toBe(true);
      expect(email.domain, typed).toBe('gmail.com');
      expect(email.sha256, typed).toBe(plain.sha256);
    }
  });

  it('hashes an A-label domain as its Unicode form, so one mailbox has one digest', () => {
    const email = normalizeEmail('user@xn--mnchen-3ya.de');
    expect(email.valid).toBe(true);
    expect(email.domain).toBe('m\u00fcnchen.de');
    expect(email.md5).toBe(createHash('md5').update('user@m\u00fcnchen.de').digest('hex'));
  });

  it('judges the characters after the lookalike fold, the lengths as sent', () => {
    // docs/api/request-fields.md folds lookalikes: an invisible character or a full-width at-sign keys as the plain address.
    expect(normalizeEmail('jo\u200bhn@example.com')).toMatchObject({
      valid: true,
      address: 'john@example.com',
    });
    expect(normalizeEmail('\uff54\uff45\uff53\uff54\uff20example.com')).toMatchObject({
      valid: true,
      address: 'test@example.com',
    });
  });

  it('judges the label limit of the domain on its DNS form', () => {
    // 19 CJK characters are 57 octets of UTF-8 but a 64-octet A-label; 18 make a 60-octet one.
    const label =
      '\u65e5\u672c\u8a9e\u96fb\u5b50\u90f5\u4fbf\u56fd\u969b\u5316\u57df\u540d\u8a66\u9a13\u9577\u6587\u5b57\u5217\u78ba';
    expect(Buffer.byteLength(label, 'utf8')).toBe(57);
    expect(isValidEmailAddress(`user@${label}.jp`)).toBe(false);
    expect(isValidEmailAddress(`user@${label.slice(0, 18)}.jp`)).toBe(true);
  });
});

describe('emailKey', () => {
  it('gives the same key to the same address however it was written, and differs across forms', () => {
    expect(emailKey(normalizeEmail('Test@Example.com'))).toBe(emailKey(normalizeEmail(' test@example.com')));
    expect(emailKey(normalizeEmail(MD5))).toBe(emailKey(normalizeEmail(MD5.toUpperCase())));
    expect(emailKey(normalizeEmail(MD5))).not.toBe(emailKey(normalizeEmail('test@example.com')));
  });
});

// The console's form parses with the engine in the browser, where Node's url module is absent, so
// the engine maps domains with tr46; Node's own domainToASCII (the URL standard) is the oracle.
describe('mapDomain agrees with the URL standard (node:url domainToASCII)', () => {
  it.each([
    'gmail.com',
    'ＧＭＡＩＬ．ｃｏｍ',
    'gmail。com',
    'münchen.de',
    'xn--mnchen-3ya.de',
    'ΑΒΓ.gr',
    'a b.com',
    'a_b.com',
    'exa%mple.com',
    'bad..dots',
    '-lead.com',
    'پاکستان.pk',
  ])('%s', (domain) => {
    expect(mapDomain(domain)?.ascii ?? '').toBe(domainToASCII(domain));
  });

  // UTS #46 (since Unicode 15.1, Processing step 4) makes an ACE label that decodes to nothing an
  // error, as Node 20's domainToASCII does. The URL standard has since returned any ASCII domain
  // as it is (its beStrict=false carve-out, for web compatibility), which Node 24 follows; an
  // e-mail domain gets no such carve-out, so the engine keeps refusing it on every Node.
  it('xn--.com (an empty ACE label) is refused, whatever Node the oracle comes from', () => {
    expect(mapDomain('xn--.com')).toBeNull();
  });
});
