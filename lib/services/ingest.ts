import { sql } from 'drizzle-orm';
import type { Database, Executor } from '@/lib/db/client';
import { retryingTransaction } from '@/lib/db/transaction';
import { type IdentifierKey, profileValue } from '@/lib/engine/graph/identifier-keys';
import { eventIdKey } from '@/lib/engine/ingest/event-id';
import { parseEvent } from '@/lib/engine/ingest/parse-event';
import { parseRecord } from '@/lib/engine/ingest/parse-record';
import type { SplitBatchResult } from '@/lib/engine/ingest/split-body';
import type {
  IngestEvent,
  IngestRecord,
  IngestRejectionCode,
  ItemRejection,
} from '@/lib/engine/ingest/types';
import type { WorkspaceContext } from './context';
import { deletedItems } from './deletion/tombstones';
import { graphKeys } from './graph/keys';
import { observe, type Sighting, tagOf } from './graph/observe';

export interface IngestResult {
  accepted: number;
  duplicates: number;
  rejected: ItemRejection[];
}

type SplitOk = Extract<SplitBatchResult, { ok: true }>;

const param = (values: unknown[]) => sql.param(values);

/** Event sources are namespaced by workspace: two tenants' "web" feeds are two sources. */
export function eventSource(workspaceId: string, source: string): string {
  return `${workspaceId}:${source}`;
}

function validItems<T>(
  batch: SplitOk,
  parse: (raw: unknown) => { ok: true; value: T } | { ok: false; code: string; message: string },
): { items: { index: number; value: T }[]; rejected: ItemRejection[] } {
  const rejected = [...batch.lineErrors];
  const unparsable = new Set(batch.lineErrors.map((e) => e.index));
  const items: { index: number; value: T }[] = [];
  batch.items.forEach((raw, index) => {
    if (unparsable.has(index)) return;
    const parsed = parse(raw);
    if (parsed.ok) items.push({ index, value: parsed.value });
    else rejected.push({ index, code: parsed.code, message: parsed.message });
  });
  rejected.sort((a, b) => a.index - b.index);
  return { items, rejected };
}

/**
 * POST /api/events: invalid events are reported by index and never sink the batch; the valid
 * ones land in one transaction (idempotent by event id, per workspace).
 */
export async function ingestEvents(
  db: Database,
  ctx: WorkspaceContext,
  batch: SplitOk,
  now = new Date(),
): Promise<IngestResult> {
  const { workspaceId } = ctx;
  const { items, rejected } = validItems(batch, (raw) => parseEvent(raw, now));
  // Within the request, the first event with an id wins; later copies are duplicates.
  const seenIds = new Set<string>();
  let duplicates = 0;
  const unique: { index: number; event: IngestEvent; keys: IdentifierKey[] }[] = [];
  for (const { index, value } of items) {
    if (value.id !== null) {
      if (seenIds.has(value.id)) {
        duplicates++;
        continue;
      }
      seenIds.add(value.id);
    }
    unique.push({ index, event: value, keys: graphKeys(value.identifiers) });
  }
  const { landed, refused } = await retryingTransaction(db, async (tx) => {
    // Deleted identifiers are never learned again; a refused event leaves no trace, not even its id.
    const deleted = await deletedItems(
      tx,
      unique.map((u) => u.keys),
      workspaceId,
    );
    const allowed = unique.filter((_, position) => !deleted.has(position));
    const ids = allowed.flatMap((u) => (u.event.id === null ? [] : [eventIdKey(u.event.id)])).sort();
    const fresh = new Set<string>();
    if (ids.length > 0) {
      const inserted = await tx.execute<{ event_id: string }>(sql`
        insert into ingested_events (workspace_id, event_id)
        select ${workspaceId}, unnest(${param(ids)}::text[])
        on conflict do nothing returning event_id`);
      for (const row of inserted.rows) fresh.add(row.event_id);
    }
    const landing = allowed.filter((u) => u.event.id === null || fresh.has(eventIdKey(u.event.id)));
    const sightings: Sighting[] = landing.map(({ event, keys }) => ({
      keys,
      type: event.type,
      source: eventSource(workspaceId, event.source),
      at: event.observedAt,
      country: event.country,
    }));
    await observe(tx, workspaceId, sightings);
    return { landed: landing.length, refused: unique.filter((_, position) => deleted.has(position)) };
  });
  return {
    accepted: landed,
    duplicates: duplicates + unique.length - refused.length - landed,
    rejected: withDeleted(
      rejected,
      refused.map((u) => u.index),
    ),
  };
}

