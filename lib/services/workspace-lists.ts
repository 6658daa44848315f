// A workspace's own block and allow lists (issue 33): adding entries (one or a bulk import that
// keeps the valid rows and reports the others by position), reading them back for the console,
// removing them, and matching a Verify request against the entries that have not expired. Every
// change is audited in the same transaction. Values are matched by keyed hash and shown from a
// sealed copy (an SSN only by its last four): see lib/db/schema/workspace-list-entries.ts.
import { and, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  csvColumn,
  listCsvHeader,
  listCsvRows,
  parseListCsv,
} from '@/lib/contract/console/workspace-list-csv';
import {
  type ListEntryBody,
  listEntryInputSchema,
  REASON_MAX_CHARS,
} from '@/lib/contract/console/workspace-lists';
import { unstorableStrings } from '@/lib/contract/fields/storable';
import {
  type ImportListEntriesResult,
  type ImportRejection,
  importEnvelopeSchema,
} from '@/lib/contract/schemas/lists';
import { keyedHash, seal, unseal } from '@/lib/crypto/seal';
import type { Database } from '@/lib/db/client';
import { workspaceListEntries } from '@/lib/db/schema';
import {
  LIST_KINDS,
  type ListKind,
  type ListName,
  type ListProbe,
  parseListEntry,
  requestProbes,
} from '@/lib/engine/lists/workspace-entry';
import type { FieldError, NormalizedRequest } from '@/lib/engine/types';
import { writeAudit } from './audit';
import type { WorkspaceContext } from './context';
import { parseWith } from './parse-with';

/** An entry's key: the keyed hash of its kind and canonical value (the index holds no value). */
export const matchKey = (secret: string, kind: ListKind, canonical: string) =>
  keyedHash(secret, `workspace-list:${kind}:${canonical}`);

export interface ListEntryInput {
  list: ListName;
  kind: ListKind;
  value: string;
  reason: string;
  /** ISO 8601; null or absent: never. */
  expiresAt?: string | null;
}

/** An entry as the console and the API answer it (one shape, in the contract). */
export type ListEntry = ListEntryBody;

export interface EntryRejection {
  /** The entry's position in the call, from 0 (a CSV's line is this plus the header's). */
  index: number;
  field: 'value' | 'reason' | 'expiresAt';
  message: string;
}

export interface AddEntriesResult {
  /** New entries and entries whose reason or expiry changed (a value given twice: once). */
  saved: ListEntry[];
  rejected: EntryRejection[];
}

type Row = typeof workspaceListEntries.$inferSelect;

function toEntry(secret: string, row: Row, now: Date): ListEntry {
  return {
    id: row.id,
    list: row.list,
    kind: row.kind,
    value: row.kind === 'ssn' ? row.display : unseal(secret, row.display),
    reason: row.reason,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expired: row.expiresAt !== null && row.expiresAt <= now,
  };
}

type NewRow = typeof workspaceListEntries.$inferInsert;

/** One entry checked and turned into its row, or what is wrong with it. */
function readEntry(
  secret: string,
  workspaceId: string,
  author: string,
  entry: ListEntryInput,
  now: Date,
): NewRow | Omit<EntryRejection, 'index'> {
  const parsed = parseListEntry(entry.kind, entry.value);
  if (!parsed.ok) return { field: 'value', message: `${entry.kind} ${parsed.message}` };
  const reason = entry.reason.trim();
  if (reason === '' || reason.length > 500)
    return { field: 'reason', message: 'a reason of 1 to 500 characters is needed' };
  const expiresAt = entry.expiresAt ? new Date(entry.expiresAt) : null;
  if (expiresAt && (Number.isNaN(expiresAt.getTime()) || expiresAt <= now))
    return { field: 'expiresAt', message: 'must be a date and time in the future' };
  return {
    workspaceId,
    list: entry.list,
    kind: parsed.kind,
    matchKey: matchKey(secret, parsed.kind, parsed.canonical),
    network: parsed.kind === 'cidr' ? parsed.canonical : null,
    display: parsed.kind === 'ssn' ? parsed.display : seal(secret, parsed.display),
    reason,
    createdBy: author,
    expiresAt,
  };
}

