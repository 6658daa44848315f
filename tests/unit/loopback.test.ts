import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDirectLocalRequest, isLoopbackAddress } from '@/lib/net/loopback';
import { PEER_ADDRESS_HEADER } from '@/lib/net/peer-address';

const PRELOADED = Symbol.for('verity.peer-address');
const global = globalThis as Record<symbol, unknown>;

describe('isLoopbackAddress', () => {
  it('knows 127.0.0.0/8, ::1 and the IPv4-mapped forms, and nothing else', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of ['10.0.0.1', '128.0.0.1', '::2', '::ffff:10.0.0.1', '', '127.0.0.1.evil']) {
      expect(isLoopbackAddress(address), address).toBe(false);
    }
  });
});

describe('isDirectLocalRequest (who may read GET /api/health?runtime=1)', () => {
  beforeEach(() => {
    global[PRELOADED] = true;
  });
  afterEach(() => {
    delete global[PRELOADED];
  });
  const headers = (entries: Record<string, string>) => new Headers(entries);

  it('a loopback peer, with the X-Forwarded-For Next.js fills with the peer itself', () => {
    expect(isDirectLocalRequest(headers({ [PEER_ADDRESS_HEADER]: '127.0.0.1' }))).toBe(true);
    expect(isDirectLocalRequest(headers({ [PEER_ADDRESS_HEADER]: '::1', 'x-forwarded-for': '::1' }))).toBe(
      true,
    );
  });

  it('not a remote peer, nor a proxy on this host relaying someone else', () => {
    expect(isDirectLocalRequest(headers({ [PEER_ADDRESS_HEADER]: '203.0.113.7' }))).toBe(false);
    expect(
      isDirectLocalRequest(headers({ [PEER_ADDRESS_HEADER]: '127.0.0.1', 'x-forwarded-for': '203.0.113.7' })),
    ).toBe(false);
    expect(
      isDirectLocalRequest(headers({ [PEER_ADDRESS_HEADER]: '127.0.0.1', forwarded: 'for=203.0.113.7' })),
    ).toBe(false);
    expect(
      isDirectLocalRequest(headers({ [PEER_ADDRESS_HEADER]: '127.0.0.1', 'x-real-ip': '203.0.113.7' })),
    ).toBe(false);
  });

  it('not when the peer is unknown (no preload: the header could be the client’s own)', () => {
    delete global[PRELOADED];
    expect(isDirectLocalRequest(headers({ [PEER_ADDRESS_HEADER]: '127.0.0.1' }))).toBe(false);
  });
});
