import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { cli, newKey, query, signals } from './support';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The checkpoint the CLI keeps for a file in DATA_DIR/ingest/ (its path and text). */
function checkpointOf(file: string): { path: string; text: string } | undefined {
  const dir = path.join(inject('dataDir'), 'ingest');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ path: path.join(dir, name), text: readFileSync(path.join(dir, name), 'utf8') }))
    .find((c) => (JSON.parse(c.text) as { file: string }).file === path.resolve(file));
}

/** Observations stored for an email, read from the database (a Signals call would add one). */
async function observationsOf(email: string): Promise<number> {
  const rows = await query<{ n: number }>(
    `select count(*)::int as n from observations o join identifiers i on i.id = o.identifier_id
     where i.kind = 'email' and i.value = $1`,
    [sha256(email)],
  );
  return rows[0]?.n ?? 0;
}

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

    // A finished file: a no-op that says so on one line with its counts, exits 0, writes nothing.
    const state = () => checkpointOf(file)?.text;
    const stateBefore = state();
    const rejectedBefore = readFileSync(`${file}.rejected.ndjson`, 'utf8');
    const observationsBefore = await observationsOf(email);
    const again = await cli('scripts/ingest.ts', [file, '--workspace', key.workspace]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.trim().split('\n')).toHaveLength(1);
    const done = JSON.parse(again.stdout);
    expect(done).toMatchObject({
      file,
      alreadyIngested: true,
      lines: 29,
      accepted: 26,
      duplicates: 0,
      rejected: 2,
    });
    expect(done.message).toContain('already');
    expect(stateBefore).toBeDefined();
    expect(state()).toBe(stateBefore);
    expect(readFileSync(`${file}.rejected.ndjson`, 'utf8')).toBe(rejectedBefore);
    expect(await observationsOf(email)).toBe(observationsBefore);

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

  it('a partially ingested file resumes after its last committed batch', async () => {
    const key = await newKey('signals,ingest');
    const dir = await mkdtemp(path.join(tmpdir(), 'verity-ingest-'));
    const file = path.join(dir, 'partial.ndjson');
    const email = `cli-partial.${Date.now()}@example.com`;
    const at = Date.now() - 3_600_000;
    const lines = Array.from({ length: 12 }, (_, i) =>
      JSON.stringify({ id: `p${i}`, type: 'visitor', observedAt: at, source: 'cli', email }),
    );
    writeFileSync(file, `${lines.join('\n')}\n`);
    const first = await cli('scripts/ingest.ts', [file, '--workspace', key.workspace, '--batch', '5']);
    expect(first.code, first.stderr).toBe(0);
    // As a run killed after its first batch leaves it: 5 lines committed, not done.
    const saved = checkpointOf(file);
    if (!saved) throw new Error('no checkpoint written');
    const offset = lines.slice(0, 5).reduce((n, line) => n + Buffer.byteLength(line) + 1, 0);
    writeFileSync(
      saved.path,
      JSON.stringify({ ...JSON.parse(saved.text), offset, line: 5, accepted: 5, duplicates: 0, done: false }),
    );
    const resumed = await cli('scripts/ingest.ts', [file, '--workspace', key.workspace, '--batch', '5']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({
      resumedFromLine: 5,
      lines: 12,
      accepted: 5,
      duplicates: 7,
      rejected: 0,
    });
    expect(await observationsOf(email)).toBe(12);
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