/** Adds a DATA_DELETED rejection per refused item, keeping the list in item order. */
function withDeleted(rejected: ItemRejection[], indexes: number[]): ItemRejection[] {
  if (indexes.length === 0) return rejected;
  const deleted = indexes.map((index) => ({
    index,
    code: 'DATA_DELETED' satisfies IngestRejectionCode,
    message: "an identifier of this item was deleted on its owner's request; the item was not stored",
  }));
  return [...rejected, ...deleted].sort((a, b) => a.index - b.index);
}

/** POST /api/records: breaches, phone carrier facts and social profiles, idempotent by content. */
export async function ingestRecords(
  db: Database,
  ctx: WorkspaceContext,
  batch: SplitOk,
  now = new Date(),
): Promise<IngestResult> {
  const { workspaceId } = ctx;
  const { items: valid, rejected } = validItems(batch, (raw) => parseRecord(raw, now));
  const parsed = valid.map((item) => ({ ...item, keys: recordKeys(item.value) }));
  const result = await retryingTransaction(db, async (tx) => {
    // A record that names a deleted identifier is refused whole (nothing of it is stored).
    const deleted = await deletedItems(
      tx,
      parsed.map(({ keys }) => keys),
      workspaceId,
    );
    const items = parsed.filter((_, position) => !deleted.has(position));
    // Reference facts make their identifiers known and link them, without counting as activity.
    const sightings: Sighting[] = items.map(({ value, keys }) => ({
      keys,
      type: null,
      source: `${workspaceId}:records`,
      at:
        'breachedAt' in value
          ? value.breachedAt
          : 'observedAt' in value
            ? value.observedAt
            : (value.createdAt ?? now),
      country: 'country' in value ? value.country : null,
    }));
    const idByTag = await observe(tx, workspaceId, sightings);
    const stored = await storeRecords(
      tx,
      workspaceId,
      items.map(({ value }, position) => ({
        record: value,
        identifierIds: (sightings[position]?.keys ?? []).flatMap((k) => idByTag.get(tagOf(k)) ?? []),
      })),
      idByTag,
      now,
    );
    return {
      accepted: stored,
      duplicates: items.length - stored,
      refused: parsed.filter((_, position) => deleted.has(position)).map((item) => item.index),
    };
  });
  return {
    accepted: result.accepted,
    duplicates: result.duplicates,
    rejected: withDeleted(rejected, result.refused),
  };
}

function recordKeys(record: IngestRecord) {
  switch (record.kind) {
    case 'breach':
      return graphKeys(record.identifiers);
    case 'phone':
      return [
        { kind: 'phone' as const, value: record.phone, md5: null, sha1: null, countries: [], address: null },
      ];
    case 'profile': {
      const handle = record.username ?? record.userid ?? record.url ?? '';
      const profileKey = {
        kind: 'profile' as const,
        value: profileValue(record.service, handle),
        md5: null,
        sha1: null,
        countries: record.country ? [record.country] : [],
        address: null,
      };
      return [profileKey, ...graphKeys(record.identifiers)];
    }
  }
}

interface PendingRecord {
  record: IngestRecord;
  identifierIds: string[];
}

/**
 * Stores the batch's facts with one set-based statement per kind and returns how many records
 * added something; a record whose every fact was already stored is a duplicate.
 */
