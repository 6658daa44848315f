// `lists update`'s downloader against a local HTTP server serving the real files of
// reference-data: files land under their import names, failures are reported, nothing partial.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFormat } from '@/lib/reference/importers/detect';
import type { OfficialSource } from '@/lib/reference/official-sources';
import { OFFICIAL_SOURCES } from '@/lib/reference/official-sources';
import { downloadLists } from '@/lib/services/reference/download-lists';

const shared = (file: string) => path.resolve(process.cwd(), 'reference-data', file);
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const files: Record<string, string> = {
      '/exit-addresses': shared('ip/tor/exit-addresses'),
      '/consolidated.xml': shared('sanctions/un/consolidated.xml'),
    };
    const file = files[request.url ?? ''];
    if (!file) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('downloadLists', () => {
  it('saves each list under the name the importers recognise and reports the failures', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'verity-lists-'));
    try {
      const sources: OfficialSource[] = [
        { url: `${base}/exit-addresses`, file: 'tor/exit-addresses', label: 'Tor' },
        { url: `${base}/consolidated.xml`, file: 'un/consolidated.xml', label: 'UN' },
        { url: `${base}/missing.csv`, file: 'uk/ConList.csv', label: 'UK' },
      ];
      const lines: string[] = [];
      const result = await downloadLists(sources, dir, { onProgress: (line) => lines.push(line) });
      expect(result.downloaded.map((d) => d.file).sort()).toEqual([
        'tor/exit-addresses',
        'un/consolidated.xml',
      ]);
      expect(result.failed).toEqual([{ url: `${base}/missing.csv`, reason: 'HTTP 404' }]);
      const tor = readFileSync(path.join(dir, 'tor/exit-addresses'), 'utf8');
      expect(tor).toBe(readFileSync(shared('ip/tor/exit-addresses'), 'utf8'));
      expect(detectFormat(tor)).toBe('tor-exit-addresses');
      expect(existsSync(path.join(dir, 'uk/ConList.csv'))).toBe(false);
      expect(existsSync(path.join(dir, 'uk/ConList.csv.partial'))).toBe(false);
      expect(lines.filter((l) => l.startsWith('downloaded '))).toHaveLength(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails fast on hosts that do not resolve', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'verity-lists-'));
    try {
      const result = await downloadLists(
        [{ url: 'http://no-such-host.invalid/list.txt', file: 'x/list.txt', label: 'nowhere' }],
        dir,
      );
      expect(result.downloaded).toEqual([]);
      expect(result.failed[0]?.reason).toMatch(/^cannot resolve no-such-host\.invalid/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names an import folder for every official source, unique', () => {
    const files = OFFICIAL_SOURCES.map((s) => s.file);
    expect(new Set(files).size).toBe(files.length);
    expect(files).toContain('ofac-sdn/sdn.csv');
    expect(OFFICIAL_SOURCES.every((s) => s.url.startsWith('https://'))).toBe(true);
  });
});
