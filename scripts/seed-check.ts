// `npm run seed:check`: verifies that the identity graph is consistent, whoever wrote it (the
// seed's bulk COPY path, the online observe() path, or both): counts against raw
// observations, rollups against observations, links against their sources, link counts, hubs
// and clusters, and that no row points at a missing identifier. Prints PASS or FAIL per
// invariant and exits 1 on any failure. Full scans: minutes on a graph of millions of rows.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '@/lib/cli/database-url';
import { serverSecret } from '@/lib/config/secret';
import { unseal } from '@/lib/crypto/seal';
import { HUB_LINK_LIMIT } from '@/lib/services/graph/observe';

const MERGING = `('email', 'phone', 'ssn', 'profile')`;
/**
 * Where raw sightings are kept whole: the start of the oldest monthly partition of observations
 * (older months were dropped by the retention, lib/services/maintenance/observation-partitions.ts).
 */
const KEPT_SINCE = `select coalesce(min(to_date(substr(c.relname, 14), 'YYYY_MM')::timestamp at time zone 'UTC'), '-infinity') as since
  from pg_inherits h join pg_class c on c.oid = h.inhrelid
  where h.inhparent = 'observations'::regclass and c.relname ~ '^observations_[0-9]{4}_[0-9]{2}$'`;

/** Each query counts the rows that break the invariant: zero passes. */
const INVARIANTS: readonly (readonly [string, string])[] = [
  [
    'identifiers.observations equals its rollups (which outlive the retention of raw rows)',
    `select count(*) from identifiers i
     left join (select identifier_id, sum(count) as n from observation_rollups group by identifier_id) r on r.identifier_id = i.id
     where i.observations <> coalesce(r.n, 0)`,
  ],
  [
    'hourly rollups sum to the observations of each hour, type and source (the months raw rows are kept)',
    `with kept as (${KEPT_SINCE})
     select count(*) from (
       select identifier_id, date_trunc('hour', observed_at) as hour, type, source, count(*) as n
       from observations, kept where observed_at >= kept.since group by 1, 2, 3, 4) o
     full join (select r.* from observation_rollups r, kept where r.hour >= kept.since) r using (identifier_id, hour, type, source)
     where o.n is distinct from r.count`,
  ],
  [
    // Records (breaches, carrier and profile facts) are never sightings: they date nothing.
    'first/last seen fall in the first and last hour of rollups of every observed identifier',
    `select count(*) from identifiers i
     join (select identifier_id, min(hour) as first, max(hour) as last from observation_rollups group by 1) r
       on r.identifier_id = i.id
     where date_trunc('hour', i.first_seen_at) <> r.first or date_trunc('hour', i.last_seen_at) <> r.last`,
  ],
  [
    'first/last seen are the first and last observation of every identifier first seen since the retention horizon',
    `with kept as (${KEPT_SINCE})
     select count(*) from identifiers i
     join (select identifier_id, min(observed_at) as first, max(observed_at) as last from observations group by 1) o
       on o.identifier_id = i.id, kept
     where i.first_seen_at >= kept.since and (i.first_seen_at <> o.first or i.last_seen_at <> o.last)`,
  ],
  ['links are stored once, with a_id < b_id', `select count(*) from identifier_links where a_id >= b_id`],
  [
    'identifier_links.sources equals the distinct workspaces of its link_sources rows',
    `select count(*) from identifier_links l
     left join (select a_id, b_id, count(distinct workspace_id) as n from link_sources group by 1, 2) s using (a_id, b_id)
     where l.sources <> coalesce(s.n, 0)`,
  ],
  [
    "a link's first sighting is its sources' earliest, its last their latest (sources move on hourly)",
    `select count(*) from identifier_links l
     join (select a_id, b_id, min(first_seen_at) as first, max(last_seen_at) as last from link_sources group by 1, 2) s
       using (a_id, b_id)
     where l.first_seen_at <> s.first or s.last > l.last_seen_at or l.last_seen_at - s.last > interval '1 hour'`,
  ],
  [
    'every link source belongs to a link',
    `select count(*) from link_sources s where not exists
       (select 1 from identifier_links l where l.a_id = s.a_id and l.b_id = s.b_id)`,
  ],
  [
    'link_count equals the distinct merging identifiers linked',
    `with ends as (
       select l.a_id as id from identifier_links l
         join identifiers a on a.id = l.a_id join identifiers b on b.id = l.b_id
         where a.kind in ${MERGING} and b.kind in ${MERGING}
       union all
       select l.b_id from identifier_links l
         join identifiers a on a.id = l.a_id join identifiers b on b.id = l.b_id
         where a.kind in ${MERGING} and b.kind in ${MERGING})
     select count(*) from identifiers i
     left join (select id, count(*) as n from ends group by id) e on e.id = i.id
     where i.link_count <> coalesce(e.n, 0)`,
  ],
  [
    `is_hub exactly when link_count > ${HUB_LINK_LIMIT}`,
    `select count(*) from identifiers where is_hub <> (link_count > ${HUB_LINK_LIMIT})`,
  ],
  [
    'only merging identifiers (email, phone, SSN, profile) belong to a person',
    `select count(*) from identifiers where person_id is not null and kind not in ${MERGING}`,
  ],
  ['hubs belong to no person', `select count(*) from identifiers where is_hub and person_id is not null`],
  [
    'identifiers linked without a hub between them are the same person',
    `select count(*) from identifier_links l
     join identifiers a on a.id = l.a_id join identifiers b on b.id = l.b_id
     where a.kind in ${MERGING} and b.kind in ${MERGING} and not a.is_hub and not b.is_hub
       and (a.person_id is null or a.person_id is distinct from b.person_id)`,
  ],
  [
    'every person has two identifiers or more',
    `select count(*) from (select person_id from identifiers where person_id is not null
                           group by person_id having count(*) < 2) p`,
  ],
  [
    'observation countries are among the identifier\u2019s countries',
    `select count(*) from observations o join identifiers i on i.id = o.identifier_id
     where o.country is not null and not (o.country = any(i.countries))`,
  ],
  [
    'no observation, rollup, link, breach, cleartext or profile points at a missing identifier',
    `select (select count(*) from observations o where not exists (select 1 from identifiers i where i.id = o.identifier_id))
          + (select count(*) from observation_rollups r where not exists (select 1 from identifiers i where i.id = r.identifier_id))
          + (select count(*) from identifier_links l where not exists (select 1 from identifiers i where i.id = l.a_id)
                                                       or not exists (select 1 from identifiers i where i.id = l.b_id))
          + (select count(*) from breaches b where not exists (select 1 from identifiers i where i.id = b.identifier_id))
          + (select count(*) from email_cleartexts c where not exists (select 1 from identifiers i where i.id = c.identifier_id))
          + (select count(*) from profile_records p where not exists (select 1 from identifiers i where i.id = p.identifier_id))`,
  ],
];