/**
 * Adds entries to the workspace's lists; an entry already on the list (same list, kind and
 * value) takes the new reason and expiry. Invalid entries are reported by position and the
 * valid ones stored all the same. Audited as one `list.add` with the counts by list and kind.
 */
export async function addListEntries(
  db: Database,
  secret: string,
  ctx: WorkspaceContext,
  input: {
    entries: readonly ListEntryInput[];
    author: string;
    now?: Date;
    /** Where the entries came from (a session's id), kept in the audit row. */
    source?: string;
  },
): Promise<AddEntriesResult> {
  const now = input.now ?? new Date();
  const rejected: EntryRejection[] = [];
  // By list, kind and key: a value given twice in one call is stored once, as given last (one
  // INSERT … ON CONFLICT may not touch a row twice).
  const rows = new Map<string, NewRow>();
  for (const [index, entry] of input.entries.entries()) {
    const read = readEntry(secret, ctx.workspaceId, input.author, entry, now);
    if ('field' in read) rejected.push({ index, ...read });
    else rows.set(`${read.list}:${read.kind}:${read.matchKey}`, read);
  }
  if (rows.size === 0) return { saved: [], rejected };
  const values = [...rows.values()];
  const saved = await db.transaction(async (tx) => {
    const stored: Row[] = [];
    // Chunks keep each statement's parameters under PostgreSQL's 65,535.
    for (let start = 0; start < values.length; start += 1000) {
      stored.push(
        ...(await tx
          .insert(workspaceListEntries)
          .values(values.slice(start, start + 1000))
          .onConflictDoUpdate({
            target: [
              workspaceListEntries.workspaceId,
              workspaceListEntries.list,
              workspaceListEntries.kind,
              workspaceListEntries.matchKey,
            ],
            set: {
              reason: sql`excluded.reason`,
              expiresAt: sql`excluded.expires_at`,
              updatedAt: now,
            },
          })
          .returning()),
      );
    }
    const counts: Record<string, number> = {};
    for (const row of stored)
      counts[`${row.list}:${row.kind}`] = (counts[`${row.list}:${row.kind}`] ?? 0) + 1;
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'list.add',
      targetId: stored.length === 1 ? stored[0]?.id : undefined,
      metadata: {
        saved: stored.length,
        rejected: rejected.length,
        counts,
        ...(input.source ? { source: input.source } : {}),
      },
    });
    return stored;
  });
  return { saved: saved.map((row) => toEntry(secret, row, now)), rejected };
}

/** A file to import: CSV with the console's columns, or JSON `{ "entries": [...] }`. */
export interface ListImportFile {
  text: string;
  format: 'json' | 'csv';
}

/**
 * Imports a file of entries (the keyed API's bulk import): each row is checked on its own, the
 * valid ones are stored as addListEntries stores them (an entry already listed keeps its id and
 * takes the new reason and expiry, so importing a file twice loses nothing) and the others are
 * reported by position, and for CSV by line. A file that cannot be read at all is a 400 naming
 * `body`, and nothing is written.
 */
export async function importListEntries(
  db: Database,
  secret: string,
  ctx: WorkspaceContext,
  file: ListImportFile,
): Promise<{ ok: true; result: ImportListEntriesResult } | { ok: false; errors: FieldError[] }> {
  const read = file.format === 'csv' ? readCsvFile(file.text) : readJsonFile(file.text);
  if (!read.ok) return read;
  const { rejected } = read;
  // A NUL or a lone surrogate (JSON escapes can make one) cannot be stored: that row is refused.
  const rows = read.rows.filter((row) => {
    const [found] = unstorableStrings(row.entry, 1);
    if (!found) return true;
    rejected.push({
      index: row.index,
      ...(row.line === undefined ? {} : { line: row.line }),
      field: row.line === undefined ? found.path : csvColumn(found.path),
      message: 'must not contain a NUL character (\\u0000) or a lone UTF-16 surrogate',
    });
    return false;
  });
  const result = await addListEntries(db, secret, ctx, {
    entries: rows.map((row) => row.entry),
    author: ctx.actor,
  });
  for (const rejection of result.rejected) {
    const row = rows[rejection.index];
    if (!row) continue;
    rejected.push({
      index: row.index,
      ...(row.line === undefined ? {} : { line: row.line }),
      field: row.line === undefined ? rejection.field : csvColumn(rejection.field),
      message: rejection.message,
    });
  }
  rejected.sort((a, b) => a.index - b.index);
  return {
    ok: true,
    result: { received: read.rows.length + read.refused, saved: result.saved.length, rejected },
  };
}

