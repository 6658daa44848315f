import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMxResolver, type MxResolverOptions } from '@/lib/services/dns/mx-resolver';
import { RCODE, startDnsServer, type TestDnsServer } from '../support/dns-server';

const MINUTE = 60_000;

// One zone for every test; each test reads its own names, so the query counts stay its own.
const ZONE = {
  'acme.test': {
    mx: [
      { priority: 20, exchange: 'Backup.Acme.test' },
      { priority: 10, exchange: 'mx1.acme.test' },
    ],
  },
  'cached.test': { mx: [{ priority: 10, exchange: 'mx.cached.test' }] },
  'a-only.test': { a: ['192.0.2.10'], ttl: 120 },
  'aaaa-only.test': { aaaa: ['2001:db8::10'] },
  'nullmx.test': { mx: [{ priority: 0, exchange: '' }] },
  'mixed-null.test': {
    mx: [
      { priority: 0, exchange: '' },
      { priority: 10, exchange: 'mx.mixed-null.test' },
    ],
  },
  'empty.test': {},
  'expiring.test': {},
  'servfail.test': { rcode: RCODE.SERVFAIL },
  'refused.test': { rcode: RCODE.REFUSED },
  'silent.test': { silent: true },
  'xn--bcher-kva.test': { mx: [{ priority: 5, exchange: 'mx.xn--bcher-kva.test' }] },
};

let server: TestDnsServer;
let clock = 0;
const resolverFor = (dns: TestDnsServer, options: MxResolverOptions = {}) =>
  createMxResolver({ servers: [dns.address], now: () => clock, ...options });

beforeAll(async () => {
  server = await startDnsServer(ZONE);
});
afterAll(async () => {
  await server.close();
});

