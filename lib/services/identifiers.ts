import { sql } from 'drizzle-orm';
import { serverSecret } from '@/lib/config/secret';
import { keyedHash } from '@/lib/crypto/seal';
import type { Executor } from '@/lib/db/client';
import type { IdentifierKind, ObservationType } from '@/lib/db/schema';
import type { NormalizedRequest } from '@/lib/engine/types';
import { newId } from '@/lib/ids/ids';

export interface IdentifierKey {
  kind: IdentifierKind;
  value: string;
  md5: string | null;
  sha1: string | null;
  countries: string[];
}

/**
 * The graph keys of a request's identifiers. Emails are keyed by SHA-256 when it is known and
 * by `md5:`/`sha1:` otherwise; a full SSN by its keyed hash (never in clear); last-four SSNs
 * are too ambiguous to key an identity and are left out.
 */
export function identifierKeys(input: NormalizedRequest): IdentifierKey[] {
  const country = input.location?.countryCode ?? null;
  const countries = country ? [country] : [];
  const keys: IdentifierKey[] = [];
  for (const email of input.emails) {
    const value = email.sha256 ?? (email.sha1 ? `sha1:${email.sha1}` : `md5:${email.md5 ?? ''}`);
    keys.push({ kind: 'email', value, md5: email.md5, sha1: email.sha1, countries });
  }
  for (const phone of input.phones) {
    if (!phone.e164) continue;
    const phoneCountries = [...new Set([...countries, ...(phone.region ? [phone.region] : [])])];
    keys.push({ kind: 'phone', value: phone.e164, md5: null, sha1: null, countries: phoneCountries });
  }
  for (const profile of input.profiles) {
    const handle = profile.username ?? profile.userid ?? profile.url;
    if (!handle) continue;
    keys.push({
      kind: 'profile',
      value: `${(profile.service ?? 'unknown').toLowerCase()}:${handle.toLowerCase()}`,
      md5: null,
      sha1: null,
      countries,
    });
  }
  if (input.ssn?.kind === 'full') {
    keys.push({
      kind: 'ssn',
      value: keyedHash(serverSecret(), input.ssn.digits),
      md5: null,
      sha1: null,
      countries,
    });
  }
  if (input.ipAddress) {
    keys.push({ kind: 'ip', value: input.ipAddress.address, md5: null, sha1: null, countries });
  }
  // One upsert statement may not touch a row twice: keep the first of any duplicate key.
  const seen = new Set<string>();
  return keys.filter((k) => !seen.has(`${k.kind}|${k.value}`) && Boolean(seen.add(`${k.kind}|${k.value}`)));
}

/**
 * Upserts the identifiers (first/last seen, count, countries) and stores one observation of
 * each, in the caller's transaction. Returns the identifier ids.
 */
export async function recordObservations(
  tx: Executor,
  keys: IdentifierKey[],
  observation: { type: ObservationType; source: string; at: Date },
): Promise<string[]> {
  if (keys.length === 0) return [];
  const at = observation.at.toISOString();
  const rows = keys.map(
    (k) =>
      sql`(${newId('idn')}, ${k.kind}, ${k.value}, ${k.md5}, ${k.sha1}, ${sql`${`{${k.countries.join(',')}}`}::text[]`}, ${at}::timestamptz, ${at}::timestamptz, 1)`,
  );
  const upserted = await tx.execute<{ id: string }>(sql`
    insert into identifiers as i (id, kind, value, md5, sha1, countries, first_seen_at, last_seen_at, observations)
    values ${sql.join(rows, sql`, `)}
    on conflict (kind, value) do update set
      md5 = coalesce(i.md5, excluded.md5),
      sha1 = coalesce(i.sha1, excluded.sha1),
      countries = array(select distinct unnest(i.countries || excluded.countries)),
      first_seen_at = least(i.first_seen_at, excluded.first_seen_at),
      last_seen_at = greatest(i.last_seen_at, excluded.last_seen_at),
      observations = i.observations + 1
    returning id`);
  const ids = upserted.rows.map((r) => r.id);
  const observationRows = ids.map(
    (id) => sql`(${id}, ${observation.type}, ${observation.source}, ${at}::timestamptz)`,
  );
  await tx.execute(sql`
    insert into observations (identifier_id, type, source, observed_at)
    values ${sql.join(observationRows, sql`, `)}`);
  return ids;
}

/** Stores one observation for identifiers already known (a Signals lookup never creates any). */
export async function observeExisting(
  tx: Executor,
  identifierIds: string[],
  observation: { type: ObservationType; source: string; at: Date },
): Promise<void> {
  if (identifierIds.length === 0) return;
  const at = observation.at.toISOString();
  await tx.execute(sql`
    update identifiers set observations = observations + 1, last_seen_at = greatest(last_seen_at, ${at}::timestamptz)
    where id in (${sql.join(
      identifierIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  await tx.execute(sql`
    insert into observations (identifier_id, type, source, observed_at)
    values ${sql.join(
      identifierIds.map((id) => sql`(${id}, ${observation.type}, ${observation.source}, ${at}::timestamptz)`),
      sql`, `,
    )}`);
}
