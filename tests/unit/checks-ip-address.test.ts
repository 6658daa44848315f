import { describe, expect, it } from 'vitest';
import { ipAddressChecks } from '@/lib/engine/checks/ip-address';
import { findCheck, outcome } from './support/find-check';
import { ctx, normalizedRequest } from './support/normalized-request';

const run = (address: string | null) =>
  ipAddressChecks(
    normalizedRequest({
      ipAddress: address === null ? null : { address, version: address.includes(':') ? 6 : 4 },
    }),
    ctx,
  );

describe('IP Address package', () => {
  it('answers IP_TYPE NONE and IP_GEOLOCATION_MISMATCH UNKNOWN without an IP', () => {
    const checks = run(null);
    expect(checks.map((c) => c.id).sort()).toEqual(['IP_GEOLOCATION_MISMATCH', 'IP_TYPE']);
    expect(outcome(checks, 'IP_TYPE')).toEqual({ state: 'NONE', risk: 'NONE' });
    expect(outcome(checks, 'IP_GEOLOCATION_MISMATCH')).toEqual({ state: 'UNKNOWN', risk: 'NONE' });
    expect(findCheck(checks, 'IP_TYPE').description).toBe('No IP address was provided.');
  });

  it('lets IP_GEOLOCATION_MISMATCH await the geolocation database', () => {
    const check = findCheck(run('8.8.8.8'), 'IP_GEOLOCATION_MISMATCH');
    expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(check.description).toMatch(/^Awaiting the IP geolocation database/);
  });
});

describe('IP_TYPE', () => {
  it.each([
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.10',
    '127.0.0.1',
    '169.254.10.1',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.251',
    '192.0.2.7',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    'ff02::1',
    '2001:db8::1',
    '::ffff:192.168.0.1',
    '2002:c0a8:101::1',
    '64:ff9b::a00:1',
  ])('%s is PRIVATE [MED]', (address) => {
    expect(outcome(run(address), 'IP_TYPE')).toEqual({ state: 'PRIVATE', risk: 'MED' });
  });

  it.each([
    '8.8.8.8',
    '203.0.114.9',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  ])('%s is public: UNKNOWN [LOW] until the lists load', (address) => {
    const check = findCheck(run(address), 'IP_TYPE');
    expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'LOW' });
    expect(check.description).toMatch(/Tor exit, VPN and data-center lists are not loaded yet/);
  });

  it('names the kind of private range', () => {
    expect(findCheck(run('192.168.1.10'), 'IP_TYPE').description).toMatch(
      /private network address \(RFC 1918\)/,
    );
    expect(findCheck(run('100.64.0.1'), 'IP_TYPE').description).toMatch(/carrier-grade NAT/);
  });
});
