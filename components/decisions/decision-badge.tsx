import { Badge } from '@/components/ui/badge';
import { DECISION_LABEL, type Decision } from '@/lib/contract/console/decisions';
import { DECISION_TONE } from './decision-types';

/** The decision in force as a badge, or "Undecided" (muted) while there is none. */
export function DecisionBadge({ decision }: { decision: Decision | null }) {
  if (decision === null) return <span className="muted">Undecided</span>;
  return <Badge tone={DECISION_TONE[decision]}>{DECISION_LABEL[decision]}</Badge>;
}
