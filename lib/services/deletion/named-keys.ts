// The identifiers a deletion request names, as graph keys, and how many of each kind.
import type { TombstoneKind } from '@/lib/db/schema';
import type { IdentifierKey } from '@/lib/engine/graph/identifier-keys';
import type { NormalizedRequest } from '@/lib/engine/types';
import { graphKeys } from '../graph/keys';
import { isTombstoneKind, TOMBSTONE_KINDS } from './tombstone-keys';

export function namedKeys(identifiers: NormalizedRequest): {
  keys: IdentifierKey[];
  perKind: Record<TombstoneKind, number>;
} {
  const keys = graphKeys(identifiers).filter((k) => isTombstoneKind(k.kind));
  if (keys.length === 0) throw new Error('a deletion needs at least one email, phone, profile or full SSN');
  const perKind = Object.fromEntries(
    TOMBSTONE_KINDS.map((kind) => [kind, keys.filter((k) => k.kind === kind).length]),
  ) as Record<TombstoneKind, number>;
  return { keys, perKind };
}

/** Distinct phone numbers among keys and rows (carrier records are keyed by number). */
export const phonesOf = (named: readonly { kind: string; value: string }[]): string[] => [
  ...new Set(named.flatMap((k) => (k.kind === 'phone' ? [k.value] : []))),
];
