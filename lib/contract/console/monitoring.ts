// Continuous sanctions monitoring (issue 34): the workspace's window (the body of PUT
// /api/console/monitoring, which the Settings form validates with the same schema) and the answer
// of GET: the window and the latest monitoring runs with their progress.
import { z } from 'zod';
import type { SanctionListId } from '@/lib/engine/sanctions/types';

export const DEFAULT_MONITORING_WINDOW_DAYS = 90;
/** Ten years: past that a "recent" session is any session. The database checks the same range. */
export const MAX_MONITORING_WINDOW_DAYS = 3650;

export const monitoringSettingsRequestSchema = z.strictObject({
  windowDays: z
    .int('must be a whole number of days')
    .min(0, 'must be 0 (off) or more')
    .max(MAX_MONITORING_WINDOW_DAYS, `at most ${MAX_MONITORING_WINDOW_DAYS.toLocaleString('en')} days`)
    .describe(
      'When a sanctions list update adds entries, the sessions active in this many days before it are screened against them; 0 turns monitoring off.',
    ),
});
export type MonitoringSettingsRequest = z.infer<typeof monitoringSettingsRequestSchema>;

/** One list version's re-screening of the workspace's sessions. */
export interface MonitoringRunView {
  id: string;
  list: SanctionListId;
  source: string;
  version: string;
  /** Entries the version added or changed: the only ones screened. */
  entries: number;
  status: 'pending' | 'running' | 'done';
  /** Sessions screened so far, of `total`. */
  done: number;
  total: number;
  hits: number;
  since: string;
  until: string;
  createdAt: string;
  finishedAt: string | null;
}

/** GET /api/console/monitoring: the window and the latest runs, newest first. */
export interface MonitoringState {
  windowDays: number;
  runs: MonitoringRunView[];
}

/** PUT /api/console/monitoring. */
export interface SavedMonitoringSettings {
  windowDays: number;
  previousWindowDays: number;
  changed: boolean;
}

/** A session's monitoring hit, on the session page and in the review queue. */
export interface MonitoringHitView {
  id: string;
  list: SanctionListId;
  source: string;
  entryId: string;
  entryName: string;
  matchedName: string;
  score: number;
  locationAgrees: boolean;
  evidence: string;
  createdAt: string;
}
