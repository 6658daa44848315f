// `npm run --silent workspace-lists -- add|remove|import|export`: a workspace's own block and allow
// lists from the shell (issue 33), the console's service verbs audited as `cli`. One JSON line on
// stdout, progress on stderr, errors as JSON on stderr: exit 2 for bad arguments, 1 for a refusal.

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { CommandError, runJsonCommand, UsageError } from '@/lib/cli/json-command';
import { progress } from '@/lib/cli/progress';
import { cliWorkspace } from '@/lib/cli/workspace-context';
import { serverSecret } from '@/lib/config/secret';
import { type CsvRejection, csvColumn, parseListCsv } from '@/lib/contract/console/workspace-list-csv';
import {
  exportListEntriesQuerySchema,
  LIST_ENTRY_ID,
  listEntryInputSchema,
  MAX_ENTRIES_PER_REQUEST,
} from '@/lib/contract/console/workspace-lists';
import { db } from '@/lib/db/client';
import { addListEntries, exportListEntriesCsv, removeListEntry } from '@/lib/services/workspace-lists';

const USAGE = `usage:
  workspace-lists add --workspace NAME --list block|allow --kind KIND --value VALUE --reason TEXT [--expires ISO-DATE-TIME|DAY]
    KIND: email, email_domain, phone, ip, cidr, ssn, name. An entry already on the list takes the
    new reason and expiry.
  workspace-lists remove --workspace NAME --id wle_…
  workspace-lists import FILE.csv --workspace NAME
    Columns list,kind,value,reason,expires_at (as the console's import and export). The valid rows
    are stored, the others reported by line; exit 1 when no row could be stored.
  workspace-lists export FILE.csv --workspace NAME [--list block|allow] [--kind KIND]
    Every entry, newest first; SSNs masked as the console shows them.`;

/** A day alone ends that day, UTC, as the console's forms and the CSV import read it. */
const expiry = (text: string | undefined) =>
  text === undefined || text === '' ? null : /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T23:59:59Z` : text;

const workspace = cliWorkspace;

async function add(values: Record<string, string | undefined>) {
  const parsed = listEntryInputSchema.safeParse({
    list: values.list,
    kind: values.kind,
    value: values.value,
    reason: values.reason,
    expiresAt: expiry(values.expires),
  });
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const field = String(issue?.path[0] ?? 'entry');
    throw new UsageError(`--${field === 'expiresAt' ? 'expires' : field}: ${issue?.message ?? 'invalid'}`);
  }
  const ctx = await workspace(values.workspace);
  const result = await addListEntries(db(), serverSecret(), ctx, { entries: [parsed.data], author: 'cli' });
  const [entry] = result.saved;
  const [refused] = result.rejected;
  if (!entry) throw new CommandError('INVALID_INPUT', `${refused?.field}: ${refused?.message}`);
  return { saved: entry };
}

async function remove(values: Record<string, string | undefined>) {
  const id = values.id ?? '';
  if (!LIST_ENTRY_ID.test(id)) throw new UsageError('--id takes an entry id (wle_…)');
  const ctx = await workspace(values.workspace);
  if (!(await removeListEntry(db(), ctx, id)))
    throw new CommandError('NOT_FOUND', `no list entry ${id} in this workspace`);
  return { removed: id };
}

async function importFile(file: string | undefined, values: Record<string, string | undefined>) {
  if (!file) throw new UsageError('import takes the CSV file to read');
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new CommandError('FILE', `${file}: ${error.code ?? error.message}`);
  });
  const outcome = parseListCsv(text);
  if (!outcome.ok) throw new CommandError('INVALID_FILE', outcome.message);
  const ctx = await workspace(values.workspace);
  const rejected: CsvRejection[] = [...outcome.rejected];
  let saved = 0;
  const bar = progress('Importing', outcome.valid.length, 'rows');
  // Pages of the console's size: each one transaction, so a failure keeps what went before.
  for (let start = 0; start < outcome.valid.length; start += MAX_ENTRIES_PER_REQUEST) {
    const page = outcome.valid.slice(start, start + MAX_ENTRIES_PER_REQUEST);
    const result = await addListEntries(db(), serverSecret(), ctx, {
      entries: page.map((row) => row.entry),
      author: 'cli',
    });
    saved += result.saved.length;
    for (const refusal of result.rejected)
      rejected.push({
        line: page[refusal.index]?.line ?? 0,
        field: csvColumn(refusal.field),
        message: refusal.message,
      });
    bar.update(start + page.length);
  }
  bar.stop();
  rejected.sort((a, b) => a.line - b.line);
  if (saved === 0)
    throw new CommandError(
      'INVALID_INPUT',
      `no row stored: ${rejected.map((r) => `line ${r.line} ${r.field}: ${r.message}`).join('; ')}`,
    );
  return { file, saved, rejected, ignoredColumns: outcome.ignored };
}

async function exportFile(file: string | undefined, values: Record<string, string | undefined>) {
  if (!file) throw new UsageError('export takes the CSV file to write');
  const query = exportListEntriesQuerySchema.safeParse({ list: values.list, kind: values.kind });
  if (!query.success)
    throw new UsageError(`--${String(query.error.issues[0]?.path[0])}: ${query.error.issues[0]?.message}`);
  const ctx = await workspace(values.workspace);
  const out = createWriteStream(file);
  let exported = 0;
  for await (const page of exportListEntriesCsv(db(), serverSecret(), ctx.workspaceId, query.data)) {
    exported += page.entries;
    if (!out.write(page.csv)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { file, exported };
}

async function run(argv: string[]): Promise<Record<string, unknown>> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      workspace: { type: 'string' },
      list: { type: 'string' },
      kind: { type: 'string' },
      value: { type: 'string' },
      reason: { type: 'string' },
      expires: { type: 'string' },
      id: { type: 'string' },
    },
  });
  const [command, file] = positionals;
  if (command === 'add') return add(values);
  if (command === 'remove') return remove(values);
  if (command === 'import') return importFile(file, values);
  if (command === 'export') return exportFile(file, values);
  throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
}

runJsonCommand(() => run(process.argv.slice(2)), USAGE);
