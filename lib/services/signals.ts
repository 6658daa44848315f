import { and, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import { serverSecret } from '@/lib/config/secret';
import { keyedHash } from '@/lib/crypto/seal';
import type { Database } from '@/lib/db/client';
import { type IdentifierKind, type IdentifierRow, identifiers, observations } from '@/lib/db/schema';
import { INTERVAL_MS } from '@/lib/engine/intervals';
import type { NormalizedSignalsRequest, PatternInterval } from '@/lib/engine/types';
import { observeExisting } from './identifiers';

interface Seen {
  firstSeenMs: number;
  lastSeenMs: number;
  observations: number;
  confidence: number;
}

export interface SignalsEmail extends Seen {
  email?: string;
  md5: string | null;
  sha1: string | null;
  sha256: string | null;
}

export interface IntervalSummary {
  observations: number;
  sources: number;
  events?: { type: string; observations: number; sources: number }[];
}

export type SignalsOutcome =
  | { kind: 'no_content' }
  | { kind: 'profile'; body: Record<string, unknown> }
  | {
      kind: 'patterns';
      body: { emails: (SignalsEmail & Partial<Record<PatternInterval, IntervalSummary>>)[] };
    };

function seen(row: IdentifierRow): Seen {
  // Direct matches of an identifier the caller sent are certain; linked ones (graph issue) are not.
  return {
    firstSeenMs: row.firstSeenAt.getTime(),
    lastSeenMs: row.lastSeenAt.getTime(),
    observations: row.observations,
    confidence: 1,
  };
}

function lookupConditions(input: NormalizedSignalsRequest): SQL[] {
  const conditions: SQL[] = [];
  const sha256 = input.emails.flatMap((e) => (e.sha256 ? [e.sha256] : []));
  const md5 = input.emails.flatMap((e) => (e.md5 ? [e.md5] : []));
  const sha1 = input.emails.flatMap((e) => (e.sha1 ? [e.sha1] : []));
  const emailValues = [...sha256, ...md5.map((h) => `md5:${h}`), ...sha1.map((h) => `sha1:${h}`)];
  if (emailValues.length > 0) {
    const byValue = and(eq(identifiers.kind, 'email'), inArray(identifiers.value, emailValues));
    if (byValue) conditions.push(byValue);
  }
  if (md5.length > 0) conditions.push(inArray(identifiers.md5, md5));
  if (sha1.length > 0) conditions.push(inArray(identifiers.sha1, sha1));
  const add = (kind: IdentifierKind, values: string[]) => {
    const condition =
      values.length > 0 ? and(eq(identifiers.kind, kind), inArray(identifiers.value, values)) : undefined;
    if (condition) conditions.push(condition);
  };
  add(
    'phone',
    input.phones.flatMap((p) => (p.e164 ? [p.e164] : [])),
  );
  add(
    'profile',
    input.profiles.flatMap((p) => {
      const handle = p.username ?? p.userid ?? p.url;
      return handle ? [`${(p.service ?? 'unknown').toLowerCase()}:${handle.toLowerCase()}`] : [];
    }),
  );
  add('ssn', input.ssn?.kind === 'full' ? [keyedHash(serverSecret(), input.ssn.digits)] : []);
  add('ip', input.ipAddress ? [input.ipAddress.address] : []);
  return conditions;
}

/**
 * Signals: what the database holds for the identifiers. The identity graph issue adds linked
 * identifiers and the resolved person; this reads the identifiers themselves.
 */
export async function signals(
  db: Database,
  workspaceId: string,
  input: NormalizedSignalsRequest,
  now: Date = new Date(),
): Promise<SignalsOutcome> {
  const conditions = lookupConditions(input);
  if (conditions.length === 0) return { kind: 'no_content' };
  const matched = await db
    .select()
    .from(identifiers)
    .where(or(...conditions));
  if (matched.length === 0) return { kind: 'no_content' };
  if (
    input.excludedCountries.length > 0 &&
    matched.some((r) => r.countries.some((c) => input.excludedCountries.includes(c)))
  ) {
    return { kind: 'no_content' };
  }
  const rows =
    input.countries.length > 0
      ? matched.filter((r) => r.countries.some((c) => input.countries.includes(c)))
      : matched;
  if (rows.length === 0) return { kind: 'no_content' };

  const emails = rows
    .filter((r) => r.kind === 'email')
    .map((row): SignalsEmail & { id: string } => {
      const supplied = input.emails.find(
        (e) => e.form === 'cleartext' && (e.sha256 === row.value || (e.md5 !== null && e.md5 === row.md5)),
      );
      const sha256 = row.value.includes(':') ? null : row.value;
      return {
        id: row.id,
        // Cleartext only where this caller supplied it: the graph stores digests.
        ...(supplied?.address ? { email: supplied.address } : {}),
        md5: row.md5,
        sha1: row.sha1,
        sha256,
        ...seen(row),
      };
    });

  let outcome: SignalsOutcome;
  if (input.patternInterval) {
    const interval = input.patternInterval;
    const summaries = await intervalSummaries(
      db,
      emails.map((e) => e.id),
      new Date(now.getTime() - INTERVAL_MS[interval]),
    );
    outcome = {
      kind: 'patterns',
      body: {
        emails: emails.map(({ id, ...email }) => ({
          ...email,
          [interval]: summaries.get(id) ?? { observations: 0, sources: 0 },
        })),
      },
    };
  } else {
    outcome = {
      kind: 'profile',
      body: {
        name: null,
        emails: emails.map(({ id: _id, ...email }) => email),
        phones: rows.filter((r) => r.kind === 'phone').map((r) => ({ phone: r.value, ...seen(r) })),
        socialProfiles: rows
          .filter((r) => r.kind === 'profile')
          .map((r) => ({ profile: r.value, ...seen(r) })),
        locations: [],
        ipAddresses: rows.filter((r) => r.kind === 'ip').map((r) => ({ ipAddress: r.value, ...seen(r) })),
        employment: [],
      },
    };
  }
  await db.transaction((tx) =>
    observeExisting(
      tx,
      rows.map((r) => r.id),
      { type: 'signals', source: workspaceId, at: now },
    ),
  );
  return outcome;
}

async function intervalSummaries(
  db: Database,
  ids: string[],
  since: Date,
): Promise<Map<string, IntervalSummary>> {
  const result = new Map<string, IntervalSummary>();
  if (ids.length === 0) return result;
  // One pass: per (identifier, type) and per identifier (distinct sources do not add up).
  const grouped = await db
    .select({
      identifierId: observations.identifierId,
      type: observations.type,
      count: sql<number>`count(*)::int`,
      sources: sql<number>`count(distinct ${observations.source})::int`,
      isTotal: sql<boolean>`grouping(${observations.type}) = 1`,
    })
    .from(observations)
    .where(and(inArray(observations.identifierId, ids), gt(observations.observedAt, since)))
    .groupBy(
      sql`grouping sets ((${observations.identifierId}, ${observations.type}), (${observations.identifierId}))`,
    );
  for (const row of grouped) {
    const entry = result.get(row.identifierId) ?? { observations: 0, sources: 0 };
    if (row.isTotal) {
      entry.observations = row.count;
      entry.sources = row.sources;
    } else {
      entry.events = [
        ...(entry.events ?? []),
        { type: row.type, observations: row.count, sources: row.sources },
      ];
    }
    result.set(row.identifierId, entry);
  }
  return result;
}