describe('MX lookups against a DNS server on loopback (RFC 5321 / RFC 7505 semantics)', () => {
  it('answers the MX hosts by preference, lower-cased', async () => {
    expect(await resolverFor(server).lookup('acme.test')).toEqual({
      kind: 'mx',
      hosts: ['mx1.acme.test', 'backup.acme.test'],
      implicit: false,
    });
    expect(server.questions.filter((q) => q.name === 'acme.test')).toEqual([
      { name: 'acme.test', type: 'MX' },
    ]);
  });

  it('falls back to the A record as an implicit MX, asking for A and AAAA after the empty MX answer', async () => {
    expect(await resolverFor(server).lookup('a-only.test')).toEqual({
      kind: 'mx',
      hosts: ['a-only.test'],
      implicit: true,
    });
    const types = server.questions.filter((q) => q.name === 'a-only.test').map((q) => q.type);
    expect(types.sort()).toEqual(['A', 'AAAA', 'MX']);
  });

  it('falls back to an AAAA record alone', async () => {
    expect(await resolverFor(server).lookup('aaaa-only.test')).toEqual({
      kind: 'mx',
      hosts: ['aaaa-only.test'],
      implicit: true,
    });
  });

  it('reads a lone "0 ." MX as a null MX, and ignores "." beside real exchanges', async () => {
    const resolver = resolverFor(server);
    expect(await resolver.lookup('nullmx.test')).toEqual({ kind: 'none', reason: 'NULL_MX' });
    expect(await resolver.lookup('mixed-null.test')).toEqual({
      kind: 'mx',
      hosts: ['mx.mixed-null.test'],
      implicit: false,
    });
    // A null MX is an answer, not a reason to try the address records.
    expect(server.count('nullmx.test')).toBe(1);
  });

  it('answers NXDOMAIN for a name the zone does not hold, with one question', async () => {
    expect(await resolverFor(server).lookup('nowhere.test')).toEqual({ kind: 'none', reason: 'NXDOMAIN' });
    expect(server.count('nowhere.test')).toBe(1);
  });

  it('answers NO_RECORDS when the domain exists without MX, A or AAAA', async () => {
    expect(await resolverFor(server).lookup('empty.test')).toEqual({ kind: 'none', reason: 'NO_RECORDS' });
    expect(server.count('empty.test')).toBe(3);
  });

  it('reports SERVFAIL and REFUSED as errors', async () => {
    const resolver = resolverFor(server);
    expect(await resolver.lookup('servfail.test')).toEqual({
      kind: 'error',
      reason: 'the DNS server failed (SERVFAIL)',
    });
    expect(await resolver.lookup('refused.test')).toEqual({
      kind: 'error',
      reason: 'the DNS server refused the query (REFUSED)',
    });
  });

  it('gives up on a server that never answers within the budget', async () => {
    const resolver = resolverFor(server, { timeoutMs: 300 });
    const started = performance.now();
    expect(await resolver.lookup('silent.test')).toEqual({ kind: 'error', reason: 'timed out' });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('looks up an internationalised domain by its IDNA form, keyed as given', async () => {
    const answers = await resolverFor(server).lookupAll(['Bücher.test']);
    expect([...answers]).toEqual([
      ['bücher.test', { kind: 'mx', hosts: ['mx.xn--bcher-kva.test'], implicit: false }],
    ]);
  });

  it('answers names under .invalid with NXDOMAIN without asking (RFC 6761)', async () => {
    const before = server.questions.length;
    expect(await resolverFor(server).lookup('acme.invalid')).toEqual({ kind: 'none', reason: 'NXDOMAIN' });
    expect(server.questions.length).toBe(before);
  });
});

describe('MX cache', () => {
  it('serves a second lookup from the cache: the server sees one question', async () => {
    const resolver = resolverFor(server);
    const first = await resolver.lookup('cached.test');
    const second = await resolver.lookup('CACHED.test');
    expect(second).toEqual(first);
    expect(first.kind).toBe('mx');
    expect(server.count('cached.test')).toBe(1);
  });

  it('keeps a positive answer for its record TTL within the bounds', async () => {
    const dns = await startDnsServer(ZONE);
    try {
      clock = 0;
      const resolver = resolverFor(dns);
      await resolver.lookup('a-only.test'); // A record TTL 120 s
      clock = 119_000;
      await resolver.lookup('a-only.test');
      expect(dns.count('a-only.test')).toBe(3);
      clock = 121_000;
      await resolver.lookup('a-only.test');
      expect(dns.count('a-only.test')).toBe(6);
    } finally {
      await dns.close();
    }
  });

  it('caches NXDOMAIN and NO_RECORDS for the negative lifetime, then asks again', async () => {
    const dns = await startDnsServer(ZONE);
    try {
      clock = 0;
      const resolver = resolverFor(dns, { negativeTtlMs: 5 * MINUTE });
      expect((await resolver.lookup('gone.test')).kind).toBe('none');
      expect((await resolver.lookup('expiring.test')).kind).toBe('none');
      clock = 5 * MINUTE - 1;
      expect(await resolver.lookup('gone.test')).toEqual({ kind: 'none', reason: 'NXDOMAIN' });
      expect(await resolver.lookup('expiring.test')).toEqual({ kind: 'none', reason: 'NO_RECORDS' });
      expect(dns.count('gone.test')).toBe(1);
      expect(dns.count('expiring.test')).toBe(3);
      clock = 5 * MINUTE;
      await resolver.lookup('gone.test');
      expect(dns.count('gone.test')).toBe(2);
    } finally {
      await dns.close();
    }
  });

  it('keeps a failure only briefly', async () => {
    const dns = await startDnsServer(ZONE);
    try {
      clock = 0;
      const resolver = resolverFor(dns, { errorTtlMs: 15_000 });
      await resolver.lookup('servfail.test');
      await resolver.lookup('servfail.test');
      expect(dns.count('servfail.test')).toBe(1);
      clock = 15_000;
      expect((await resolver.lookup('servfail.test')).kind).toBe('error');
      expect(dns.count('servfail.test')).toBe(2);
    } finally {
      await dns.close();
    }
  });

  it('sends one question for concurrent lookups of the same domain', async () => {
    const slow = await startDnsServer(ZONE, { delayMs: 150 });
    try {
      const resolver = resolverFor(slow);
      const answers = await Promise.all([
        resolver.lookup('acme.test'),
        resolver.lookup('acme.test'),
        resolver.lookupAll(['acme.test', 'ACME.test']),
      ]);
      expect(answers[0]).toEqual({
        kind: 'mx',
        hosts: ['mx1.acme.test', 'backup.acme.test'],
        implicit: false,
      });
      expect(answers[1]).toBe(answers[0]);
      expect([...answers[2].keys()]).toEqual(['acme.test']);
      expect(answers[2].get('acme.test')).toBe(answers[0]);
      expect(slow.count('acme.test')).toBe(1);
    } finally {
      await slow.close();
    }
  });

  it('evicts the least recently used domain beyond its capacity', async () => {
    const dns = await startDnsServer(ZONE);
    try {
      const resolver = resolverFor(dns, { maxEntries: 2 });
      await resolver.lookup('acme.test');
      await resolver.lookup('cached.test');
      await resolver.lookup('acme.test'); // now the most recent
      await resolver.lookup('nullmx.test'); // evicts cached.test
      await resolver.lookup('acme.test');
      await resolver.lookup('cached.test');
      expect(dns.count('acme.test')).toBe(1);
      expect(dns.count('cached.test')).toBe(2);
    } finally {
      await dns.close();
    }
  });
});

describe('a resolver cut off from the internet', () => {
  it('does not trust its NXDOMAIN when it cannot find the root zone, and probes the root once', async () => {
    const isolated = await startDnsServer(ZONE, { rootReachable: false });
    try {
      clock = 0;
      const resolver = resolverFor(isolated);
      const first = await resolver.lookup('acme.test');
      const second = await resolver.lookup('gone.test');
      for (const answer of [first, second]) {
        expect(answer).toEqual({
          kind: 'error',
          reason: 'the resolver cannot find the root zone, so its negative answer is not trusted',
        });
      }
      expect(isolated.count('')).toBe(1);
    } finally {
      await isolated.close();
    }
  });

  it('trusts NXDOMAIN from a resolver that finds the root zone, probing it once per health period', async () => {
    const dns = await startDnsServer(ZONE);
    try {
      clock = 0;
      const resolver = resolverFor(dns, { healthTtlMs: 10 * MINUTE });
      const answers = await resolver.lookupAll(['one.test', 'two.test', 'three.test']);
      expect([...answers.values()]).toEqual(Array(3).fill({ kind: 'none', reason: 'NXDOMAIN' }));
      await resolver.lookup('acme.test');
      expect(dns.count('')).toBe(1);
      clock = 10 * MINUTE;
      expect(await resolver.lookup('four.test')).toEqual({ kind: 'none', reason: 'NXDOMAIN' });
      expect(dns.count('')).toBe(2);
    } finally {
      await dns.close();
    }
  });
});
