import type { ScoredCheck } from '@/lib/engine/risk';
import type { RuleDecision } from '@/lib/engine/rules/decide';

/** What Verify answers (201 or 200): the console's components take the same shape. */
export interface VerifyResponse {
  risk: number;
  sessionId: string;
  checks: ScoredCheck[];
  /** The workspace's rules' decision; absent when it has none. */
  outcome?: RuleDecision;
}
