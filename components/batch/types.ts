// Shapes shared by the batch's parts (browser-safe: no parser imports here).
import type { RiskBand } from '@/lib/engine/risk';

export interface RowIssue {
  path: string;
  message: string;
}

/** Rows per validation call: well under the 1 MB body limit of a server action. */
export const VALIDATION_CHUNK = 200;

/** The server action that checks row bodies with the Verify parser. */
export type ValidateRows = (bodies: unknown[]) => Promise<(RowIssue[] | null)[]>;

export interface CheckBrief {
  id: string;
  name: string;
  state: string;
}

/** What the batch keeps of one Verify answer. */
export interface RowResult {
  risk: number;
  band: RiskBand;
  sessionId: string;
  /** Checks at risk HIGH, then MED, in the answer's order (most risky first). */
  high: CheckBrief[];
  med: CheckBrief[];
}

export type RowState =
  | { status: 'checking' }
  | { status: 'invalid'; issues: RowIssue[] }
  | { status: 'queued' }
  | { status: 'running' }
  | { status: 'done'; result: RowResult }
  | { status: 'failed'; message: string };
