import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAppleEgressIpRanges } from '@/lib/reference/importers/apple-egress-ip-ranges';
import { parseAwsIpRanges } from '@/lib/reference/importers/aws-ip-ranges';
import { toCidr } from '@/lib/reference/importers/cidr';
import { detectFormat } from '@/lib/reference/importers/detect';
import { parseGcpCloud } from '@/lib/reference/importers/gcp-cloud';
import { parsePlainIpList } from '@/lib/reference/importers/plain-ip-list';
import { parseTorExitAddresses } from '@/lib/reference/importers/tor-exit-addresses';
import { categorize } from '@/lib/services/reference/import-lists';

const data = (file: string) => readFileSync(path.resolve(process.cwd(), 'reference-data/ip', file), 'utf8');

describe('Tor exit-addresses (TorDNSEL)', () => {
  const text = data('tor/exit-addresses');
  it('reads every ExitAddress line and deduplicates', () => {
    const parsed = parseTorExitAddresses(text);
    expect(parsed.records).toBe(2378);
    expect(parsed.invalid).toBe(0);
    expect(parsed.entries).toHaveLength(1174);
    expect(parsed.entries).toContain('185.241.208.232/32');
    expect(parsed.publishedAt?.toISOString()).toBe('2024-03-12T14:00:00.000Z');
  });
  it('is detected by content', () => {
    expect(detectFormat(text, 'whatever.txt')).toBe('tor-exit-addresses');
  });
  it('takes the latest Published/LastStatus as the date', () => {
    const parsed = parseTorExitAddresses(
      'ExitNode AAAA\nPublished 2024-01-02 03:04:05\nLastStatus 2024-01-01 00:00:00\nExitAddress 1.2.3.4 2024-01-01 00:00:00\nExitAddress 1.2.3.4 2024-01-01 01:00:00\n',
    );
    expect(parsed).toEqual({
      entries: ['1.2.3.4/32'],
      publishedAt: new Date('2024-01-02T03:04:05Z'),
      records: 2,
      invalid: 0,
    });
  });
});

describe('plain IP lists', () => {
  it('reads tor-exit-nodes.lst: 1,746 addresses, IPv4 and IPv6', () => {
    const text = data('tor/tor-exit-nodes.lst');
    expect(detectFormat(text, 'x')).toBe('plain-ip-list');
    const parsed = parsePlainIpList(text);
    expect(parsed.entries).toHaveLength(1746);
    expect(parsed.entries.filter((e) => e.endsWith('/32'))).toHaveLength(1127);
    expect(parsed.entries.filter((e) => e.endsWith('/128'))).toHaveLength(619);
    expect(parsed.publishedAt).toBeNull();
  });
  it('reads x4bnet datacenter: 42,566 CIDRs', () => {
    const parsed = parsePlainIpList(data('x4bnet-datacenter/ipv4.txt'));
    expect(parsed.entries).toHaveLength(42566);
    expect(parsed.invalid).toBe(0);
  });
  it('reads x4bnet vpn: 10,862 CIDRs', () => {
    const text = data('x4bnet-vpn/ipv4.txt');
    expect(detectFormat(text, 'x')).toBe('plain-ip-list');
    const parsed = parsePlainIpList(text);
    expect(parsed.entries).toHaveLength(10862);
    expect(parsed.entries[0]).toBe('2.26.157.0/24');
  });
  it('ignores comments and blanks, counts invalid lines, canonicalises', () => {
    const parsed = parsePlainIpList('# header\n\n10.0.0.1\n10.0.0.9/24 # trailing\n2001:DB8::1\nnot-an-ip\n');
    expect(parsed.entries).toEqual(['10.0.0.1/32', '10.0.0.0/24', '2001:db8::1/128']);
    expect(parsed.invalid).toBe(1);
    expect(toCidr('')).toBeNull();
  });
  it('detects a short single-line list and rejects other text', () => {
    expect(detectFormat('1.2.3.4')).toBe('plain-ip-list');
    expect(detectFormat('hello world\n')).toBeNull();
    expect(detectFormat('{"foo": 1}')).toBeNull();
  });
});

describe('AWS ip-ranges.json', () => {
  const text = data('aws/ip-ranges.json');
  it('reads 10,668 IPv4 and 6,160 IPv6 prefixes and createDate', () => {
    expect(detectFormat(text, 'cloud.json')).toBe('aws-ip-ranges');
    const parsed = parseAwsIpRanges(text);
    expect(parsed.records).toBe(10668 + 6160);
    expect(parsed.invalid).toBe(0);
    // The same prefix is listed once per service: 7,905 distinct IPv4 and 3,108 IPv6.
    expect(parsed.entries).toHaveLength(7905 + 3108);
    expect(parsed.publishedAt?.toISOString()).toBe('2026-08-22T15:17:05.000Z');
  });
});

describe('GCP cloud.json', () => {
  const text = data('gcp/cloud.json');
  it('reads 782 prefixes and creationTime', () => {
    expect(detectFormat(text, 'ip-ranges.json')).toBe('gcp-cloud');
    const parsed = parseGcpCloud(text);
    expect(parsed.records).toBe(782);
    expect(parsed.entries).toHaveLength(782);
    expect(parsed.entries.filter((e) => e.includes(':'))).toHaveLength(782 - 736);
    expect(parsed.publishedAt?.toISOString()).toBe('2025-07-24T19:16:28.780Z');
  });
});

describe('Apple iCloud Private Relay egress-ip-ranges.csv', () => {
  // A hand-made file in Apple's format (CIDR,country,region,city,), two malformed lines included.
  const text = readFileSync(
    path.resolve(process.cwd(), 'tests/fixtures/ip-lists/icloud-private-relay/egress-ip-ranges.csv'),
    'utf8',
  );
  it('is detected by its file name and CSV shape', () => {
    expect(detectFormat(text, 'icloud-private-relay/egress-ip-ranges.csv')).toBe('apple-egress-ip-ranges');
    expect(categorize('apple-egress-ip-ranges', 'whatever/egress-ip-ranges.csv')).toBe('privacy-relay');
  });
  it('is not taken for another CSV of the same shape (a geofeed) under another name', () => {
    expect(detectFormat(text, 'geo/geofeed.csv')).toBeNull();
  });
  it('reads IPv4 and IPv6 CIDRs, deduplicates, and counts the malformed lines without failing', () => {
    const parsed = parseAppleEgressIpRanges(text);
    expect(parsed).toEqual({
      entries: [
        '172.224.226.0/27',
        '172.224.226.32/27',
        '104.28.28.64/29',
        '2a02:26f7:b3c0:4000::/64',
        '2606:54c0:1680:e8::/64',
      ],
      publishedAt: null,
      records: 8,
      invalid: 2,
    });
  });
  it('skips comments and blank lines', () => {
    expect(parseAppleEgressIpRanges('# prefix,country\n\n172.224.226.0/27,GB,GB-EN,London,\r\n')).toEqual({
      entries: ['172.224.226.0/27'],
      publishedAt: null,
      records: 1,
      invalid: 0,
    });
  });
});
