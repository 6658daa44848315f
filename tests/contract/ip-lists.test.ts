import { afterAll, describe, expect, it } from 'vitest';
import { cli, query, verify } from './support';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** IP_TYPE of a fresh Verify call for one address. */
async function ipType(ipAddress: string): Promise<{ state: string; risk: string; description: string }> {
  const response = await verify({ ipAddress });
  expect(response.status).toBe(201);
  const check = (
    response.body.checks as { id: string; state: string; risk: string; description: string }[]
  ).find((c) => c.id === 'IP_TYPE');
  if (!check) throw new Error('no IP_TYPE check');
  return check;
}

describe('npm run lists', () => {
  afterAll(async () => {
    // Leave the shared server as the other files expect it: no lists loaded (the server
    // notices within its 2 s check interval).
    await query('DELETE FROM reference_lists');
    await sleep(2_500);
  });

  it('update says it needs internet, names the official URLs and exits 1', async () => {
    const result = await cli('scripts/lists.ts', ['update']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/needs internet/);
    expect(result.stderr).toContain('https://check.torproject.org/exit-addresses');
    expect(result.stderr).toContain('https://ip-ranges.amazonaws.com/ip-ranges.json');
  });

  it('imports reference-data/ip and Verify answers IP_TYPE from the lists', async () => {
    const result = await cli('scripts/lists.ts', ['import', 'reference-data/ip']);
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as {
      imported: { name: string; category: string; format: string; entries: number }[];
      skipped: unknown[];
    };
    expect(summary.skipped).toEqual([]);
    expect(summary.imported.map((l) => [l.name, l.category, l.format, l.entries])).toEqual([
      ['aws/ip-ranges.json', 'datacenter', 'aws-ip-ranges', 11013],
      ['gcp/cloud.json', 'datacenter', 'gcp-cloud', 782],
      ['tor/exit-addresses', 'tor', 'tor-exit-addresses', 1174],
      ['tor/tor-exit-nodes.lst', 'tor', 'plain-ip-list', 1746],
      ['x4bnet-datacenter/ipv4.txt', 'datacenter', 'plain-ip-list', 42566],
      ['x4bnet-vpn/ipv4.txt', 'vpn', 'plain-ip-list', 10862],
    ]);
    // One progress line per file on stderr.
    expect(result.stderr.split('\n').filter((l) => l.startsWith('imported '))).toHaveLength(6);
    const rows = await query<{ id: string; entry_count: number }>(
      'SELECT id, entry_count FROM reference_lists ORDER BY id',
    );
    expect(rows).toHaveLength(6);

    await sleep(2_500);
    const tor = await ipType('185.241.208.232');
    expect(tor).toMatchObject({ state: 'TOR', risk: 'HIGH' });
    expect(tor.description).toMatch(/on the list "tor\//);
    const aws = await ipType('3.5.141.7');
    expect(aws).toMatchObject({ state: 'DATA_CENTER', risk: 'MED' });
    expect(aws.description).toContain('3.5.140.0/22 on the list "aws/ip-ranges.json", published 2026-08-22');
    expect(await ipType('2.26.157.5')).toMatchObject({ state: 'VPN', risk: 'LOW' });
    const plain = await ipType('81.2.69.142');
    expect(plain).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(plain.description).toMatch(/not on any loaded/);
    expect(await ipType('192.168.1.1')).toMatchObject({ state: 'PRIVATE', risk: 'MED' });
  });

  it('re-importing a folder replaces its lists rather than adding to them', async () => {
    const before = await query<{ id: string; imported_at: Date }>(
      "SELECT id, imported_at FROM reference_lists WHERE category = 'tor' ORDER BY id",
    );
    const result = await cli('scripts/lists.ts', ['import', 'reference-data/ip/tor']);
    expect(result.code, result.stderr).toBe(0);
    const rows = await query<{ id: string; entry_count: number; imported_at: Date }>(
      'SELECT id, entry_count, imported_at FROM reference_lists ORDER BY id',
    );
    expect(rows).toHaveLength(6);
    const tor = rows.filter((r) => r.id.startsWith('tor/'));
    expect(tor.map((r) => [r.id, r.entry_count])).toEqual([
      ['tor/exit-addresses', 1174],
      ['tor/tor-exit-nodes.lst', 1746],
    ]);
    expect(tor[0]?.imported_at.getTime()).toBeGreaterThan(before[0]?.imported_at.getTime() ?? Infinity);
  });

  it("imports Apple's egress-ip-ranges.csv as privacy-relay, which IP_TYPE prefers to VPN and data center", async () => {
    // The cases above left reference-data/ip loaded: its X4BNet VPN list holds ranges iCloud
    // Private Relay egresses from (172.224.226.7, 104.28.28.66), which answer VPN before the import.
    expect(await ipType('172.224.226.7')).toMatchObject({ state: 'VPN', risk: 'LOW' });
    expect(await ipType('104.28.28.66')).toMatchObject({ state: 'VPN', risk: 'LOW' });

    const result = await cli('scripts/lists.ts', ['import', 'tests/fixtures/ip-lists/icloud-private-relay']);
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as {
      imported: {
        name: string;
        category: string;
        format: string;
        entries: number;
        records: number;
        invalid: number;
      }[];
      skipped: unknown[];
    };
    expect(summary.skipped).toEqual([]);
    // The fixture's two malformed lines are counted and skipped, not fatal.
    expect(
      summary.imported.map((l) => [l.name, l.category, l.format, l.entries, l.records, l.invalid]),
    ).toEqual([
      ['icloud-private-relay/egress-ip-ranges.csv', 'privacy-relay', 'apple-egress-ip-ranges', 5, 8, 2],
    ]);
    const rows = await query<{ id: string; category: string; entry_count: number }>(
      'SELECT id, category, entry_count FROM reference_lists ORDER BY id',
    );
    expect(rows).toHaveLength(7);
    expect(rows.find((r) => r.id === 'icloud-private-relay/egress-ip-ranges.csv')).toMatchObject({
      category: 'privacy-relay',
      entry_count: 5,
    });

    await sleep(2_500);
    const relay = await ipType('172.224.226.7');
    expect(relay).toMatchObject({ state: 'PRIVACY_RELAY', risk: 'LOW' });
    expect(relay.description).toContain('iCloud Private Relay');
    expect(relay.description).toContain(
      '172.224.226.0/27 on the list "icloud-private-relay/egress-ip-ranges.csv"',
    );
    expect(await ipType('104.28.28.66')).toMatchObject({ state: 'PRIVACY_RELAY', risk: 'LOW' });
    expect(await ipType('2a02:26f7:b3c0:4000::1')).toMatchObject({ state: 'PRIVACY_RELAY', risk: 'LOW' });
    // The rest of the block keeps its list's answer.
    expect(await ipType('172.224.227.7')).toMatchObject({ state: 'VPN', risk: 'LOW' });
  });
});
