// The bulk path: one batch's rows, computed by GraphBatch, COPYed table by table inside the
// caller's transaction. Merging identifiers (emails, phones, profiles, SSNs) are new by
// construction and go straight in; a unique violation means they are not (another run or the
// live service got there first) and the caller falls back to the online path. Attributes
// (names, addresses, IPs, employers) recur across batches, so they are upserted exactly as
// observe() does, and hourly rollups of attributes that already existed add to theirs.
// Rows go in index order (ascending ids, then time), so each btree grows at its right edge.
import type pg from 'pg';
import { seal } from '@/lib/crypto/seal';
import { SEEN_DATES_ON_CONFLICT } from '@/lib/services/graph/observe';
import type { GraphBatch, PairAggregate, RollupAggregate } from './aggregate';
import { copyCsv } from './copy';
import { csvField, csvLine, iso, orderedIds, pgTextArray } from './csv';

export interface BatchContext {
  workspaceId: string;
  secret: string;
  ssnHash: (digits: string) => string;
  now: number;
}

export interface BatchCounts {
  identifiers: number;
  observations: number;
  links: number;
}

const IDENTIFIER_COLUMNS = [
  'id',
  'kind',
  'value',
  'md5',
  'sha1',
  'countries',
  'first_seen_at',
  'last_seen_at',
  'observations',
  'person_id',
  'link_count',
  'is_hub',
];
const ATTRIBUTE_COLUMNS = [
  'id',
  'kind',
  'value',
  'countries',
  'first_seen_at',
  'last_seen_at',
  'observations',
];
const ROLLUP_COLUMNS = ['identifier_id', 'hour', 'type', 'source', 'count'];
const PROFILE_COLUMNS = [
  'identifier_id',
  'service',
  'handle',
  'created_at',
  'followers',
  'following',
  'country',
  'updated_at',
  'workspace_id',
];

/** Session-lifetime staging tables, emptied at each commit. */
export async function createStaging(client: pg.ClientBase): Promise<void> {
  await client.query(`
    create temp table if not exists seed_attributes (
      id text, kind text, value text, countries text[], first_seen_at timestamptz, last_seen_at timestamptz,
      observations int) on commit delete rows;
    create temp table if not exists seed_rollups (
      identifier_id text, hour timestamptz, type text, source text, count int) on commit delete rows`);
}

/** Upserts the batch's attributes as observe() does; points `ids` at rows that already existed. */
async function upsertAttributes(client: pg.ClientBase, batch: GraphBatch, ids: string[], fresh: boolean[]) {
  const rows = batch.identifiers;
  await copyCsv(
    client,
    'seed_attributes',
    ATTRIBUTE_COLUMNS,
    (function* () {
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i];
        if (!r || r.merging) continue;
        yield csvLine([
          ids[i],
          r.key.kind,
          r.key.value,
          pgTextArray(r.countries),
          iso(r.first),
          iso(r.last),
          r.observations,
        ]);
      }
    })(),
  );
  // The sort keeps row locks in the order the live service takes them (no deadlocks).
  const upserted = await client.query<{ id: string; kind: string; value: string; inserted: boolean }>(`
    insert into identifiers as i (id, kind, value, countries, first_seen_at, last_seen_at, observations)
    select id, kind, value, countries, first_seen_at, last_seen_at, observations from seed_attributes order by kind, value
    on conflict (kind, value) do update set
      countries = case when excluded.countries <@ i.countries then i.countries
                       else array(select distinct unnest(i.countries || excluded.countries)) end,
      ${SEEN_DATES_ON_CONFLICT}
    returning i.id, i.kind, i.value, (xmax = 0) as inserted`);
  let inserted = 0;
  for (const row of upserted.rows) {
    const index = batch.indexOf(row.kind, row.value);
    if (index === undefined) continue;
    ids[index] = row.id;
    fresh[index] = row.inserted;
    if (row.inserted) inserted++;
  }
  return inserted;
}