interface FileRow {
  index: number;
  line?: number;
  entry: ListEntryInput;
}

type FileRead =
  | { ok: true; rows: FileRow[]; rejected: ImportRejection[]; refused: number }
  | { ok: false; errors: FieldError[] };

const unreadable = (message: string): FileRead => ({
  ok: false,
  errors: [{ path: 'body', message: `body: ${message}`, code: 'INVALID_INPUT' }],
});

function readCsvFile(text: string): FileRead {
  const outcome = parseListCsv(text);
  if (!outcome.ok) return unreadable(outcome.message);
  // The data rows in file order: a row's index is its place among them.
  const lines = [
    ...new Set([...outcome.valid.map((row) => row.line), ...outcome.rejected.map((r) => r.line)]),
  ].sort((a, b) => a - b);
  const index = new Map(lines.map((line, position) => [line, position]));
  return {
    ok: true,
    rows: outcome.valid.map((row) => ({ index: index.get(row.line) ?? 0, line: row.line, entry: row.entry })),
    rejected: outcome.rejected.map((rejection) => ({
      index: index.get(rejection.line) ?? 0,
      line: rejection.line,
      field: rejection.field,
      message: rejection.message,
    })),
    refused: new Set(outcome.rejected.map((rejection) => rejection.line)).size,
  };
}

function readJsonFile(text: string): FileRead {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return unreadable(`is not valid JSON: ${error instanceof Error ? error.message : 'parse error'}`);
  }
  const envelope = parseWith(importEnvelopeSchema, body);
  if (!envelope.ok) return envelope;
  const rows: FileRow[] = [];
  const rejected: ImportRejection[] = [];
  const refused = new Set<number>();
  envelope.value.entries.forEach((value, index) => {
    const parsed = listEntryInputSchema.safeParse(value);
    if (parsed.success) {
      rows.push({ index, entry: parsed.data });
      return;
    }
    refused.add(index);
    for (const issue of parsed.error.issues)
      rejected.push({ index, field: String(issue.path[0] ?? 'row'), message: issue.message });
  });
  return { ok: true, rows, rejected, refused: refused.size };
}

export interface ListQuery {
  list?: ListName;
  kind?: ListKind;
  /** A value to look up exactly (any kind it reads as), e.g. an e-mail from a session. */
  value?: string;
  /** Entry id of the last row of the previous page. */
  before?: string;
  limit?: number;
}

/** The workspace's entries, newest first, filtered by list, kind or an exact value; a page at a time. */
export async function listEntries(
  db: Database,
  secret: string,
  workspaceId: string,
  query: ListQuery = {},
  now: Date = new Date(),
): Promise<{ entries: ListEntry[]; next: string | null }> {
  return entriesPage(db, secret, workspaceId, query, Math.min(Math.max(query.limit ?? 50, 1), 200), now);
}

