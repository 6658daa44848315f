// Issue 34: a failed delivery is retried with exponential back-off and jitter over about a day,
// then given up; destinations are public unicast addresses unless the operator allows a network.
import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, nextAttemptAt } from '@/lib/engine/webhooks/retry';
import { isAllowedDestination } from '@/lib/net/outbound-address';

describe('nextAttemptAt', () => {
  const at = new Date('2026-11-29T00:00:00Z');
  const delays = (random: number) => {
    const out: number[] = [];
    for (let attempts = 1; ; attempts++) {
      const next = nextAttemptAt(attempts, at, random);
      if (!next) return out;
      out.push((next.getTime() - at.getTime()) / 1000);
    }
  };

  it('backs off exponentially, about a day in all, then stops', () => {
    const middle = delays(0.5);
    expect(middle.length + 1).toBe(MAX_ATTEMPTS);
    for (let i = 1; i < middle.length; i++) expect(middle[i]).toBeGreaterThan(middle[i - 1] ?? 0);
    const total = middle.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(20 * 3600);
    expect(total).toBeLessThan(30 * 3600);
    expect(middle[0]).toBe(5);
  });

  it('spreads retries by up to 20 % either way', () => {
    expect(delays(0)[3]).toBeCloseTo(600 * 0.8, 0);
    expect(delays(0.999999)[3]).toBeCloseTo(600 * 1.2, 0);
  });
});

describe('isAllowedDestination', () => {
  it('takes public unicast addresses only', () => {
    expect(isAllowedDestination('93.184.216.34', [])).toBe(true);
    expect(isAllowedDestination('2606:2800:220:1:248:1893:25c8:1946', [])).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
      'not an ip',
    ]) {
      expect(isAllowedDestination(ip, []), ip).toBe(false);
    }
  });

  it('takes what the operator allowed', () => {
    expect(isAllowedDestination('127.0.0.1', ['127.0.0.0/8'])).toBe(true);
    expect(isAllowedDestination('::ffff:10.0.0.5', ['10.0.0.0/24'])).toBe(true);
    expect(isAllowedDestination('10.0.1.5', ['10.0.0.0/24'])).toBe(false);
  });
});