async function copyObservations(client: pg.ClientBase, batch: GraphBatch, ids: string[], sources: string[]) {
  const { obsIdentifier, obsType, obsSource, obsCountry, obsAt } = batch;
  const order = Array.from({ length: obsAt.length }, (_, i) => i);
  order.sort(
    (x, y) => (obsIdentifier[x] ?? 0) - (obsIdentifier[y] ?? 0) || (obsAt[x] ?? 0) - (obsAt[y] ?? 0),
  );
  return copyCsv(
    client,
    'observations',
    ['identifier_id', 'type', 'source', 'country', 'observed_at'],
    (function* () {
      for (const i of order) {
        yield `${ids[obsIdentifier[i] ?? 0]},${obsType[i]},${sources[obsSource[i] ?? 0]},${obsCountry[i] ?? ''},${iso(obsAt[i] ?? 0)}\n`;
      }
    })(),
  );
}

async function copyRollups(
  client: pg.ClientBase,
  batch: GraphBatch,
  ids: string[],
  fresh: boolean[],
  sources: string[],
) {
  const rollups = [...batch.rollups.values()].sort(
    (a, b) =>
      a.identifier - b.identifier ||
      a.hour - b.hour ||
      (a.type < b.type ? -1 : a.type > b.type ? 1 : a.source - b.source),
  );
  const line = (r: RollupAggregate) =>
    `${ids[r.identifier]},${iso(r.hour)},${r.type},${sources[r.source]},${r.count}\n`;
  await copyCsv(
    client,
    'observation_rollups',
    ROLLUP_COLUMNS,
    (function* () {
      for (const r of rollups) if (fresh[r.identifier]) yield line(r);
    })(),
  );
  // Hours an existing attribute (a shared IP, a common name) already has add up.
  await copyCsv(
    client,
    'seed_rollups',
    ROLLUP_COLUMNS,
    (function* () {
      for (const r of rollups) if (!fresh[r.identifier]) yield line(r);
    })(),
  );
  await client.query(`
    insert into observation_rollups as r (identifier_id, hour, type, source, count)
    select * from seed_rollups order by identifier_id, hour, type, source
    on conflict (identifier_id, hour, type, source) do update set count = r.count + excluded.count`);
}

async function copyLinks(client: pg.ClientBase, batch: GraphBatch, ids: string[], sources: string[]) {
  const links = [...batch.pairs.values()].map((p): [string, string, PairAggregate] => {
    const a = ids[p.a] ?? '';
    const b = ids[p.b] ?? '';
    return a < b ? [a, b, p] : [b, a, p];
  });
  links.sort(([a1, b1], [a2, b2]) => (a1 < a2 ? -1 : a1 > a2 ? 1 : b1 < b2 ? -1 : b1 > b2 ? 1 : 0));
  const count = await copyCsv(
    client,
    'identifier_links',
    ['a_id', 'b_id', 'observations', 'sources', 'first_seen_at', 'last_seen_at'],
    (function* () {
      // Every source of a batch is one workspace's feed: confidence counts workspaces.
      for (const [a, b, p] of links) yield `${a},${b},${p.observations},1,${iso(p.first)},${iso(p.last)}\n`;
    })(),
  );
  await copyCsv(
    client,
    'link_sources',
    ['a_id', 'b_id', 'source', 'first_seen_at', 'last_seen_at'],
    (function* () {
      // A batch keeps its pairs' dates, not each feed's: every feed of it takes the pair's.
      for (const [a, b, p] of links) {
        for (const s of [...p.sources].sort((x, y) => ((sources[x] ?? '') < (sources[y] ?? '') ? -1 : 1))) {
          yield `${a},${b},${sources[s]},${iso(p.first)},${iso(p.last)}\n`;
        }
      }
    })(),
  );
  return count;
}

