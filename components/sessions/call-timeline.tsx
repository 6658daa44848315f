import { OutcomeLine } from '@/components/decisions/outcome-badge';
import { LEVEL_LABEL, sameWord } from '@/components/results/risk-style';
import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import type { RiskLevel } from '@/lib/engine/types';
import { formatDelta } from './format';
import { Chip } from './masked-inputs';
import { RelativeTime } from './relative-time';
import { RiskValue } from './risk-value';
import type { CheckChange, TimelineCall } from './session-types';
import styles from './sessions.module.css';

const LEVEL_TONE: Record<RiskLevel, 'danger' | 'warning' | 'info' | 'neutral'> = {
  HIGH: 'danger',
  MED: 'warning',
  LOW: 'info',
  NONE: 'neutral',
};
const LEVEL_ORDER: Record<RiskLevel, number> = { HIGH: 0, MED: 1, LOW: 2, NONE: 3 };

function StateBadge({ state, risk }: { state: string; risk: RiskLevel }) {
  return (
    <span className={styles.state}>
      {sameWord(state, risk) ? null : <code>{state}</code>}
      <Badge tone={LEVEL_TONE[risk]}>{LEVEL_LABEL[risk]}</Badge>
    </span>
  );
}

function DeltaText({ delta }: { delta: number | null }) {
  if (delta === null) return <span className="muted">first call</span>;
  const tone = delta > 0 ? styles.deltaUp : delta < 0 ? styles.deltaDown : styles.deltaFlat;
  const words = delta > 0 ? 'up' : delta < 0 ? 'down' : 'unchanged';
  return (
    <span className={`${styles.delta} ${tone}`}>
      <span aria-hidden="true">{formatDelta(delta)}</span>
      <span className="visually-hidden">
        {words} {Math.abs(delta).toFixed(2)} from the previous call
      </span>
    </span>
  );
}

function ChangeList({ changes }: { changes: CheckChange[] }) {
  const sorted = [...changes].sort((a, b) => LEVEL_ORDER[a.after.risk] - LEVEL_ORDER[b.after.risk]);
  return (
    <ul className={styles.changes}>
      {sorted.map((change) => (
        <li key={change.id} className={styles.change}>
          <div className={styles.changeName}>
            <span>{change.name}</span>
            <code className="field-hint">{change.id}</code>
          </div>
          <div className={styles.changeStates}>
            {change.before ? (
              <>
                <StateBadge state={change.before.state} risk={change.before.risk} />
                <span aria-hidden="true">→</span>
                <span className="visually-hidden">became</span>
              </>
            ) : null}
            <StateBadge state={change.after.state} risk={change.after.risk} />
            {change.contribution !== null && change.contribution !== 0 ? (
              <span className={styles.contribution} title="How much this check raised the risk of this call">
                {formatDelta(change.contribution)}
              </span>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

function CallItem({ call }: { call: TimelineCall }) {
  const first = call.delta === null;
  const summary = first
    ? `${call.changes.length} checks ran`
    : call.changes.length === 0
      ? 'No check changed'
      : call.changes.length === 1
        ? '1 check changed'
        : `${call.changes.length} checks changed`;
  return (
    <li className={styles.call}>
      <div className={styles.callMarker} aria-hidden="true">
        {call.index}
      </div>
      <div className={styles.callBody}>
        <div className={styles.callHeader}>
          <h3 id={`call-${call.index}`}>Call {call.index}</h3>
          <Badge tone={first ? 'info' : 'neutral'}>{first ? 'Created the session' : 'Joined'}</Badge>
          <RelativeTime iso={call.createdAt} layout="inline" />
        </div>
        <div className={styles.callGrid}>
          <div>
            <p className={styles.term}>{first ? 'Identifiers' : 'Added'}</p>
            {call.added.length === 0 ? (
              <p className="muted">Nothing new: the session already held these identifiers.</p>
            ) : (
              <ul className={styles.chips}>
                {call.added.map((change) => (
                  <Chip
                    key={`${change.field}:${change.value}`}
                    chip={change}
                    marker={change.previous === null ? '+' : '↻'}
                  />
                ))}
              </ul>
            )}
            {call.added.some((change) => change.previous !== null) ? (
              <p className="field-hint">↻ replaced an earlier value of the same field.</p>
            ) : null}
          </div>
          <div>
            <p className={styles.term}>Risk after this call</p>
            <p className={styles.riskLine}>
              <RiskValue risk={call.risk} band={call.band} />
              <DeltaText delta={call.delta} />
            </p>
          </div>
        </div>
        {call.changes.length > 0 ? (
          <details className={styles.details}>
            <summary>{summary}</summary>
            <ChangeList changes={call.changes} />
          </details>
        ) : (
          <p className="muted">{summary}.</p>
        )}
        <p className={`field-hint ${styles.requestId}`}>
          Request id <code>{call.requestId}</code>{' '}
          <CopyButton text={call.requestId} label="Copy request id" />
        </p>
        <p className="field-hint">
          {call.policyVersion === 0
            ? "Scored with the catalog's default risk levels."
            : `Scored under the workspace's risk policy version ${call.policyVersion}.`}
        </p>
        {call.outcome ? <OutcomeLine outcome={call.outcome} /> : null}
      </div>
    </li>
  );
}

/** The session's calls in order: what each added, the risk after it and the checks that moved. */
export function CallTimeline({ timeline }: { timeline: TimelineCall[] }) {
  return (
    <ol className={styles.timeline} aria-label="Calls in order">
      {timeline.map((call) => (
        <CallItem key={call.id} call={call} />
      ))}
    </ol>
  );
}
