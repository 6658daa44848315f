import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, newKey, signals } from './support';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('npm run ingest', () => {
  it('streams events and records in batches, reports rejected lines, resumes, and is safe to re-run', async () => {
    const key = await newKey('signals,ingest');
    const dir = await mkdtemp(path.join(tmpdir(), 'verity-ingest-'));
    const file = path.join(dir, 'feed.ndjson');
    const email = `cli.${Date.now()}@example.com`;
    const at = Date.now() - 3_600_000;
    const lines = [
      ...Array.from({ length: 25 }, (_, i) =>
        JSON.stringify({ id: `e${i}`, type: 'visitor', observedAt: at, source: 'cli', email }),
      ),
      '{"broken": ',
      JSON.stringify({ kind: 'breach', breach: 'CliLeak', breachedAt: '2025-01-01', email }),
      JSON.stringify({ type: 'nope', observedAt: at, source: 'cli', email }),
      '',
    ];
    writeFileSync(file, `${lines.join('\n')}\n`);

    const first = await cli('scripts/ingest.ts', [file, '--workspace', key.workspace, '--batch', '10']);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({
      lines: 29,
      accepted: 26,
      duplicates: 0,
      rejected: 2,
      resumedFromLine: 0,
    });
    // Progress goes to stderr, not stdout.
    expect(first.stderr).toContain('ingest');
    const rejected = readFileSync(`${file}.rejected.ndjson`, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rejected.map((r: { line: number; code: string }) => [r.line, r.code])).toEqual([
      [26, 'MALFORMED_JSON'],
      [28, 'INVALID_EVENT'],
    ]);
    const seen = await signals({ emails: [email] }, { key: key.key });
    expect(seen.body.emails[0]).toMatchObject({ sha256: sha256(email), observations: 25 });

    const again = await cli('scripts/ingest.ts', [file, '--workspace', key.workspace]);
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stderr)).toMatchObject({ error: 'ALREADY_DONE' });

    // Appended lines: a re-run resumes after the committed offset and ingests only them.
    writeFileSync(
      file,
      `${lines.join('\n')}\n${JSON.stringify({ id: 'e99', type: 'click', observedAt: at, source: 'cli', email })}\n`,
    );
    const resumed = await cli('scripts/ingest.ts', [file, '--workspace', key.workspace]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ resumedFromLine: 29, accepted: 27 });

    // --restart re-reads everything; event ids make it idempotent.
    const restarted = await cli('scripts/ingest.ts', [file, '--workspace', key.workspace, '--restart']);
    expect(JSON.parse(restarted.stdout)).toMatchObject({ accepted: 0, duplicates: 27, rejected: 2 });
    expect(existsSync(`${file}.rejected.ndjson`)).toBe(true);
  });

  it('names a missing workspace and how to create it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'verity-ingest-'));
    const file = path.join(dir, 'empty.ndjson');
    writeFileSync(file, '');
    const result = await cli('scripts/ingest.ts', [file, '--workspace', 'no-such-workspace']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stderr)).toMatchObject({ error: 'UNKNOWN_WORKSPACE' });
    expect(JSON.parse(result.stderr).message).toContain('keys -- create');
  });
});
