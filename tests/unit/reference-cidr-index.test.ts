import { describe, expect, it } from 'vitest';
import { CidrIndex } from '@/lib/reference/cidr-index';

const published = new Date('2024-03-12T00:00:00Z');
const index = CidrIndex.build([
  {
    name: 'dc',
    type: 'DATA_CENTER',
    publishedAt: null,
    entries: ['10.0.0.0/8', '3.5.140.0/22', '2600:1f00::/24', 'bad'],
  },
  { name: 'vpn', type: 'VPN', publishedAt: null, entries: ['10.1.0.0/16', '192.0.2.0/24'] },
  {
    name: 'tor',
    type: 'TOR',
    publishedAt: published,
    entries: ['10.1.2.3', '2001:db8::1', '192.0.2.128/25'],
  },
]);

describe('CidrIndex', () => {
  it('finds IPv4 blocks at their boundaries', () => {
    expect(index.lookup('3.5.140.0')).toBe('DATA_CENTER');
    expect(index.lookup('3.5.143.255')).toBe('DATA_CENTER');
    expect(index.lookup('3.5.139.255')).toBeNull();
    expect(index.lookup('3.5.144.0')).toBeNull();
    expect(index.lookup('0.0.0.0')).toBeNull();
    expect(index.lookup('255.255.255.255')).toBeNull();
  });
  it('finds IPv6 blocks and single addresses', () => {
    expect(index.lookup('2600:1f00::')).toBe('DATA_CENTER');
    expect(index.lookup('2600:1fff:ffff:ffff:ffff:ffff:ffff:ffff')).toBe('DATA_CENTER');
    expect(index.lookup('2600:2000::')).toBeNull();
    expect(index.lookup('2001:db8::1')).toBe('TOR');
    expect(index.lookup('2001:db8::2')).toBeNull();
  });
  it('applies TOR > VPN > DATA_CENTER over nested blocks', () => {
    expect(index.lookup('10.1.2.3')).toBe('TOR');
    expect(index.lookup('10.1.2.4')).toBe('VPN');
    expect(index.lookup('10.2.0.0')).toBe('DATA_CENTER');
    expect(index.lookup('192.0.2.127')).toBe('VPN');
    expect(index.lookup('192.0.2.128')).toBe('TOR');
    expect(index.match('10.1.2.3')).toEqual({
      name: 'tor',
      type: 'TOR',
      publishedAt: published,
      cidr: '10.1.2.3/32',
    });
    expect(index.match('10.200.0.1')).toMatchObject({ name: 'dc', cidr: '10.0.0.0/8' });
  });
  it('treats IPv4-mapped IPv6 as IPv4 and ignores junk', () => {
    expect(index.lookup('::ffff:10.1.2.3')).toBe('TOR');
    expect(index.lookup('not an ip')).toBeNull();
    expect(index.skipped).toBe(1);
    expect(index.size).toBe(8);
  });
  it('walks past sibling blocks to an enclosing one', () => {
    const nested = CidrIndex.build([
      {
        name: 'a',
        type: 'DATA_CENTER',
        publishedAt: null,
        entries: ['20.0.0.0/8', '20.1.0.0/16', '20.1.5.0/24', '20.2.0.0/16'],
      },
    ]);
    expect(nested.match('20.1.9.9')?.cidr).toBe('20.1.0.0/16');
    expect(nested.match('20.3.0.0')?.cidr).toBe('20.0.0.0/8');
    expect(nested.match('20.1.5.200')?.cidr).toBe('20.1.5.0/24');
    expect(nested.lookup('21.0.0.0')).toBeNull();
  });
});
