// The fallback path for a batch whose merging identifiers the graph already holds (a second
// run, a workspace seeded after another, or live traffic that met the same people): the
// batch goes through observe(), the service's own write path, which merges into the existing
// clusters; records are stored like ingestRecords does. Slower, exact.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from '@/lib/db/schema';
import { type IdentifierKey, MERGING_KINDS } from '@/lib/engine/graph/identifier-keys';
import { observe, type Sighting, tagOf } from '@/lib/services/graph/observe';
import { eventSource } from '@/lib/services/ingest';
import { keyCountries } from './aggregate';
import type { SeedPerson, SeedSighting } from './types';
import type { BatchContext, BatchCounts } from './write-fast';

const param = (values: unknown[]) => sql.param(values);

export function toSighting(s: SeedSighting, ctx: BatchContext): Sighting {
  const keys: IdentifierKey[] = s.keys.map(({ region: _region, ...key }) => ({
    ...key,
    value: key.kind === 'ssn' ? ctx.ssnHash(key.value) : key.value,
    countries: keyCountries(s, { ...key, region: _region }),
  }));
  return {
    keys,
    type: s.type,
    source: eventSource(ctx.workspaceId, s.feed),
    at: new Date(s.at),
    country: s.country,
  };
}

export async function writeBatchOnline(
  client: pg.Client,
  persons: readonly SeedPerson[],
  ctx: BatchContext,
): Promise<BatchCounts> {
  const db = drizzle({ client, schema });
  const sightings = persons.flatMap((p) => p.sightings.map((s) => toSighting(s, ctx)));
  const keys = [...new Map(sightings.flatMap((s) => s.keys).map((k) => [tagOf(k), k])).values()];
  const existing = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from identifiers
    where (kind, value) in (select * from unnest(${param(keys.map((k) => k.kind))}::text[], ${param(keys.map((k) => k.value))}::text[]))`);
  const idByTag = await observe(db, ctx.workspaceId, sightings);
  const idOf = (kind: string, value: string) =>
    idByTag.get(`${kind}|${kind === 'ssn' ? ctx.ssnHash(value) : value}`);

  const breaches = persons.flatMap((p) =>
    p.breaches.flatMap((b) =>
      b.keys.flatMap((k) => {
        const id = idOf(k.kind, k.value);
        return id ? [{ id, breach: b.breach, at: new Date(b.at).toISOString() }] : [];
      }),
    ),
  );
  if (breaches.length > 0) {
    await db.execute(sql`
      insert into breaches (identifier_id, breach, breached_at, workspace_id)
      select *, ${ctx.workspaceId} from unnest(${param(breaches.map((b) => b.id))}::text[], ${param(breaches.map((b) => b.breach))}::text[],
                           ${param(breaches.map((b) => b.at))}::timestamptz[])
      on conflict do nothing`);
  }
  const phones = persons.flatMap((p) => p.phoneRecords);
  if (phones.length > 0) {
    await db.execute(sql`
      insert into phone_records (phone, observed_at, line_type, carrier, dno, workspace_id)
      select *, ${ctx.workspaceId} from unnest(${param(phones.map((r) => r.phone))}::text[],
                           ${param(phones.map((r) => new Date(r.at).toISOString()))}::timestamptz[],
                           ${param(phones.map((r) => r.lineType))}::text[], ${param(phones.map((r) => r.carrier))}::text[],
                           ${param(phones.map((r) => r.dno))}::text[])
      on conflict do nothing`);
  }
  const profiles = persons.flatMap((p) =>
    p.profileRecords.flatMap((r) => {
      const id = idOf(r.key.kind, r.key.value);
      return id ? [{ id, r }] : [];
    }),
  );
  if (profiles.length > 0) {
    // As ingestRecords: a known profile keeps what the new record does not say.
    await db.execute(sql`
      insert into profile_records as p (identifier_id, service, handle, created_at, followers, following, country, updated_at, workspace_id)
      select *, ${new Date(ctx.now).toISOString()}::timestamptz, ${ctx.workspaceId} from unnest(
        ${param(profiles.map((p) => p.id))}::text[], ${param(profiles.map((p) => p.r.service))}::text[],
        ${param(profiles.map((p) => p.r.handle))}::text[],
        ${param(profiles.map((p) => new Date(p.r.createdAt).toISOString()))}::timestamptz[],
        ${param(profiles.map((p) => p.r.followers))}::int[], ${param(profiles.map((p) => p.r.following))}::int[],
        ${param(profiles.map((p) => p.r.country))}::text[])
      on conflict (identifier_id, workspace_id) do update set
        created_at = coalesce(excluded.created_at, p.created_at),
        followers = coalesce(excluded.followers, p.followers),
        following = coalesce(excluded.following, p.following),
        country = coalesce(excluded.country, p.country),
        updated_at = excluded.updated_at`);
  }
  const observations = sightings.reduce((n, s) => n + (s.type === null ? 0 : s.keys.length), 0);
  const links = new Set<string>();
  for (const s of sightings) {
    s.keys.forEach((a, i) => {
      for (const b of s.keys.slice(i + 1)) {
        if (MERGING_KINDS.has(a.kind) || MERGING_KINDS.has(b.kind))
          links.add([tagOf(a), tagOf(b)].sort().join('~'));
      }
    });
  }
  return { identifiers: keys.length - (existing.rows[0]?.n ?? 0), observations, links: links.size };
}
