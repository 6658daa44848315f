'use client';

import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { toggled } from '@/components/data/toggled';
import { checkLists } from '@/components/lists/check-lists';
import { useListStatus } from '@/components/lists/use-list-status';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import type { ScoredCheck } from '@/lib/engine/risk';
import { RISK_ORDER, type RiskLevel } from '@/lib/engine/types';
import { countByRisk, groupChecks } from './check-groups';
import { CheckGroupsView } from './check-groups-view';
import styles from './results.module.css';
import { RiskFilter } from './risk-filter';
import { waterfallSteps } from './waterfall-steps';

/**
 * Every check of one answer, by package, each with its evidence a click away: filter by level,
 * expand or collapse all. Investigate's results and the session page (its latest call) show it.
 */
export function CheckBrowser({ checks, heading }: { checks: readonly ScoredCheck[]; heading?: ReactNode }) {
  const [shown, setShown] = useState<ReadonlySet<RiskLevel>>(() => new Set(RISK_ORDER));
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const counts = useMemo(() => countByRisk(checks), [checks]);
  const groups = useMemo(() => groupChecks(checks, shown), [checks, shown]);
  const starts = useMemo(
    () => new Map(waterfallSteps(checks).map((step) => [step.id, step.start])),
    [checks],
  );
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

  return (
    <>
      <div className={styles.checksHeader}>
        {heading ?? <span />}
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
        onToggle={(level) => setShown((current) => toggled(current, level))}
        onShowAll={() => setShown(new Set(RISK_ORDER))}
      />
      <p className="muted" aria-live="polite">
        Showing {visible} of {checks.length} checks.
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
          onToggle={(id) => setExpanded((current) => toggled(current, id))}
          listsOf={listsOf}
        />
      )}
    </>
  );
}
