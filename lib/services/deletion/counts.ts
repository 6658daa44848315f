import type { TombstoneKind } from '@/lib/db/schema/deletion-tombstones';

/** Rows erased by one deletion, per table (the console and the CLI show these). */
export interface DeletionCounts {
  identifiers: number;
  identifierLinks: number;
  linkSources: number;
  observations: number;
  observationRollups: number;
  emailCleartexts: number;
  breaches: number;
  phoneRecords: number;
  profileRecords: number;
  sessions: number;
  sessionCalls: number;
}

export const DELETION_TABLES: readonly (keyof DeletionCounts)[] = [
  'identifiers',
  'identifierLinks',
  'linkSources',
  'observations',
  'observationRollups',
  'emailCleartexts',
  'breaches',
  'phoneRecords',
  'profileRecords',
  'sessions',
  'sessionCalls',
];

/** What recordDeletion answers (the console route's body, the CLI's line). */
export interface DeletionResult {
  requestId: string;
  requestedAt: string;
  /** Identifiers named by the request, per kind. */
  identifiers: Record<TombstoneKind, number>;
  /** New tombstones (keyed hashes); one identifier may have several forms, a repeat adds none. */
  tombstones: number;
  deleted: DeletionCounts;
}
