import type { ScoredCheck } from '@/lib/engine/risk';

/** What Verify answers (201 or 200): the console's components take the same shape. */
export interface VerifyResponse {
  risk: number;
  sessionId: string;
  checks: ScoredCheck[];
}
