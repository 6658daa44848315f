'use client';

import { useCallback, useMemo, useState } from 'react';
import { toggled } from '@/components/data/toggled';
import { checkLists } from '@/components/lists/check-lists';
import { useListStatus } from '@/components/lists/use-list-status';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import type { VerifyResponse } from '@/lib/contract/console/verify';
import { RISK_ORDER, type RiskLevel } from '@/lib/engine/types';
import { countByRisk, groupChecks } from './check-groups';
import { CheckGroupsView } from './check-groups-view';
import styles from './results.module.css';
import { RiskFilter } from './risk-filter';
import { RiskGauge } from './risk-gauge';
import { LEVEL_LABEL } from './risk-style';
import { SessionSummary } from './session-summary';
import { WaterfallChart } from './waterfall-chart';
import { waterfallSteps } from './waterfall-steps';

/** A Verify answer: the risk and its band, the session, how the score was made, every check. */
export function VerifyResults({ result, status }: { result: VerifyResponse; status: number }) {
  const [shown, setShown] = useState<ReadonlySet<RiskLevel>>(() => new Set(RISK_ORDER));
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const counts = useMemo(() => countByRisk(result.checks), [result.checks]);
  const groups = useMemo(() => groupChecks(result.checks, shown), [result.checks, shown]);
  const steps = useMemo(() => waterfallSteps(result.checks), [result.checks]);
  const starts = useMemo(() => new Map(steps.map((step) => [step.id, step.start])), [steps]);
  const visible = groups.reduce((sum, group) => sum + group.checks.length, 0);
  // The lists' ages beside the checks that read them; until they arrive (or if the Lists endpoint
  // fails) a check still shows "List not loaded" from its own answer.
  const lists = useListStatus();
  const listsData = lists.data ?? null;
  const listsAt = lists.dataUpdatedAt;
  const listsOf = useCallback(
    (check: { id: string; state: string; description: string }) =>
      checkLists(check, listsData, new Date(listsAt || Date.now())),
    [listsData, listsAt],
  );

  const toggleLevel = (level: RiskLevel) => setShown((current) => toggled(current, level));
  const toggleCheck = (id: string) => setExpanded((current) => toggled(current, id));

  return (
    <div className={styles.results}>
      <div className={styles.summary}>
        <RiskGauge risk={result.risk} />
        <div className={styles.summaryText}>
          <SessionSummary sessionId={result.sessionId} status={status} />
          <p className={styles.levelCounts}>
            {result.checks.length} checks:{' '}
            {RISK_ORDER.map((level) => `${counts[level]} ${LEVEL_LABEL[level].toLowerCase()}`).join(', ')}.
          </p>
        </div>
      </div>

      <section aria-labelledby="waterfall-heading" className={styles.block}>
        <h3 id="waterfall-heading">How the score was made</h3>
        {steps.length === 0 ? (
          <p className="muted">
            No check moved the score: every check answered at risk none, so the risk is 0.
          </p>
        ) : (
          <WaterfallChart steps={steps} risk={result.risk} />
        )}
      </section>

      <section aria-labelledby="checks-heading" className={styles.block}>
        <div className={styles.checksHeader}>
          <h3 id="checks-heading">Checks by package</h3>
          <span className="inline">
            <Button
              size="sm"
              variant="ghost"
              onClick={() =>
                setExpanded(new Set(groups.flatMap((group) => group.checks.map((check) => check.id))))
              }
            >
              Expand all
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setExpanded(new Set())}
              disabled={expanded.size === 0}
            >
              Collapse all
            </Button>
          </span>
        </div>
        <RiskFilter
          counts={counts}
          shown={shown}
          onToggle={toggleLevel}
          onShowAll={() => setShown(new Set(RISK_ORDER))}
        />
        <p className="muted" aria-live="polite">
          Showing {visible} of {result.checks.length} checks.
        </p>
        {visible === 0 ? (
          <EmptyState title="No checks at these levels">
            Turn on another risk level above to see its checks.
          </EmptyState>
        ) : (
          <CheckGroupsView
            groups={groups}
            starts={starts}
            expanded={expanded}
            onToggle={toggleCheck}
            listsOf={listsOf}
          />
        )}
      </section>
    </div>
  );
}
