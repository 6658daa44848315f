import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { identifierKeys } from '@/lib/engine/graph/identifier-keys';
import { planClusters } from '@/lib/services/deletion/cluster-plan';
import { parseDeletionRequest } from '@/lib/services/deletion/request';
import {
  identifierTokens,
  isTombstoneKind,
  LOCK_BUCKETS,
  lockBuckets,
  tombstoneKeys,
} from '@/lib/services/deletion/tombstone-keys';
import { cleartextEmail, hashedEmail, normalizedRequest } from './support/normalized-request';

const digest = (algorithm: string, text: string) => createHash(algorithm).update(text).digest('hex');
const hmac = (value: string) => createHmac('sha256', 'test-secret').update(value).digest('hex');
const ssnHash = (digits: string) => `ssn-hash-of-${digits}`;

describe('tombstone tokens', () => {
  it('cover every digest of a cleartext email, so a later MD5-only request is refused too', () => {
    const [key] = identifierKeys(normalizedRequest({ emails: [cleartextEmail('ada@example.com')] }), ssnHash);
    expect(key).toBeDefined();
    expect(identifierTokens(key ?? { kind: '', value: '', md5: null, sha1: null })).toEqual([
      { kind: 'email', token: `email:sha256:${digest('sha256', 'ada@example.com')}` },
      { kind: 'email', token: `email:md5:${digest('md5', 'ada@example.com')}` },
      { kind: 'email', token: `email:sha1:${digest('sha1', 'ada@example.com')}` },
    ]);
  });

  it('key a hashed-only email by the form it came in, which a cleartext request also carries', () => {
    const md5 = digest('md5', 'ada@example.com');
    const [hashed] = identifierKeys(
      normalizedRequest({ emails: [hashedEmail('md5', 'ada@example.com')] }),
      ssnHash,
    );
    const [clear] = identifierKeys(
      normalizedRequest({ emails: [cleartextEmail('ada@example.com')] }),
      ssnHash,
    );
    expect(hashed?.value).toBe(`md5:${md5}`);
    const byHash = tombstoneKeys(hashed ? [hashed] : [], hmac).map((k) => k.hash);
    const fromClear = tombstoneKeys(clear ? [clear] : [], hmac).map((k) => k.hash);
    expect(byHash).toEqual([hmac(`tombstone|email:md5:${md5}`)]);
    expect(fromClear).toContain(byHash[0]);
  });

  it('key phones by E.164, SSNs by their graph keyed hash and profiles by service:handle', () => {
    const keys = identifierKeys(
      normalizedRequest({
        phones: [{ raw: '+1 415 555 0100', e164: '+14155550100', valid: true, region: 'US', lineType: null }],
        ssn: { kind: 'full', digits: '123456789' },
        profiles: [
          {
            service: 'github',
            username: '@Ada',
            url: null,
            userid: null,
            followers: null,
            following: null,
            score: null,
            bio: null,
          },
        ],
      }),
      ssnHash,
    );
    expect(keys.flatMap(identifierTokens).map((t) => t.token)).toEqual([
      'phone:+14155550100',
      'profile:github:ada',
      'ssn:ssn-hash-of-123456789',
    ]);
  });

  it('leave out shared attributes: names, addresses, IPs and employers never become tombstones', () => {
    const keys = identifierKeys(
      normalizedRequest({
        name: { given: 'Ada', middle: null, family: 'Lovelace' },
        ipAddress: { address: '203.0.113.7', version: 4 },
        organization: 'Analytical Engines',
      }),
      ssnHash,
    );
    expect(keys.map((k) => k.kind).sort()).toEqual(['employment', 'ip', 'name']);
    expect(keys.flatMap(identifierTokens)).toEqual([]);
    expect(['name', 'address', 'ip', 'employment'].some(isTombstoneKind)).toBe(false);
  });

  it('hash each form once, never the identifier in clear', () => {
    const row = { kind: 'email', value: digest('sha256', 'x@example.com'), md5: null, sha1: null };
    const keys = tombstoneKeys([row, { ...row }], hmac);
    expect(keys).toEqual([{ kind: 'email', hash: hmac(`tombstone|email:sha256:${row.value}`) }]);
    expect(keys[0]?.hash).not.toContain(row.value);
  });

  it('map hashes to sorted distinct lock buckets within range', () => {
    const hashes = Array.from({ length: 500 }, (_, i) => hmac(String(i)));
    const buckets = lockBuckets(hashes);
    expect(buckets).toEqual([...new Set(buckets)].sort((a, b) => a - b));
    expect(buckets.every((b) => Number.isInteger(b) && b >= 0 && b < LOCK_BUCKETS)).toBe(true);
    // 500 random hashes over 128 buckets leave almost none empty.
    expect(buckets.length).toBeGreaterThan(LOCK_BUCKETS * 0.9);
    expect(lockBuckets(['00000081ffff', '00000001'])).toEqual([1]);
  });
});