async function entriesPage(
  db: Database,
  secret: string,
  workspaceId: string,
  query: ListQuery,
  limit: number,
  now: Date,
): Promise<{ entries: ListEntry[]; next: string | null }> {
  const conditions: SQL[] = [eq(workspaceListEntries.workspaceId, workspaceId)];
  if (query.list) conditions.push(eq(workspaceListEntries.list, query.list));
  if (query.kind) conditions.push(eq(workspaceListEntries.kind, query.kind));
  if (query.value !== undefined) {
    const keys = LIST_KINDS.flatMap((kind) => {
      const parsed = parseListEntry(kind, query.value ?? '');
      return parsed.ok ? [matchKey(secret, kind, parsed.canonical)] : [];
    });
    if (keys.length === 0) return { entries: [], next: null };
    conditions.push(inArray(workspaceListEntries.matchKey, keys));
  }
  if (query.before) {
    const anchor = and(
      eq(workspaceListEntries.workspaceId, workspaceId),
      eq(workspaceListEntries.id, query.before),
    );
    const [known] = await db.select({ id: workspaceListEntries.id }).from(workspaceListEntries).where(anchor);
    // Compared in PostgreSQL, not through a JavaScript Date: the entries of one call share a
    // timestamp to the microsecond, which a Date (milliseconds) would cut, ending the pages early.
    if (known)
      conditions.push(
        sql`(${workspaceListEntries.createdAt}, ${workspaceListEntries.id}) < (select created_at, id from ${workspaceListEntries} where ${anchor})`,
      );
  }
  const rows = await db
    .select()
    .from(workspaceListEntries)
    .where(and(...conditions))
    .orderBy(desc(workspaceListEntries.createdAt), desc(workspaceListEntries.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    entries: page.map((row) => toEntry(secret, row, now)),
    next: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** The workspace's entries with these keys, expired or not (what a session's values are on). */
export async function entriesWithKeys(
  db: Database,
  secret: string,
  workspaceId: string,
  keys: readonly string[],
  now: Date = new Date(),
): Promise<(ListEntry & { matchKey: string })[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select()
    .from(workspaceListEntries)
    .where(
      and(
        eq(workspaceListEntries.workspaceId, workspaceId),
        inArray(workspaceListEntries.matchKey, [...keys]),
      ),
    );
  return rows.map((row) => ({ ...toEntry(secret, row, now), matchKey: row.matchKey }));
}

/** Rows read per query of an export: large pages, the file is written as they come. */
const EXPORT_PAGE = 1000;

/**
 * Every entry of the workspace's lists (or of one list or kind) as CSV, newest first: the import's
 * columns, then author and date. Read a page at a time and yielded as it is read, so a list of a
 * hundred thousand entries is never held whole. SSNs appear masked, as the console shows them
 * (only their keyed hash is stored).
 */
export async function* exportListEntriesCsv(
  db: Database,
  secret: string,
  workspaceId: string,
  query: Pick<ListQuery, 'list' | 'kind'> = {},
  now: Date = new Date(),
): AsyncGenerator<{ csv: string; entries: number }> {
  let before: string | undefined;
  let header = listCsvHeader();
  do {
    const page = await entriesPage(db, secret, workspaceId, { ...query, before }, EXPORT_PAGE, now);
    // The header goes with the first page: a database that fails at once fails the response
    // (a problem+json 503), not a download cut after its header.
    yield { csv: header + listCsvRows(page.entries), entries: page.entries.length };
    header = '';
    before = page.next ?? undefined;
  } while (before);
}

export interface ListEntryChange {
  reason?: string;
  /** ISO 8601; null: never expires. Absent: unchanged. */
  expiresAt?: string | null;
}

export type UpdateEntryResult =
  | { ok: true; entry: ListEntry }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'invalid'; field: 'reason' | 'expiresAt'; message: string };

/**
 * Changes an entry's reason or expiry (its list, kind and value are what it is: another value is
 * another entry). Audited as `list.update` with the previous reason and expiry, so nothing said
 * before is lost. Another workspace's id answers as a missing one.
 */
export async function updateListEntry(
  db: Database,
  secret: string,
  ctx: WorkspaceContext,
  id: string,
  change: ListEntryChange,
  now: Date = new Date(),
): Promise<UpdateEntryResult> {
  const reason = change.reason?.trim();
  if (reason !== undefined && (reason === '' || reason.length > REASON_MAX_CHARS))
    return {
      ok: false,
      reason: 'invalid',
      field: 'reason',
      message: 'a reason of 1 to 500 characters is needed',
    };
  const expiresAt =
    change.expiresAt === undefined || change.expiresAt === null
      ? change.expiresAt
      : new Date(change.expiresAt);
  if (expiresAt && (Number.isNaN(expiresAt.getTime()) || expiresAt <= now))
    return {
      ok: false,
      reason: 'invalid',
      field: 'expiresAt',
      message: 'must be a date and time in the future',
    };
  return db.transaction(async (tx) => {
    const scope = and(eq(workspaceListEntries.workspaceId, ctx.workspaceId), eq(workspaceListEntries.id, id));
    // Locked so the audit's "before" is the row this change replaces.
    const [before] = await tx.select().from(workspaceListEntries).where(scope).for('update');
    if (!before) return { ok: false, reason: 'not_found' } as const;
    const [after] = await tx
      .update(workspaceListEntries)
      .set({
        ...(reason === undefined ? {} : { reason }),
        ...(expiresAt === undefined ? {} : { expiresAt }),
        updatedAt: now,
      })
      .where(scope)
      .returning();
    if (!after) return { ok: false, reason: 'not_found' } as const;
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'list.update',
      targetId: id,
      metadata: {
        list: after.list,
        kind: after.kind,
        before: { reason: before.reason, expiresAt: before.expiresAt?.toISOString() ?? null },
        after: { reason: after.reason, expiresAt: after.expiresAt?.toISOString() ?? null },
      },
    });
    return { ok: true, entry: toEntry(secret, after, now) } as const;
  });
}

