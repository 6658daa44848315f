// The other in-memory reference indexes a server builds (CIDR index of the IP lists, SSA tables),
// built from the real files the way the importers read them, with their heap and lookup cost.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSsaTables } from '@/lib/engine/ssa/tables';
import { CidrIndex, type IpListType } from '@/lib/reference/cidr-index';
import { detectFormat, PARSERS } from '@/lib/reference/importers/detect';
import { detectSsaFormat, parseSsaAreas, parseSsaHighGroups } from '@/lib/reference/ssa/parse';
import { categorize } from '@/lib/services/reference/import-lists';
import { filesUnder, heapUsed, percentile } from './bench-report';

const TYPES: Readonly<Record<string, IpListType>> = {
  tor: 'TOR',
  'privacy-relay': 'PRIVACY_RELAY',
  vpn: 'VPN',
  datacenter: 'DATA_CENTER',
};

export function referenceMemoryRows(dataDir: string, iterations: number): Record<string, string | number>[] {
  const before = heapUsed();
  let lists: { name: string; type: IpListType; publishedAt: Date | null; entries: string[] }[] = [];
  for (const file of filesUnder(path.join(dataDir, 'ip'))) {
    const name = `${path.basename(path.dirname(file))}/${path.basename(file)}`;
    const text = readFileSync(file, 'utf8');
    const format = detectFormat(text, name);
    const type = format ? TYPES[categorize(format, name) ?? ''] : undefined;
    if (!format || !type) continue;
    const parsed = PARSERS[format](text);
    lists.push({ name, type, publishedAt: parsed.publishedAt, entries: parsed.entries });
  }
  const entries = lists.reduce((n, l) => n + l.entries.length, 0);
  const started = performance.now();
  const cidr = CidrIndex.build(lists);
  const buildMs = performance.now() - started;
  lists = [];
  const cidrHeap = heapUsed() - before;

  const probes = Array.from(
    { length: 1000 },
    (_, i) => `${(i * 7) % 223}.${(i * 13) % 256}.${i % 256}.${(i * 3) % 256}`,
  );
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    cidr.match(probes[i % probes.length] ?? '1.1.1.1');
    samples.push((performance.now() - t0) * 1000);
  }
  samples.sort((a, b) => a - b);

  const ssaBefore = heapUsed();
  const ssa = buildSsaTables(
    filesUnder(path.join(dataDir, 'ssn')).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const format = detectSsaFormat(text);
      if (!format) return [];
      const parsed = format === 'ssa-high-groups' ? parseSsaHighGroups(text) : parseSsaAreas(text);
      return [
        {
          name: path.basename(file),
          kind: parsed.kind,
          publishedAt: parsed.publishedAt,
          entries: parsed.entries,
        },
      ];
    }),
  );
  const ssaHeap = heapUsed() - ssaBefore;
  return [
    {
      index: 'IP lists (CIDR, IPv4 + IPv6)',
      entries,
      'build ms': buildMs.toFixed(0),
      'heap MB': (cidrHeap / 1048576).toFixed(1),
      'lookup p50 µs': percentile(samples, 50).toFixed(1),
      'lookup p99 µs': percentile(samples, 99).toFixed(1),
    },
    {
      index: 'SSA tables',
      entries: ssa ? 'areas 001-772' : 0,
      'build ms': '-',
      'heap MB': (ssaHeap / 1048576).toFixed(2),
      'lookup p50 µs': '-',
      'lookup p99 µs': '-',
    },
  ];
}