describe('parseDeletionRequest', () => {
  it('accepts emails, phones, profiles and a full SSN, normalised as for Verify', () => {
    const parsed = parseDeletionRequest({
      emails: [' Ada@Example.com '],
      phones: ['+1 (415) 555-0100'],
      ssns: ['123-45-6789'],
      profiles: [{ service: 'github', username: 'ada' }],
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.emails.map((e) => e.address)).toEqual(['ada@example.com']);
    expect(parsed.value.phones.map((p) => p.e164)).toEqual(['+14155550100']);
    expect(parsed.value.ssn).toEqual({ kind: 'full', digits: '123456789' });
    expect(parsed.value.profiles.map((p) => p.username)).toEqual(['ada']);
  });

  it('refuses shared attributes with a reason, by path, together with other errors', () => {
    const parsed = parseDeletionRequest({
      emails: ['ada@example.com', 'not an address'],
      name: { given: 'Ada', family: 'Lovelace' },
      ipAddress: '203.0.113.7',
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.code).toBe('INVALID_INPUT');
    expect(parsed.errors.map((e) => e.path)).toEqual(['name', 'ipAddress', 'emails.1']);
    expect(parsed.errors[0]?.message).toMatch(/^name: cannot be deleted: names, addresses/);
    expect(parsed.errors[2]?.message).toBe(
      'emails.1: must be an email address or its MD5, SHA1 or SHA-256 hex digest',
    );
  });

  it('refuses last-four SSNs and numbers that are not phone numbers', () => {
    const parsed = parseDeletionRequest({ ssns: ['6789'], phones: ['call me'] });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((e) => [e.path, e.code])).toEqual([
      ['phones.0', 'INVALID_INPUT'],
      ['ssns.0', 'INVALID_INPUT'],
    ]);
    expect(parsed.errors[1]?.message).toMatch(/full 9-digit SSN/);
  });

  it('needs at least one identifier, and keeps the parser codes and unknown-field hints', () => {
    const empty = parseDeletionRequest({ emails: [' '] });
    expect(empty).toEqual({
      ok: false,
      code: 'NO_MINIMUM_IDENTIFIER',
      errors: [
        {
          path: '',
          message: 'name at least one email, phone, profile or full SSN to delete',
          code: 'NO_MINIMUM_IDENTIFIER',
        },
      ],
    });
    const many = parseDeletionRequest({ emails: Array.from({ length: 21 }, (_, i) => `p${i}@example.com`) });
    expect(many.ok === false && many.code).toBe('TOO_MANY_EMAILS');
    const typo = parseDeletionRequest({ ssn: '123-45-6789' });
    expect(typo.ok === false && typo.errors.map((e) => e.message)).toEqual([
      'ssn: unknown field; did you mean ssns?',
    ]);
    expect(parseDeletionRequest([]).ok).toBe(false);
  });

  // Verify and Signals ignore unknown fields and keyless profiles; an erasure must not silently
  // leave behind what it was asked to erase.
  it('refuses unknown fields and profiles it cannot key, next to a valid identifier', () => {
    const result = parseDeletionRequest({
      emails: ['p@example.com'],
      ssn: '123-45-6789',
      sessionId: 'ses_x',
      profiles: [{ username: 'jdoe' }, { service: 'github' }],
    });
    expect(result.ok === false && result.errors.map((e) => e.path).sort()).toEqual([
      'profiles.1',
      'sessionId',
      'ssn',
    ]);
  });
});

describe('planClusters', () => {
  let counter = 0;
  const fresh = () => `per_new${++counter}`;
  const member = (id: string, personId = 'per_1', isHub = false) => ({ id, personId, isHub });

  it('splits a cluster the deleted identifier bridged: the larger part keeps the person', () => {
    counter = 0;
    // a-b-c and d-e were one person through a deleted email between c and d.
    const plan = planClusters(
      ['a', 'b', 'c', 'd', 'e'].map((id) => member(id)),
      [
        { a: 'a', b: 'b' },
        { a: 'b', b: 'c' },
        { a: 'd', b: 'e' },
      ],
      fresh,
    );
    expect(plan).toEqual([
      { id: 'd', personId: 'per_new1' },
      { id: 'e', personId: 'per_new1' },
    ]);
  });

  it('leaves a connected cluster alone and frees a lone survivor', () => {
    counter = 0;
    expect(planClusters([member('a'), member('b')], [{ a: 'a', b: 'b' }], fresh)).toEqual([]);
    expect(planClusters([member('a')], [], fresh)).toEqual([{ id: 'a', personId: null }]);
  });

  it('never joins through a hub or across persons, and breaks size ties by the smallest id', () => {
    counter = 0;
    const plan = planClusters(
      [member('h', 'per_1', true), member('x'), member('y'), member('m'), member('n'), member('q', 'per_2')],
      [
        { a: 'h', b: 'x' },
        { a: 'h', b: 'm' },
        { a: 'x', b: 'y' },
        { a: 'm', b: 'n' },
        { a: 'n', b: 'q' },
      ],
      fresh,
    );
    expect(plan).toEqual([
      { id: 'h', personId: null },
      { id: 'x', personId: 'per_new1' },
      { id: 'y', personId: 'per_new1' },
      { id: 'q', personId: null },
    ]);
  });
});
