// What a deletion answers (the console route, the CLI) and the tables it counts.

/** The identifier kinds a deletion names and tombstones. */
export type TombstoneKind = 'email' | 'phone' | 'ssn' | 'profile';

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

/** Every table at zero, then `partial`'s counts. */
export const fullCounts = (partial: Partial<DeletionCounts> = {}): DeletionCounts =>
  Object.fromEntries(
    DELETION_TABLES.map((table) => [table, partial[table] ?? 0]),
  ) as unknown as DeletionCounts;

/**
 * What a deletion answers (the console route's body, the CLI's line). `workspace`: a workspace
 * admin's erasure of what that workspace contributed; `everywhere`: an operator's data-subject
 * erasure across the whole graph and every workspace.
 */
export interface DeletionResult {
  requestId: string;
  requestedAt: string;
  scope: 'workspace' | 'everywhere';
  /** Identifiers named by the request, per kind. */
  identifiers: Record<TombstoneKind, number>;
  /** New tombstones (keyed hashes); one identifier may have several forms, a repeat adds none. */
  tombstones: number;
  deleted: DeletionCounts;
}

/** An operator's erasure also says how far it reached and in how many transactions it ran. */
export interface EverywhereResult extends DeletionResult {
  scope: 'everywhere';
  /** The person's other identifiers found through their cluster, erased and tombstoned too. */
  clusterIdentifiers: number;
  /** Workspaces whose rows or sessions were erased: each got an audit row. */
  workspaces: number;
  transactions: number;
}
