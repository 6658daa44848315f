import { describe, expect, it } from 'vitest';
import { ipAddressChecks } from '@/lib/engine/checks/ip-address';
import { isAwaitingCheck } from '@/lib/engine/checks/make-check';
import { CidrIndex } from '@/lib/reference/cidr-index';
import { geoipCountryLookup } from '@/lib/services/reference/geo-sources';
import { findCheck, outcome } from './support/find-check';
import { ctx, location, normalizedRequest } from './support/normalized-request';

const run = (address: string | null, ipLists: CidrIndex | null = null) =>
  ipAddressChecks(
    normalizedRequest({
      ipAddress: address === null ? null : { address, version: address.includes(':') ? 6 : 4 },
    }),
    { ...ctx, ipLists },
  );

const lists = CidrIndex.build([
  {
    name: 'aws/ip-ranges.json',
    type: 'DATA_CENTER',
    publishedAt: new Date('2026-08-22T15:17:05Z'),
    entries: ['3.5.140.0/22', '10.0.0.0/8'],
  },
  { name: 'x4bnet-vpn/ipv4.txt', type: 'VPN', publishedAt: null, entries: ['2.26.157.0/24'] },
  {
    name: 'tor/exit-addresses',
    type: 'TOR',
    publishedAt: new Date('2024-03-12T14:00:00Z'),
    entries: ['185.241.208.232'],
  },
]);

describe('IP Address package', () => {
  it('answers IP_TYPE NONE and IP_GEOLOCATION_MISMATCH UNKNOWN without an IP', () => {
    const checks = run(null);
    expect(checks.map((c) => c.id).sort()).toEqual(['IP_GEOLOCATION_MISMATCH', 'IP_TYPE']);
    expect(outcome(checks, 'IP_TYPE')).toEqual({ state: 'NONE', risk: 'NONE' });
    expect(outcome(checks, 'IP_GEOLOCATION_MISMATCH')).toEqual({ state: 'UNKNOWN', risk: 'NONE' });
    expect(findCheck(checks, 'IP_TYPE').description).toBe('No IP address was provided.');
  });

  it('lets IP_GEOLOCATION_MISMATCH await the geolocation database (states: checks-ip-geolocation)', () => {
    const check = findCheck(
      ipAddressChecks(
        normalizedRequest({
          ipAddress: { address: '8.8.8.8', version: 4 },
          location: location({ countryCode: 'US' }),
        }),
        ctx,
      ),
      'IP_GEOLOCATION_MISMATCH',
    );
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
    // Issue 9, finding 7: no list loaded is no evidence about the address, so no risk either.
  ])('%s is public: UNKNOWN [NONE], awaiting the lists', (address) => {
    const check = findCheck(run(address), 'IP_TYPE');
    expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(check.description).toMatch(
      /^Awaiting the Tor exit, iCloud Private Relay, VPN and data-center lists/,
    );
    expect(check.description).toContain(`${address} is a public address`);
    expect(isAwaitingCheck(check)).toBe(true);
  });

  it('names the kind of private range', () => {
    expect(findCheck(run('192.168.1.10'), 'IP_TYPE').description).toMatch(
      /private network address \(RFC 1918\)/,
    );
    expect(findCheck(run('100.64.0.1'), 'IP_TYPE').description).toMatch(/carrier-grade NAT/);
  });
});

describe('IP_TYPE with the reference lists loaded', () => {
  it('answers TOR [HIGH] with the list name and date', () => {
    const check = findCheck(run('185.241.208.232', lists), 'IP_TYPE');
    expect(check).toMatchObject({ state: 'TOR', risk: 'HIGH' });
    expect(check.description).toBe(
      '185.241.208.232 is a Tor exit node: it is in 185.241.208.232/32 on the list "tor/exit-addresses", published 2024-03-12.',
    );
  });
  it('answers VPN [LOW] and DATA_CENTER [MED]', () => {
    expect(outcome(run('2.26.157.77', lists), 'IP_TYPE')).toEqual({ state: 'VPN', risk: 'LOW' });
    const dc = findCheck(run('3.5.141.1', lists), 'IP_TYPE');
    expect(dc).toMatchObject({ state: 'DATA_CENTER', risk: 'MED' });
    expect(dc.description).toMatch(
      /3\.5\.140\.0\/22 on the list "aws\/ip-ranges\.json", published 2026-08-22/,
    );
  });
  it('checks PRIVATE before the lists', () => {
    expect(outcome(run('10.1.2.3', lists), 'IP_TYPE')).toEqual({ state: 'PRIVATE', risk: 'MED' });
  });
  it('answers UNKNOWN [NONE] for a public address on no list: no evidence either way', () => {
    const check = findCheck(run('81.2.69.142', lists), 'IP_TYPE');
    expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(check.description).toMatch(
      /not on any loaded Tor exit, iCloud Private Relay, VPN or data-center list/,
    );
    // Lists were read: an answer, not "List not loaded".
    expect(isAwaitingCheck(check)).toBe(false);
  });
});

// Issue 30: an honest VPN user read as abroad (a VPN exit geolocates to the provider's server).
describe('IP_GEOLOCATION_MISMATCH behind a VPN', () => {
  const withGeo = (address: string) =>
    ipAddressChecks(
      normalizedRequest({
        ipAddress: { address, version: 4 },
        location: location({ countryCode: 'US' }),
      }),
      { ...ctx, ipLists: lists, geo: geoipCountryLookup() },
    );

  it('does not compare a VPN exit with the address, and still compares a data center', () => {
    // 2.26.157.77 geolocates to the United Kingdom: abroad for a US address.
    const vpn = findCheck(withGeo('2.26.157.77'), 'IP_GEOLOCATION_MISMATCH');
    expect(vpn).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(vpn.description).toContain('is a VPN exit');
    expect(findCheck(withGeo('81.2.69.142'), 'IP_GEOLOCATION_MISMATCH').state).toBe('TRUE');
  });
});
