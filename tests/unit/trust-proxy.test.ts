// TRUST_PROXY follows Express's "trust proxy" (proxy-addr): the chain is the socket's peer, then
// X-Forwarded-For from right to left; trusted hops are skipped, the first untrusted is the client.
import { describe, expect, it } from 'vitest';
import { PEER_ADDRESS_HEADER, peerAddress } from '@/lib/net/peer-address';
import { clientAddress, normalizeAddress, parseTrustProxy, type TrustProxy } from '@/lib/net/trust-proxy';

const none: TrustProxy = { kind: 'none' };

function trust(text: string): TrustProxy {
  const parsed = parseTrustProxy(text);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
}

describe('clientAddress without TRUST_PROXY', () => {
  it('is the socket peer, whatever X-Forwarded-For a client sends', () => {
    for (const forwardedFor of ['203.0.113.9', '10.0.0.1, 198.51.100.7', 'garbage', null]) {
      expect(clientAddress({ peer: '192.0.2.50', forwardedFor }, none)).toBe('192.0.2.50');
    }
  });

  it('a client rotating X-Forwarded-For keeps one address', () => {
    const seen = new Set(
      Array.from({ length: 30 }, (_, i) =>
        clientAddress({ peer: '127.0.0.1', forwardedFor: `198.51.100.${i}` }, none),
      ),
    );
    expect([...seen]).toEqual(['127.0.0.1']);
  });

  it('is null only when the peer is unknown', () => {
    expect(clientAddress({ peer: null, forwardedFor: '203.0.113.9' }, none)).toBeNull();
    expect(clientAddress({ peer: null, forwardedFor: '203.0.113.9' }, trust('1'))).toBeNull();
  });

  it('reports IPv4-mapped IPv6 peers as IPv4', () => {
    expect(clientAddress({ peer: '::ffff:127.0.0.1', forwardedFor: null }, none)).toBe('127.0.0.1');
    expect(normalizeAddress('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(normalizeAddress('2001:db8::1')).toBe('2001:db8::1');
  });
});

describe('clientAddress with a hop count', () => {
  it('1: behind one proxy, the entry that proxy appended', () => {
    // The client forged "1.1.1.1"; the proxy appended the address it saw, 203.0.113.9.
    const source = { peer: '10.0.0.2', forwardedFor: '1.1.1.1, 203.0.113.9' };
    expect(clientAddress(source, trust('1'))).toBe('203.0.113.9');
    expect(clientAddress(source, trust('2'))).toBe('1.1.1.1');
  });

  it('never goes past the furthest entry, and 0 means the peer', () => {
    expect(clientAddress({ peer: '10.0.0.2', forwardedFor: '203.0.113.9' }, trust('5'))).toBe('203.0.113.9');
    expect(clientAddress({ peer: '10.0.0.2', forwardedFor: null }, trust('1'))).toBe('10.0.0.2');
    expect(clientAddress({ peer: '10.0.0.2', forwardedFor: '203.0.113.9' }, trust('0'))).toBe('10.0.0.2');
  });
});

describe('clientAddress with trusted ranges', () => {
  it('skips trusted proxies from the peer outwards and stops at the first untrusted hop', () => {
    const source = { peer: '127.0.0.1', forwardedFor: '1.1.1.1, 203.0.113.9, 10.0.0.5' };
    expect(clientAddress(source, trust('loopback'))).toBe('10.0.0.5');
    expect(clientAddress(source, trust('loopback, 10.0.0.0/8'))).toBe('203.0.113.9');
    expect(clientAddress(source, trust('loopback,uniquelocal'))).toBe('203.0.113.9');
  });

  it('believes no header from an untrusted peer', () => {
    expect(clientAddress({ peer: '198.51.100.20', forwardedFor: '203.0.113.9' }, trust('loopback'))).toBe(
      '198.51.100.20',
    );
  });

  it('matches single addresses, CIDRs and IPv6 ranges', () => {
    expect(clientAddress({ peer: '192.0.2.7', forwardedFor: '203.0.113.9' }, trust('192.0.2.7'))).toBe(
      '203.0.113.9',
    );
    expect(clientAddress({ peer: '192.0.2.8', forwardedFor: '203.0.113.9' }, trust('192.0.2.7'))).toBe(
      '192.0.2.8',
    );
    expect(clientAddress({ peer: 'fd12::1', forwardedFor: '2001:db8::9' }, trust('fd00::/8'))).toBe(
      '2001:db8::9',
    );
    expect(clientAddress({ peer: '::1', forwardedFor: '2001:db8::9' }, trust('loopback'))).toBe(
      '2001:db8::9',
    );
  });

  it('stops at an entry that is no address', () => {
    expect(
      clientAddress({ peer: '127.0.0.1', forwardedFor: '203.0.113.9, nonsense' }, trust('loopback')),
    ).toBe('nonsense');
  });
});

describe('parseTrustProxy', () => {
  it('reads off values, hop counts and lists', () => {
    for (const off of ['false', 'off', '0', '']) expect(parseTrustProxy(off)).toEqual({ kind: 'none' });
    expect(parseTrustProxy('2')).toEqual({ kind: 'hops', hops: 2 });
    expect(parseTrustProxy('10.0.0.1, 172.16.0.0/12')).toEqual({
      kind: 'ranges',
      ranges: ['10.0.0.1/32', '172.16.0.0/12'],
    });
  });

  it('refuses trust-everything and anything that is not an address or range', () => {
    for (const bad of ['true', 'proxy.example.com', '10.0.0.0/33', '::1/129', '10.0.0.1/8/2', '1.2.3']) {
      expect(parseTrustProxy(bad)).toHaveProperty('error');
    }
    expect(parseTrustProxy('100')).toHaveProperty('error');
  });
});

describe('peerAddress', () => {
  const headers = new Headers({ [PEER_ADDRESS_HEADER]: '192.0.2.50' });

  it('ignores the header unless the preload that overwrites it runs in this process', () => {
    expect(peerAddress(headers)).toBeNull();
  });

  it('reads it once the preload has run (it overwrites whatever a client sent)', async () => {
    // @ts-expect-error a plain JavaScript module without types
    await import('../../scripts/support/peer-address.mjs');
    expect(peerAddress(headers)).toBe('192.0.2.50');
    expect(peerAddress(new Headers())).toBeNull();
  });
});