async function copyRecords(client: pg.ClientBase, batch: GraphBatch, ids: string[], ctx: BatchContext) {
  await copyCsv(
    client,
    'breaches',
    ['identifier_id', 'breach', 'breached_at', 'workspace_id'],
    (function* () {
      for (const b of batch.breaches)
        yield csvLine([ids[b.identifier], b.breach, iso(b.at), ctx.workspaceId]);
    })(),
  );
  await copyCsv(
    client,
    'phone_records',
    ['phone', 'observed_at', 'line_type', 'carrier', 'dno', 'workspace_id'],
    (function* () {
      for (const r of batch.phoneRecords)
        yield csvLine([r.phone, iso(r.at), r.lineType, r.carrier, r.dno, ctx.workspaceId]);
    })(),
  );
  const updated = iso(ctx.now);
  await copyCsv(
    client,
    'profile_records',
    PROFILE_COLUMNS,
    (function* () {
      for (const { identifier, record: r } of batch.profileRecords) {
        yield csvLine([
          ids[identifier],
          r.service,
          r.handle,
          iso(r.createdAt),
          r.followers,
          r.following,
          r.country,
          updated,
          ctx.workspaceId,
        ]);
      }
    })(),
  );
}

/** The batch's share of its identifiers, as observe() keeps it (identifier_contributions). */
async function recordContributions(
  client: pg.ClientBase,
  batch: GraphBatch,
  ids: string[],
  ctx: BatchContext,
) {
  const rows = batch.identifiers.flatMap((r, i) => {
    const id = ids[i];
    return r && id ? [{ id, r }] : [];
  });
  rows.sort((x, y) => (x.id < y.id ? -1 : 1));
  await client.query(
    `insert into identifier_contributions as i (identifier_id, workspace_id, countries, first_seen_at, last_seen_at, observations)
     select t.id, $1, coalesce(string_to_array(t.countries, ','), '{}'), t.first, t.last, t.n
     from unnest($2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::int[]) as t(id, countries, first, last, n)
     on conflict (identifier_id, workspace_id) do update set
       countries = case when excluded.countries <@ i.countries then i.countries
                        else array(select distinct unnest(i.countries || excluded.countries)) end,
       ${SEEN_DATES_ON_CONFLICT}`,
    [
      ctx.workspaceId,
      rows.map(({ id }) => id),
      rows.map(({ r }) => [...r.countries].join(',') || null),
      rows.map(({ r }) => iso(r.first)),
      rows.map(({ r }) => iso(r.last)),
      rows.map(({ r }) => r.observations),
    ],
  );
}

export async function writeBatchFast(
  client: pg.ClientBase,
  batch: GraphBatch,
  ctx: BatchContext,
): Promise<BatchCounts> {
  const rows = batch.identifiers;
  const ids = orderedIds('idn', rows.length);
  const fresh = rows.map((row) => row.merging);
  const persons = orderedIds('per', batch.personCount);
  await copyCsv(
    client,
    'identifiers',
    IDENTIFIER_COLUMNS,
    (function* () {
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i];
        if (!r?.merging) continue;
        const value = r.key.kind === 'ssn' ? ctx.ssnHash(r.key.value) : r.key.value;
        const person = r.person >= 0 ? persons[r.person] : null;
        yield csvLine([
          ids[i],
          r.key.kind,
          value,
          r.key.md5,
          r.key.sha1,
          pgTextArray(r.countries),
          iso(r.first),
          iso(r.last),
          r.observations,
          person,
          r.linkCount,
          r.isHub,
        ]);
      }
    })(),
  );
  const merging = fresh.filter(Boolean).length;
  const attributes = await upsertAttributes(client, batch, ids, fresh);
  const sources = batch.sources.map(csvField);
  const observations = await copyObservations(client, batch, ids, sources);
  await copyRollups(client, batch, ids, fresh, sources);
  await copyCsv(
    client,
    'email_cleartexts',
    ['workspace_id', 'identifier_id', 'sealed'],
    (function* () {
      for (let i = 0; i < rows.length; i++) {
        const address = rows[i]?.key.address;
        if (address) yield csvLine([ctx.workspaceId, ids[i], seal(ctx.secret, address)]);
      }
    })(),
  );
  const links = await copyLinks(client, batch, ids, sources);
  await copyRecords(client, batch, ids, ctx);
  await recordContributions(client, batch, ids, ctx);
  return { identifiers: merging + attributes, observations, links };
}
