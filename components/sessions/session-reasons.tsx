import { LEVEL_LABEL, LEVEL_TONE } from '@/components/results/risk-style';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { isSanctionsHit, rankReasons } from '@/lib/engine/reasons';
import { formatDelta } from './format';
import type { CallCheck, TimelineCall } from './session-types';
import styles from './sessions.module.css';

const step = (check: CallCheck) => check.contribution ?? 0;

function Reason({ check }: { check: CallCheck }) {
  const sanctions = isSanctionsHit(check);
  return (
    <li className={styles.reason} data-sanctions={sanctions || undefined}>
      <div className={styles.reasonHead}>
        {sanctions ? <Badge tone="danger">Sanctions hit</Badge> : null}
        <strong>{check.name}</strong>
        <code>{check.state}</code>
        <Badge tone={LEVEL_TONE[check.risk]}>
          {LEVEL_LABEL[check.risk]}
          <span className="visually-hidden"> risk</span>
        </Badge>
        <span className={styles.reasonStep}>
          {step(check) === 0 ? 'counted by another check' : `${formatDelta(step(check))} to the risk`}
        </span>
      </div>
      <p className={styles.reasonEvidence}>{check.description}</p>
    </li>
  );
}

/**
 * Why the session scores what it does, first on its page: the latest call's high and medium checks
 * with their evidence and how far each moved the risk (sanctions hits first, marked), then what
 * lowered it (trust).
 */
export function SessionReasons({ timeline }: { timeline: TimelineCall[] }) {
  const latest = timeline.at(-1);
  const checks = latest?.checks ?? [];
  const raised = rankReasons(checks);
  const lowered = checks.filter((check) => step(check) < 0).sort((a, b) => step(a) - step(b));
  return (
    <Card
      title="Why this risk"
      labelledBy="session-reasons-heading"
      description={
        latest
          ? `From the latest call (call ${latest.index}): the checks that raised the risk, strongest first.`
          : undefined
      }
    >
      {raised.length === 0 ? (
        <p className="muted">No check answered high or medium: nothing raised the risk.</p>
      ) : (
        <ol className={styles.reasons}>
          {raised.map((check) => (
            <Reason key={check.id} check={check} />
          ))}
        </ol>
      )}
      {lowered.length > 0 ? (
        <p className={styles.trust}>
          Lowered by:{' '}
          {lowered.map((check, i) => (
            <span key={check.id}>
              {i > 0 ? ', ' : ''}
              {check.name} <code>{check.state}</code> ({formatDelta(step(check))})
            </span>
          ))}
          .
        </p>
      ) : null}
    </Card>
  );
}
