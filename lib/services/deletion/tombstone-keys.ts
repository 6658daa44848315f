// Which forms of an identifier a tombstone covers, and how tombstones map to lock buckets.
// Pure: the keyed hash is injected, so tests need no server secret.
import type { TombstoneKind } from '@/lib/db/schema/deletion-tombstones';

export const TOMBSTONE_KINDS: readonly TombstoneKind[] = ['email', 'phone', 'ssn', 'profile'];

/**
 * Only identifiers that name one person can be deleted: a name, an address, an IP or an
 * employer is shared by many people, so tombstoning it would refuse strangers' requests.
 */
export function isTombstoneKind(kind: string): kind is TombstoneKind {
  return (TOMBSTONE_KINDS as readonly string[]).includes(kind);
}

/** The graph's view of one identifier: a request's key or a stored `identifiers` row. */
export interface KeyedIdentifier {
  kind: string;
  value: string;
  md5: string | null;
  sha1: string | null;
}

export interface TombstoneToken {
  kind: TombstoneKind;
  /** `email:sha256:<hex>`, `email:md5:<hex>`, `phone:+1415...`, `ssn:<keyed hash>`, `profile:<service:handle>`. */
  token: string;
}

/**
 * Every form of the identifier a later request may carry. An email is keyed by SHA-256 when
 * known and by an `md5:`/`sha1:` placeholder otherwise; its other digests ride along, so a
 * deletion by cleartext also refuses a later request that sends only the MD5.
 */
export function identifierTokens(key: KeyedIdentifier): TombstoneToken[] {
  if (!isTombstoneKind(key.kind)) return [];
  if (key.kind !== 'email') return [{ kind: key.kind, token: `${key.kind}:${key.value}` }];
  const forms = new Set<string>();
  forms.add(/^(md5|sha1):/.test(key.value) ? `email:${key.value}` : `email:sha256:${key.value}`);
  if (key.md5) forms.add(`email:md5:${key.md5}`);
  if (key.sha1) forms.add(`email:sha1:${key.sha1}`);
  return [...forms].map((token) => ({ kind: 'email', token }));
}

export interface TombstoneKey {
  kind: TombstoneKind;
  hash: string;
}

/** What is keyed: the token, domain-separated from the SSN keying that uses the same key. */
export const tombstoneInput = (token: string): string => `tombstone|${token}`;

/** Distinct keyed hashes of the identifiers' tokens (domain-separated from SSN keying). */
export function tombstoneKeys(
  identifiers: readonly KeyedIdentifier[],
  keyedHash: (value: string) => string,
): TombstoneKey[] {
  const byHash = new Map<string, TombstoneKey>();
  for (const identifier of identifiers) {
    for (const { kind, token } of identifierTokens(identifier)) {
      const hash = keyedHash(tombstoneInput(token));
      if (!byHash.has(hash)) byHash.set(hash, { kind, hash });
    }
  }
  return [...byHash.values()];
}

/**
 * Writers take a shared advisory lock per bucket of the tombstones they check, a deletion an
 * exclusive one: a check can never pass just before a deletion commits and then write. Few
 * buckets keep a 10,000-item ingest batch to a bounded number of locks; many keep unrelated
 * Verify calls from waiting on a deletion.
 */
export const LOCK_BUCKETS = 128;

/** The sorted distinct buckets of hex keyed hashes (sorted: no lock-order deadlocks). */
export function lockBuckets(hashes: Iterable<string>): number[] {
  const buckets = new Set<number>();
  for (const hash of hashes) buckets.add(Number.parseInt(hash.slice(0, 8), 16) % LOCK_BUCKETS);
  return [...buckets].sort((a, b) => a - b);
}