const STATS = `select
  (select count(*) from identifiers) as identifiers,
  (select count(*) from observations) as observations,
  (select count(*) from observation_rollups) as rollups,
  (select count(*) from identifier_links) as links,
  (select count(*) from link_sources) as link_sources,
  (select count(distinct person_id) from identifiers) as persons,
  (select count(*) from identifiers where is_hub) as hubs,
  (select count(*) from breaches) as breaches,
  (select count(*) from phone_records) as phone_records,
  (select count(*) from profile_records) as profile_records`;

/** Sealed cleartexts open with this server's secret and hash to their identifier. */
async function checkCleartexts(client: pg.Client): Promise<number> {
  const secret = serverSecret();
  const rows = await client.query<{ sealed: string; value: string }>(`
    select c.sealed, i.value from email_cleartexts c join identifiers i on i.id = c.identifier_id
    order by c.identifier_id limit 2000`);
  let bad = 0;
  for (const row of rows.rows) {
    try {
      const address = unseal(secret, row.sealed);
      if (createHash('sha256').update(address).digest('hex') !== row.value) bad++;
    } catch {
      bad++;
    }
  }
  return bad;
}

async function main(): Promise<number> {
  const database = await openDatabase();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  let failures = 0;
  try {
    // Rollup hours are UTC hours.
    await client.query(`set time zone 'UTC'`);
    const report = (ok: boolean, name: string, detail: string) => {
      if (!ok) failures++;
      process.stdout.write(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail}\n`);
    };
    for (const [name, query] of INVARIANTS) {
      const started = Date.now();
      const result = await client.query<{ count: string }>(query);
      const broken = Number(Object.values(result.rows[0] ?? {})[0] ?? 0);
      report(
        broken === 0,
        name,
        `${broken ? ` (${broken} rows)` : ''} [${((Date.now() - started) / 1000).toFixed(1)} s]`,
      );
    }
    const bad = await checkCleartexts(client);
    report(
      bad === 0,
      'email cleartexts unseal with this secret and hash to their identifier (sample)',
      bad ? ` (${bad})` : '',
    );
    const stats = await client.query(STATS);
    process.stdout.write(`${JSON.stringify(stats.rows[0])}\n`);
  } finally {
    await client.end();
    await database.stop();
  }
  return failures;
}

main()
  .then((failures) => process.exit(failures === 0 ? 0 : 1))
  .catch((error: unknown) => {
    process.stderr.write(`seed:check failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  });
