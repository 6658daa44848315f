// Issue 33, the workspace lists from the shell (`npm run workspace-lists`) against the real
// database: add and remove one entry, import a CSV (the valid rows stored, the others reported by
// line, nothing already stored lost), export it back (SSNs masked); one JSON line on stdout, exit
// 2 for bad arguments and 1 for a refusal; every change audited as `cli`.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { newUser } from './console-session';
import { cli, query, unique } from './support';

/** The JSON line: the last one (on stderr, progress lines come before it). */
const lastJson = (stderr: string) => JSON.parse(stderr.trim().split('\n').at(-1) ?? '') as unknown;

const run = async (args: string[]) => {
  const result = await cli('scripts/workspace-lists.ts', args);
  return { ...result, json: result.stdout ? (lastJson(result.stdout) as Record<string, unknown>) : null };
};

describe('the workspace-lists CLI', () => {
  it('adds, imports, exports and removes entries, audited as cli', async () => {
    const admin = await newUser('admin');
    const ws = ['--workspace', admin.workspace];
    const dir = await mkdtemp(path.join(tmpdir(), 'workspace-lists-cli-'));

    const added = await run([
      'add',
      ...ws,
      '--list',
      'block',
      '--kind',
      'email_domain',
      '--value',
      '@MailDrop.cc',
      '--reason',
      'disposable',
      '--expires',
      '2099-12-31',
    ]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.json).toMatchObject({
      saved: {
        list: 'block',
        kind: 'email_domain',
        value: 'maildrop.cc',
        reason: 'disposable',
        createdBy: 'cli',
        expiresAt: '2099-12-31T23:59:59.000Z',
      },
    });

    const csv = path.join(dir, 'in.csv');
    await writeFile(
      csv,
      [
        'list,kind,value,reason,expires_at',
        'allow,ssn,123-45-6789,known customer,',
        'block,phone,call me,ring,',
        'grey,ip,10.0.0.1,x,',
        'block,ip,198.51.100.7,scraper,',
      ].join('\n'),
    );
    const imported = await run(['import', csv, ...ws]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.json).toEqual({
      file: csv,
      saved: 2,
      rejected: [
        { line: 3, field: 'value', message: 'phone is not a phone number' },
        { line: 4, field: 'list', message: 'must be block or allow' },
      ],
      ignoredColumns: [],
    });

    const out = path.join(dir, 'out.csv');
    const exported = await run(['export', out, ...ws]);
    expect(exported.json).toEqual({ file: out, exported: 3 });
    const rows = Papa.parse<Record<string, string>>(await readFile(out, 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows.map((row) => [row.list, row.kind, row.value, row.reason]).sort()).toEqual([
      ['allow', 'ssn', '***-**-6789', 'known customer'],
      ['block', 'email_domain', 'maildrop.cc', 'disposable'],
      ['block', 'ip', '198.51.100.7', 'scraper'],
    ]);
    const allowOnly = await run(['export', out, ...ws, '--list', 'allow']);
    expect(allowOnly.json).toEqual({ file: out, exported: 1 });

    const id = (added.json?.saved as { id?: string } | undefined)?.id ?? '';
    const removed = await run(['remove', ...ws, '--id', id]);
    expect(removed.json).toEqual({ removed: id });
    const again = await run(['remove', ...ws, '--id', id]);
    expect(again.code).toBe(1);
    expect(lastJson(again.stderr)).toMatchObject({ error: 'NOT_FOUND' });

    const audit = await query<{ actor: string; action: string }>(
      "select actor, action from audit_log where workspace_id = $1 and action like 'list.%' order by created_at, id",
      [admin.workspaceId],
    );
    expect(audit).toEqual([
      { actor: 'cli', action: 'list.add' },
      { actor: 'cli', action: 'list.add' },
      { actor: 'cli', action: 'list.remove' },
    ]);
  });

  it('refuses bad arguments with exit 2, a file with no valid row or an unknown workspace with exit 1', async () => {
    const admin = await newUser('analyst');
    const ws = ['--workspace', admin.workspace];
    const badKind = await run([
      'add',
      ...ws,
      '--list',
      'block',
      '--kind',
      'planet',
      '--value',
      'x',
      '--reason',
      'r',
    ]);
    expect(badKind.code).toBe(2);
    expect(lastJson(badKind.stderr)).toMatchObject({
      error: 'USAGE',
      message: expect.stringContaining('--kind'),
    });
    const badValue = await run([
      'add',
      ...ws,
      '--list',
      'block',
      '--kind',
      'ip',
      '--value',
      '10.0.0.300',
      '--reason',
      'r',
    ]);
    expect(badValue.code).toBe(1);
    expect(lastJson(badValue.stderr)).toMatchObject({
      error: 'INVALID_INPUT',
      message: expect.stringContaining('value'),
    });
    expect((await run(['remove', ...ws, '--id', 'nope'])).code).toBe(2);
    expect((await run(['frobnicate', ...ws])).code).toBe(2);
    const missing = await run(['export', '/tmp/x.csv', '--workspace', unique('missing')]);
    expect(lastJson(missing.stderr)).toMatchObject({ error: 'NOT_FOUND' });

    const dir = await mkdtemp(path.join(tmpdir(), 'workspace-lists-cli-'));
    const csv = path.join(dir, 'bad.csv');
    await writeFile(csv, 'list,kind,value,reason\nblock,phone,call me,ring\n');
    const none = await run(['import', csv, ...ws]);
    expect(none.code).toBe(1);
    expect(lastJson(none.stderr)).toMatchObject({
      error: 'INVALID_INPUT',
      message: 'no row stored: line 2 value: phone is not a phone number',
    });
    await writeFile(csv, 'name,email\nx,y\n');
    const wrongColumns = await run(['import', csv, ...ws]);
    expect(lastJson(wrongColumns.stderr)).toMatchObject({ error: 'INVALID_FILE' });
    expect(
      await query("select 1 from audit_log where workspace_id = $1 and action like 'list.%'", [
        admin.workspaceId,
      ]),
    ).toEqual([]);
  });
});
