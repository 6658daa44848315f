import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { SanctionEntry, SanctionListId } from '@/lib/engine/sanctions/types';
import { sessions } from './sessions';
import { workspaces } from './workspaces';

/**
 * What one import of a sanctions source added or changed compared with the version it replaced
 * (issue 34, continuous monitoring). The version is a digest of the source's entries, so
 * importing the same content again is the same version. The first import of a source is its
 * baseline and records nothing: there is no earlier version to compare with.
 */
export const sanctionListChanges = pgTable(
  'sanction_list_changes',
  {
    source: text('source').notNull(),
    version: text('version').notNull(),
    list: text('list').$type<SanctionListId>().notNull(),
    /** The added and changed entries only: monitoring screens these, not the whole list. */
    added: jsonb('added').$type<SanctionEntry[]>().notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.version] })],
);

/**
 * One workspace's re-screening of its recently verified sessions against one list change: made
 * in the import's transaction (unique per workspace, source and version, so a version is never
 * screened twice), worked through by the server's background loop in batches of sessions ordered
 * by id; `cursor` is the last session screened, so a restart resumes where it stopped.
 */
export const monitoringRuns = pgTable(
  'monitoring_runs',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    version: text('version').notNull(),
    list: text('list').$type<SanctionListId>().notNull(),
    /** How many entries the version added or changed. */
    entries: integer('entries').notNull(),
    /** pending, running or done. */
    status: text('status').notNull().default('pending'),
    /** The sessions active in [since, until): the window before the import. */
    since: timestamp('since', { withTimezone: true }).notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    hits: integer('hits').notNull().default(0),
    cursor: text('cursor'),
    /** A process working the run holds it until then; a lapsed lease is taken over. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    unique('monitoring_runs_version_key').on(t.workspaceId, t.source, t.version),
    index('monitoring_runs_workspace_created_idx').on(t.workspaceId, t.createdAt),
    index('monitoring_runs_open_idx').on(t.createdAt).where(sql`${t.status} <> 'done'`),
    check('monitoring_runs_status', sql`${t.status} in ('pending', 'running', 'done')`),
  ],
);

/**
 * A session that matched an entry a list update added: the entry (a public list's designation,
 * not the applicant) and the score. The session is put back in the review queue with it.
 */
export const monitoringHits = pgTable(
  'monitoring_hits',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    runId: text('run_id')
      .notNull()
      .references(() => monitoringRuns.id, { onDelete: 'cascade' }),
    list: text('list').$type<SanctionListId>().notNull(),
    source: text('source').notNull(),
    entryId: text('entry_id').notNull(),
    entryName: text('entry_name').notNull(),
    /** The entry's name or alias that matched, as published. */
    matchedName: text('matched_name').notNull(),
    score: real('score').notNull(),
    locationAgrees: boolean('location_agrees').notNull(),
    /** What the session's birth year and country say about the hit (as the Identity list checks). */
    evidence: text('evidence').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('monitoring_hits_run_session_key').on(t.runId, t.sessionId),
    index('monitoring_hits_session_idx').on(t.sessionId, t.createdAt),
  ],
);
