import 'server-only';
import type { Executor } from '@/lib/db/client';
import type { IdentifierKey } from '@/lib/engine/graph/identifier-keys';
import { observe, type Sighting, tagOf } from './observe';
import { findIdentifiers } from './person';

/** A Verify or Signals call, as the graph records it. */
export interface ApiCall {
  type: 'verification' | 'signals';
  /** Every identifier the call carries, known or not: one sighting each, all linked. */
  keys: IdentifierKey[];
  /**
   * A joined session's earlier identifiers: linked to the call's identifiers new to the session,
   * not sighted. Those the session already held were linked to them by the call that brought them,
   * so a repeated identifier adds no link observation (and a join costs what it adds).
   */
  earlier?: IdentifierKey[];
  at: Date;
}

const isDigestOnly = (key: IdentifierKey) =>
  key.kind === 'email' && (key.value.startsWith('md5:') || key.value.startsWith('sha1:'));

/**
 * Records Verify or Signals calls in the caller's transaction (docs/api/signals.md "Every call
 * is an observation"): one observation of each identifier a call carries, and links between
 * them, contributed by the calling workspace. The caller has refused or left out tombstoned ones.
 * Many calls (a group commit's batch) are one set of statements.
 */
export async function observeCalls(tx: Executor, workspaceId: string, calls: ApiCall[]): Promise<void> {
  const sightings: Sighting[] = [];
  for (const call of calls) {
    const keys = await storedForms(tx, call.keys);
    const earlier = call.earlier?.length ? await storedForms(tx, call.earlier) : [];
    const held = new Set(earlier.map(tagOf));
    const fresh = keys.filter((key) => !held.has(tagOf(key)));
    sightings.push({
      keys,
      type: call.type,
      linked: fresh.length > 0 ? earlier : [],
      linkedFrom: fresh,
      source: workspaceId,
      at: call.at,
      country: null,
    });
  }
  if (sightings.length > 0) await observe(tx, workspaceId, sightings);
}

/** One call: see observeCalls. */
export const observeCall = (tx: Executor, workspaceId: string, call: ApiCall) =>
  observeCalls(tx, workspaceId, [call]);

/**
 * An email named only by a digest is sighted on the row the graph already keeps for it (the
 * SHA-256 one, found by its MD5 or SHA-1), not on a digest row of its own; unknown, it gets one.
 */
async function storedForms(tx: Executor, keys: IdentifierKey[]): Promise<IdentifierKey[]> {
  const digestOnly = keys.filter(isDigestOnly);
  if (digestOnly.length === 0) return keys;
  // Canonical rows come first (findIdentifiers' order), so a digest row is only the fallback.
  const rows = await findIdentifiers(tx, digestOnly);
  const resolved = keys.map((key) => {
    if (!isDigestOnly(key)) return key;
    const row = rows.find(
      (r) =>
        r.kind === 'email' &&
        (r.value === key.value ||
          (key.md5 !== null && r.md5 === key.md5) ||
          (key.sha1 !== null && r.sha1 === key.sha1)),
    );
    return row ? { ...key, value: row.value, md5: row.md5 ?? key.md5, sha1: row.sha1 ?? key.sha1 } : key;
  });
  // Two digests of one email resolve to one row: one sighting of it, as the upsert needs.
  const seen = new Set<string>();
  return resolved.filter((key) => !seen.has(tagOf(key)) && Boolean(seen.add(tagOf(key))));
}
