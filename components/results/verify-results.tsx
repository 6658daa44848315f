'use client';

import { useMemo } from 'react';
import { OutcomeLine } from '@/components/decisions/outcome-badge';
import type { VerifyResponse } from '@/lib/contract/console/verify';
import { RISK_ORDER } from '@/lib/engine/types';
import { CheckBrowser } from './check-browser';
import { countByRisk } from './check-groups';
import styles from './results.module.css';
import { RiskGauge } from './risk-gauge';
import { LEVEL_LABEL } from './risk-style';
import { SessionSummary } from './session-summary';
import { WaterfallChart } from './waterfall-chart';
import { waterfallSteps } from './waterfall-steps';

/** A Verify answer: the risk and its band, the session, how the score was made, every check. */
export function VerifyResults({ result, status }: { result: VerifyResponse; status: number }) {
  const counts = useMemo(() => countByRisk(result.checks), [result.checks]);
  const steps = useMemo(() => waterfallSteps(result.checks), [result.checks]);
  return (
    <div className={styles.results}>
      <div className={styles.summary}>
        <RiskGauge risk={result.risk} />
        <div className={styles.summaryText}>
          <SessionSummary sessionId={result.sessionId} status={status} />
          {result.outcome ? <OutcomeLine outcome={result.outcome} /> : null}
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
        <CheckBrowser checks={result.checks} heading={<h3 id="checks-heading">Checks by package</h3>} />
      </section>
    </div>
  );
}
