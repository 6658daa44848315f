// A sanctions source's version and what a new version adds (issue 34, continuous monitoring): the
// version is a digest of the entries, independent of their order, so re-importing the same content
// is the same version; the change is every entry whose id is new or whose content differs.
import { createHash } from 'node:crypto';
import type { SanctionEntry } from './types';

const canonical = (entry: SanctionEntry) => JSON.stringify(entry, Object.keys(entry).sort());

/** A digest of the entries, whatever their order. */
export function listVersion(entries: readonly SanctionEntry[]): string {
  const hash = createHash('sha256');
  for (const text of entries.map(canonical).sort()) hash.update(text).update('\n');
  return hash.digest('hex').slice(0, 32);
}

/** The entries of `next` that `previous` lacks or holds otherwise (a removed entry adds nothing). */
export function addedEntries(
  previous: readonly SanctionEntry[],
  next: readonly SanctionEntry[],
): SanctionEntry[] {
  const before = new Map(previous.map((entry) => [entry.id, canonical(entry)]));
  return next.filter((entry) => before.get(entry.id) !== canonical(entry));
}
