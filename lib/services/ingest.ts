import { sql } from 'drizzle-orm';
import type { Database, Executor } from '@/lib/db/client';
import { retryingTransaction } from '@/lib/db/transaction';
import { profileValue } from '@/lib/engine/graph/identifier-keys';
import { parseEvent } from '@/lib/engine/ingest/parse-event';
import { parseRecord } from '@/lib/engine/ingest/parse-record';
import type { SplitBatchResult } from '@/lib/engine/ingest/split-body';
import type { IngestEvent, IngestRecord, ItemRejection } from '@/lib/engine/ingest/types';
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
  workspaceId: string,
  batch: SplitOk,
  now = new Date(),
): Promise<IngestResult> {
  const { items, rejected } = validItems(batch, (raw) => parseEvent(raw, now));
  // Within the request, the first event with an id wins; later copies are duplicates.
  const seenIds = new Set<string>();
  let duplicates = 0;
  const unique: IngestEvent[] = [];
  for (const { value } of items) {
    if (value.id !== null) {
      if (seenIds.has(value.id)) {
        duplicates++;
        continue;
      }
      seenIds.add(value.id);
    }
    unique.push(value);
  }
  const landed = await retryingTransaction(db, async (tx) => {
    const ids = [...seenIds].sort();
    const fresh = new Set<string>();
    if (ids.length > 0) {
      const inserted = await tx.execute<{ event_id: string }>(sql`
        insert into ingested_events (workspace_id, event_id)
        select ${workspaceId}, unnest(${param(ids)}::text[])
        on conflict do nothing returning event_id`);
      for (const row of inserted.rows) fresh.add(row.event_id);
    }
    const landing = unique.filter((e) => e.id === null || fresh.has(e.id));
    const sightings: Sighting[] = landing.map((event) => ({
      keys: graphKeys(event.identifiers),
      types: [event.type],
      source: eventSource(workspaceId, event.source),
      at: event.observedAt,
      country: event.country,
    }));
    await observe(tx, workspaceId, sightings);
    return landing.length;
  });
  return { accepted: landed, duplicates: duplicates + unique.length - landed, rejected };
}

/** POST /api/records: breaches, phone carrier facts and social profiles, idempotent by content. */
export async function ingestRecords(
  db: Database,
  workspaceId: string,
  batch: SplitOk,
  now = new Date(),
): Promise<IngestResult> {
  const { items, rejected } = validItems(batch, (raw) => parseRecord(raw, now));
  const result = await retryingTransaction(db, async (tx) => {
    let accepted = 0;
    let duplicates = 0;
    // Reference facts make their identifiers known and link them, without counting as activity.
    const sightings: Sighting[] = items.map(({ value }) => ({
      keys: recordKeys(value),
      types: [],
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
    for (const [position, { value }] of items.entries()) {
      const keys = sightings[position]?.keys ?? [];
      const stored = await storeRecord(
        tx,
        value,
        keys.map((k) => idByTag.get(tagOf(k))).filter((id): id is string => Boolean(id)),
        idByTag,
        now,
      );
      if (stored) accepted++;
      else duplicates++;
    }
    return { accepted, duplicates };
  });
  return { ...result, rejected };
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

/** Stores one record's facts; false when every fact was already there (a duplicate). */
async function storeRecord(
  tx: Executor,
  record: IngestRecord,
  identifierIds: string[],
  idByTag: Map<string, string>,
  now: Date,
): Promise<boolean> {
  switch (record.kind) {
    case 'breach': {
      if (identifierIds.length === 0) return false;
      const inserted = await tx.execute(sql`
        insert into breaches (identifier_id, breach, breached_at)
        select unnest(${param(identifierIds)}::text[]), ${record.breach}, ${record.breachedAt.toISOString()}::timestamptz
        on conflict do nothing returning identifier_id`);
      return inserted.rows.length > 0;
    }
    case 'phone': {
      const inserted = await tx.execute(sql`
        insert into phone_records (phone, observed_at, line_type, carrier, dno)
        values (${record.phone}, ${record.observedAt.toISOString()}::timestamptz, ${record.lineType}, ${record.carrier ?? ''}, ${record.dno})
        on conflict do nothing returning phone`);
      return inserted.rows.length > 0;
    }
    case 'profile': {
      const handle = record.username ?? record.userid ?? record.url ?? '';
      const id = idByTag.get(`profile|${profileValue(record.service, handle)}`);
      if (!id) return false;
      // An identical record is a duplicate; a changed one updates the profile.
      const stored = await tx.execute(sql`
        insert into profile_records as p (identifier_id, service, handle, created_at, followers, following, country, updated_at)
        values (${id}, ${record.service}, ${handle}, ${record.createdAt?.toISOString() ?? null}::timestamptz,
                ${record.followers}, ${record.following}, ${record.country}, ${now.toISOString()}::timestamptz)
        on conflict (identifier_id) do update set
          created_at = coalesce(excluded.created_at, p.created_at),
          followers = coalesce(excluded.followers, p.followers),
          following = coalesce(excluded.following, p.following),
          country = coalesce(excluded.country, p.country),
          updated_at = excluded.updated_at
        where (p.created_at, p.followers, p.following, p.country) is distinct from
              (coalesce(excluded.created_at, p.created_at), coalesce(excluded.followers, p.followers),
               coalesce(excluded.following, p.following), coalesce(excluded.country, p.country))
        returning identifier_id`);
      return stored.rows.length > 0;
    }
  }
}
