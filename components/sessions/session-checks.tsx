import { useMemo } from 'react';
import { CheckBrowser } from '@/components/results/check-browser';
import { Card } from '@/components/ui/card';
import type { ScoredCheck } from '@/lib/engine/risk';
import type { TimelineCall } from './session-types';

/**
 * Every check of the session's latest call with its evidence, as Investigate shows a Verify answer:
 * the reasons card lists only what raised the risk; this is the whole answer behind it.
 */
export function SessionChecks({ timeline }: { timeline: TimelineCall[] }) {
  const latest = timeline.at(-1);
  // A stored call without contributions (older rows) moved nothing that can be shown: 0.
  const checks = useMemo<ScoredCheck[]>(
    () => (latest?.checks ?? []).map((check) => ({ ...check, contribution: check.contribution ?? 0 })),
    [latest],
  );
  return (
    <Card
      title="Every check"
      labelledBy="session-checks-heading"
      description={
        latest
          ? `The ${checks.length} checks of the latest call (call ${latest.index}) by package, each with its evidence.`
          : undefined
      }
    >
      {checks.length === 0 ? (
        <p className="muted">No call of this session stored its checks.</p>
      ) : (
        <CheckBrowser checks={checks} />
      )}
    </Card>
  );
}
