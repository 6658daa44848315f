import Link from 'next/link';
import { EmptyState } from '@/components/ui/empty-state';
import { OUTCOME_LABEL, RULE_OUTCOMES } from '@/lib/contract/console/rules';
import type { RulesBacktestResult } from './rules-types';

const sessions = (n: number) => `${n} session${n === 1 ? '' : 's'}`;

/** The analysts' side: how the proposed rules treat what people decided. */
function AnalystComparison({ result }: { result: RulesBacktestResult }) {
  return (
    <ul>
      <li>
        {result.declinedByAnalysts === 0
          ? 'No session of the window was declined by an analyst.'
          : `Analysts declined ${result.declinedByAnalysts}: these rules decline ${result.declinesCaught} of them.`}
      </li>
      <li>
        {result.approvedByAnalysts === 0
          ? 'No session of the window was approved by an analyst.'
          : `Analysts approved ${result.approvedByAnalysts}: these rules would decline ${result.approvalsDeclined} of them.`}
      </li>
    </ul>
  );
}

/** Outcome counts before and after, per-rule matches, the analysts' comparison and examples. */
export function BacktestResult({ result }: { result: RulesBacktestResult }) {
  if (result.sessions === 0) {
    return (
      <EmptyState title="No sessions to replay">
        This workspace has no Verify session in the last {result.days} days, so there is nothing to try these
        rules on yet.
      </EmptyState>
    );
  }
  const { before } = result;
  return (
    <div className="stack">
      <p>
        Replayed {sessions(result.sessions)} of the last {result.days} days from their stored check states:{' '}
        {result.changed === 0
          ? 'no outcome changes.'
          : `${sessions(result.changed)} would get a different outcome${before ? '' : ' (no rules are in force, so every outcome is new)'}.`}
      </p>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">Sessions per outcome, rules in force and these rules</caption>
          <thead>
            <tr>
              <th scope="col">Outcome</th>
              {before ? <th scope="col">Now (version {result.currentVersion})</th> : null}
              <th scope="col">With these rules</th>
            </tr>
          </thead>
          <tbody>
            {RULE_OUTCOMES.map((outcome) => (
              <tr key={outcome}>
                <th scope="row">{OUTCOME_LABEL[outcome]}</th>
                {before ? <td>{before[outcome]}</td> : null}
                <td>{result.after[outcome]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">Sessions each rule decided</caption>
          <thead>
            <tr>
              <th scope="col">Rule</th>
              <th scope="col">Sessions it decided</th>
            </tr>
          </thead>
          <tbody>
            {result.byRule.map((rule) => (
              <tr key={rule.ruleId ?? 'default'}>
                <th scope="row">{rule.ruleId === null ? 'When no rule matches' : rule.name}</th>
                <td>{rule.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AnalystComparison result={result} />
      {result.examples.length > 0 ? (
        <div>
          <p className="muted">Sessions whose outcome would change, for example:</p>
          <ul>
            {result.examples.map((e) => (
              <li key={e.sessionId}>
                <Link href={`/sessions/${encodeURIComponent(e.sessionId)}`}>{e.sessionId}</Link>:{' '}
                {e.from ? OUTCOME_LABEL[e.from] : 'no outcome'} → {OUTCOME_LABEL[e.to]}
                {e.analyst ? ` (analyst: ${OUTCOME_LABEL[e.analyst]})` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
