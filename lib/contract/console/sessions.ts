// The console's session views (GET /api/console/sessions and /api/console/sessions/{id}).
import type { MaskedSummary } from '@/lib/engine/mask';
import type { RiskBand } from '@/lib/engine/risk';
import type { RuleOutcome } from '@/lib/engine/rules/rule-set';
import type { TimelineCall } from '@/lib/engine/session-timeline';
import type { Decision } from './decisions';
import type { MonitoringHitView } from './monitoring';

export interface SessionListItem {
  id: string;
  createdAt: string;
  updatedAt: string;
  calls: number;
  risk: number;
  band: RiskBand;
  /** The masked identifiers of the session's calls, merged. */
  inputs: MaskedSummary;
  /** The analyst decision in force and when it was recorded; null while undecided. */
  decision: { decision: Decision; decidedAt: string } | null;
  /** The workspace's rules' decision on the latest call; null when it had no rules. */
  outcome: RuleOutcome | null;
}

export interface SessionsPage {
  sessions: SessionListItem[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface SessionDetail extends SessionListItem {
  timeline: TimelineCall[];
  /** Entries sanctions list updates added that matched the session (continuous monitoring), newest first. */
  monitoringHits: MonitoringHitView[];
  /** True when the session has more calls than TIMELINE_LIMIT (the first ones are shown). */
  truncated: boolean;
}

/** GET /api/console/sessions?q=: the sessions a search text finds, newest first. */
export interface SessionSearch {
  query: string;
  /** What the text was found as; null when nothing matched. */
  matched:
    | 'session'
    | 'request'
    | 'email'
    | 'phone'
    | 'ip'
    | 'ssn'
    | 'ssn-last-four'
    | 'address'
    | 'name'
    | null;
  sessions: SessionListItem[];
}