async function storeRecords(
  tx: Executor,
  workspaceId: string,
  pending: PendingRecord[],
  idByTag: Map<string, string>,
  now: Date,
): Promise<number> {
  const fresh = new Set<number>();
  const breachRows = pending.flatMap(({ record, identifierIds }, index) =>
    record.kind === 'breach'
      ? identifierIds.map((id) => ({ index, id, breach: record.breach, at: record.breachedAt.toISOString() }))
      : [],
  );
  if (breachRows.length > 0) {
    const inserted = await tx.execute<{ identifier_id: string; breach: string }>(sql`
      insert into breaches (identifier_id, breach, breached_at, workspace_id)
      select *, ${workspaceId} from unnest(${param(breachRows.map((r) => r.id))}::text[], ${param(breachRows.map((r) => r.breach))}::text[],
                           ${param(breachRows.map((r) => r.at))}::timestamptz[])
      on conflict do nothing returning identifier_id, breach`);
    const added = new Set(inserted.rows.map((r) => `${r.identifier_id}|${r.breach}`));
    for (const row of breachRows) {
      // The first record to bring a fact gets the credit; a later copy in the batch is a duplicate.
      if (added.delete(`${row.id}|${row.breach}`)) fresh.add(row.index);
    }
  }

  const phoneRows = pending.flatMap(({ record }, index) =>
    record.kind === 'phone'
      ? [
          {
            index,
            phone: record.phone,
            at: record.observedAt.toISOString(),
            lineType: record.lineType,
            carrier: record.carrier ?? '',
            dno: record.dno,
          },
        ]
      : [],
  );
  if (phoneRows.length > 0) {
    const inserted = await tx.execute<{ phone: string; at: string; line_type: string; carrier: string }>(sql`
      insert into phone_records (phone, observed_at, line_type, carrier, dno, workspace_id)
      select *, ${workspaceId} from unnest(${param(phoneRows.map((r) => r.phone))}::text[], ${param(phoneRows.map((r) => r.at))}::timestamptz[],
                           ${param(phoneRows.map((r) => r.lineType))}::text[], ${param(phoneRows.map((r) => r.carrier))}::text[],
                           ${param(phoneRows.map((r) => r.dno))}::text[])
      on conflict do nothing
      returning phone, to_char(observed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, line_type, carrier`);
    const added = new Set(inserted.rows.map((r) => `${r.phone}|${r.at}|${r.line_type}|${r.carrier}`));
    for (const row of phoneRows) {
      if (added.delete(`${row.phone}|${row.at}|${row.lineType}|${row.carrier}`)) fresh.add(row.index);
    }
  }

  // One row per profile: an upsert may not touch a row twice, so the batch's last record wins.
  const profiles = new Map<
    string,
    { index: number; record: Extract<IngestRecord, { kind: 'profile' }>; handle: string }
  >();
  pending.forEach(({ record }, index) => {
    if (record.kind !== 'profile') return;
    const handle = record.username ?? record.userid ?? record.url ?? '';
    const id = idByTag.get(`profile|${profileValue(record.service, handle)}`);
    if (id) profiles.set(id, { index, record, handle });
  });
  if (profiles.size > 0) {
    const rows = [...profiles.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    const stored = await tx.execute<{ identifier_id: string }>(sql`
      insert into profile_records as p (identifier_id, service, handle, created_at, followers, following, country, updated_at, workspace_id)
      select t.*, ${now.toISOString()}::timestamptz, ${workspaceId} from unnest(
        ${param(rows.map(([id]) => id))}::text[], ${param(rows.map(([, r]) => r.record.service))}::text[],
        ${param(rows.map(([, r]) => r.handle))}::text[],
        ${param(rows.map(([, r]) => r.record.createdAt?.toISOString() ?? null))}::timestamptz[],
        ${param(rows.map(([, r]) => r.record.followers))}::int[], ${param(rows.map(([, r]) => r.record.following))}::int[],
        ${param(rows.map(([, r]) => r.record.country))}::text[]) as t
      on conflict (identifier_id, workspace_id) do update set
        created_at = coalesce(excluded.created_at, p.created_at),
        followers = coalesce(excluded.followers, p.followers),
        following = coalesce(excluded.following, p.following),
        country = coalesce(excluded.country, p.country),
        updated_at = excluded.updated_at
      -- An identical record is a duplicate; a changed one updates the profile.
      where (p.created_at, p.followers, p.following, p.country) is distinct from
            (coalesce(excluded.created_at, p.created_at), coalesce(excluded.followers, p.followers),
             coalesce(excluded.following, p.following), coalesce(excluded.country, p.country))
      returning identifier_id`);
    for (const row of stored.rows) {
      const entry = profiles.get(row.identifier_id);
      if (entry) fresh.add(entry.index);
    }
  }
  return fresh.size;
}
