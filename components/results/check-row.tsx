import type { CheckLists } from '@/components/lists/check-lists';
import { UPDATE_COMMAND } from '@/components/lists/import-command';
import { ListAge } from '@/components/lists/list-age';
import { Badge } from '@/components/ui/badge';
import { riskOfEvidence, type ScoredCheck } from '@/lib/engine/risk';
import { checkWeight } from '@/lib/engine/risk-weights';
import { checkEvidence } from './check-evidence';
import styles from './results.module.css';
import { formatStep, formatWeight, LEVEL_LABEL, LEVEL_TONE, sameWord } from './risk-style';
import { ScrollRegion } from './scroll-region';

interface CheckRowProps {
  check: ScoredCheck;
  /** Score before this check, in the API's order (for "0.60 → 0.70"). */
  before: number | undefined;
  expanded: boolean;
  onToggle: () => void;
  /** The reference lists the check reads, or null for a check that reads none. */
  lists: CheckLists | null;
}

/** One check: what it found at a glance; expanded, the evidence behind its state. */
export function CheckRow({ check, before, expanded, onToggle, lists }: CheckRowProps) {
  const panelId = `check-${check.id}-evidence`;
  return (
    <li className={styles.check} data-risk={check.risk}>
      <button
        type="button"
        className={styles.checkToggle}
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={onToggle}
      >
        <span className={styles.chevron} aria-hidden="true" />
        <span className={styles.checkTitle}>
          <span className={styles.checkName}>{check.name}</span>
          <code className={styles.checkId}>{check.id}</code>
        </span>
        <span className={styles.checkBadges}>
          {sameWord(check.state, check.risk) ? null : (
            <span className={styles.state}>
              <span className="visually-hidden">State </span>
              {check.state}
            </span>
          )}
          {lists?.notLoaded ? (
            // Not a grey "None": an unloaded list found nothing because it looked at nothing.
            <Badge tone="warning">
              List not loaded<span className="visually-hidden">, risk not assessed</span>
            </Badge>
          ) : (
            <Badge tone={LEVEL_TONE[check.risk]}>
              {LEVEL_LABEL[check.risk]}
              <span className="visually-hidden"> risk</span>
            </Badge>
          )}
          {lists?.warning && !lists.notLoaded ? <Badge tone="warning">{staleLabel(lists)}</Badge> : null}
        </span>
      </button>
      <p className={styles.checkDescription}>{check.description}</p>
      {expanded ? <Evidence check={check} before={before} id={panelId} lists={lists} /> : null}
    </li>
  );
}

/** "Stale list" when a list is past its limit, else "Undated list" (no publication date). */
function staleLabel(lists: CheckLists): string {
  return lists.ages.some((age) => age.freshness.warning === 'stale') ? 'Stale list' : 'Undated list';
}

/** The lists behind a check: each one's age and warning, the kinds not loaded, what to run. */
function ListsEvidence({ lists }: { lists: CheckLists }) {
  return (
    <>
      {lists.notLoaded ? (
        <p className={styles.listNote}>
          <strong>List not loaded:</strong> this check looked at nothing, so UNKNOWN here is neither a pass
          nor a finding. Load the list with <code>{UPDATE_COMMAND}</code> or{' '}
          <code>npm run lists -- import DIR</code>.
        </p>
      ) : null}
      {lists.ages.length > 0 || lists.missing.length > 0 ? (
        <ul className={styles.listAges}>
          {lists.ages.map(({ list, label, freshness }) => (
            <li key={`${list.category}:${list.name}`}>
              {label} <code>{list.name}</code>: <ListAge freshness={freshness} />
            </li>
          ))}
          {lists.missing.map((kind) => (
            <li key={kind.category}>
              {kind.label}: <Badge tone="warning">Not loaded</Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function Evidence({
  check,
  before,
  id,
  lists,
}: {
  check: ScoredCheck;
  before: number | undefined;
  id: string;
  lists: CheckLists | null;
}) {
  const evidence = checkEvidence(check.id, check.state);
  const waiting = evidence.defaultRisk !== null && evidence.defaultRisk !== check.risk;
  return (
    <div className={styles.evidence} id={id}>
      <dl className={styles.evidenceList}>
        <dt>
          Why <code>{check.state}</code>
        </dt>
        <dd>
          {evidence.meaning ?? 'The catalog does not describe this state.'}
          {waiting ? (
            <>
              {' '}
              The catalog rates this state {LEVEL_LABEL[evidence.defaultRisk ?? 'NONE'].toLowerCase()}; it was
              answered at {LEVEL_LABEL[check.risk].toLowerCase()} because the data it needs is not loaded yet.
            </>
          ) : null}
        </dd>
        <dt>Data source</dt>
        <dd>{evidence.source ?? 'Not documented for this check.'}</dd>
        {lists && (lists.notLoaded || lists.ages.length > 0 || lists.missing.length > 0) ? (
          <>
            <dt>Lists</dt>
            <dd>
              <ListsEvidence lists={lists} />
            </dd>
          </>
        ) : null}
        <dt>Effect on the score</dt>
        <dd>
          {check.contribution === 0 ? (
            checkWeight(check) === 0 ? (
              `None: a ${LEVEL_LABEL[check.risk].toLowerCase()}-risk answer adds nothing.`
            ) : (
              `None: another check already counted the same fact (weight ${formatWeight(checkWeight(check))}).`
            )
          ) : (
            <>
              <strong>{formatStep(check.contribution)}</strong>
              {before === undefined
                ? null
                : ` (${before.toFixed(4)} → ${(before + check.contribution).toFixed(4)})`}
              . Its weight of evidence is {formatWeight(checkWeight(check))} in log-odds; alone it would score{' '}
              {riskOfEvidence(checkWeight(check)).toFixed(4)}.
            </>
          )}
        </dd>
      </dl>
      {evidence.states.length > 0 ? (
        <details className={styles.states}>
          <summary>All states of this check</summary>
          <ScrollRegion label={`States of ${check.id}`}>
            <table className="table table-cards">
              <caption className="visually-hidden">States of {check.id}</caption>
              <thead>
                <tr>
                  <th scope="col">State</th>
                  <th scope="col">Risk</th>
                  <th scope="col">Evidence</th>
                </tr>
              </thead>
              <tbody>
                {evidence.states.map(({ state, spec }) => (
                  <tr key={state} aria-current={state === check.state ? 'true' : undefined}>
                    <td data-label="State">
                      <code>{state}</code>
                    </td>
                    <td data-label="Risk">
                      <Badge tone={LEVEL_TONE[spec.risk]}>{LEVEL_LABEL[spec.risk]}</Badge>
                    </td>
                    <td data-label="Evidence" className="cell-prose">
                      {spec.meaning}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </details>
      ) : null}
    </div>
  );
}