/** Removes one entry of the workspace; false when it has none with this id. Audited as `list.remove`. */
export async function removeListEntry(db: Database, ctx: WorkspaceContext, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(workspaceListEntries)
      .where(and(eq(workspaceListEntries.workspaceId, ctx.workspaceId), eq(workspaceListEntries.id, id)))
      .returning({ list: workspaceListEntries.list, kind: workspaceListEntries.kind });
    if (!removed) return false;
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'list.remove',
      targetId: id,
      metadata: { list: removed.list, kind: removed.kind },
    });
    return true;
  });
}

export interface ListMatch {
  entryId: string;
  list: ListName;
  kind: ListKind;
  value: string;
  reason: string;
  expiresAt: string | null;
}

/**
 * The statement behind matchWorkspaceLists, exported for the test of its plan: PostgreSQL serves
 * each arm of the OR from its own index (the keys by (workspace, key), the addresses by the GiST
 * index on the ranges), so a match reads a few pages whatever the list's size.
 */
/**
 * The statement of matchWorkspaceLists: one arm per index, joined by UNION ALL. As one OR, the
 * planner, still holding a small list's statistics right after a bulk import, read every entry of
 * the workspace through workspace_list_entries_created_idx and filtered them (690 pages for
 * 20,000 entries); each arm on its own has only its index to take. An IP address's entry may come
 * back from both arms: matchWorkspaceLists keeps one.
 */
export function matchListsQuery(
  db: Database,
  secret: string,
  workspaceId: string,
  probes: readonly ListProbe[],
  now: Date,
) {
  const keys = probes.map((probe) => matchKey(secret, probe.kind, probe.canonical));
  const unexpired = and(
    eq(workspaceListEntries.workspaceId, workspaceId),
    or(isNull(workspaceListEntries.expiresAt), gt(workspaceListEntries.expiresAt, now)),
  );
  const byKey = db
    .select()
    .from(workspaceListEntries)
    .where(and(unexpired, inArray(workspaceListEntries.matchKey, keys)));
  const byRange = probes
    .filter((probe) => probe.kind === 'ip')
    .map((probe) =>
      db
        .select()
        .from(workspaceListEntries)
        .where(and(unexpired, sql`${workspaceListEntries.network} >>= ${probe.canonical}::inet`)),
    );
  const [first, ...rest] = byRange;
  return first === undefined ? byKey : unionAll(byKey, first, ...rest);
}

/**
 * The unexpired entries a request's values match: exact values by key (one index range each),
 * IP addresses also against CIDR ranges (the GiST index). One statement, its cost set by the
 * request's few values, not by the list's size nor by how current its statistics are.
 */
export async function matchWorkspaceLists(
  db: Database,
  secret: string,
  workspaceId: string,
  input: NormalizedRequest,
  now: Date,
): Promise<ListMatch[]> {
  const probes = requestProbes(input);
  if (probes.length === 0) return [];
  const rows = await matchListsQuery(db, secret, workspaceId, probes, now);
  const once = [...new Map(rows.map((row) => [row.id, row])).values()];
  return once.map((row) => {
    const entry = toEntry(secret, row, now);
    return {
      entryId: entry.id,
      list: entry.list,
      kind: entry.kind,
      value: entry.value,
      reason: entry.reason,
      expiresAt: entry.expiresAt,
    };
  });
}
