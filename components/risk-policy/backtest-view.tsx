import Link from 'next/link';
import { BAND_LABEL } from '@/components/results/risk-style';
import { EmptyState } from '@/components/ui/empty-state';
import type { RiskBand } from '@/lib/engine/risk';
import type { BacktestResult } from './policy-types';

const BANDS: readonly RiskBand[] = ['low', 'medium', 'high'];

const sessions = (n: number) => `${n} session${n === 1 ? '' : 's'}`;

/** Band counts before and after the draft, and which sessions move. */
export function BacktestView({ result }: { result: BacktestResult }) {
  if (result.sessions === 0) {
    return (
      <EmptyState title="No sessions to replay">
        This workspace has no Verify session in the last {result.days} days, so the new levels move nothing
        yet.
      </EmptyState>
    );
  }
  return (
    <div className="stack">
      <p aria-live="polite">
        Replayed {sessions(result.sessions)} of the last {result.days} days from their stored check states:{' '}
        {result.moves.length === 0
          ? 'none changes band.'
          : result.moves.map((m) => `${sessions(m.count)} ${m.from} → ${m.to}`).join(', ')}
        {result.moves.length === 0 ? '' : '.'}
      </p>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">Sessions per risk band, policy in force and draft</caption>
          <thead>
            <tr>
              <th scope="col">Band</th>
              <th scope="col">Now (version {result.currentVersion})</th>
              <th scope="col">With these levels</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {BANDS.map((band) => {
              const delta = result.after[band] - result.before[band];
              return (
                <tr key={band}>
                  <th scope="row">{BAND_LABEL[band]}</th>
                  <td>{result.before[band]}</td>
                  <td>{result.after[band]}</td>
                  <td>{delta > 0 ? `+${delta}` : delta}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {result.examples.length > 0 ? (
        <div>
          <p className="muted">Sessions that move, for example:</p>
          <ul>
            {result.examples.map((e) => (
              <li key={e.sessionId}>
                <Link href={`/sessions/${encodeURIComponent(e.sessionId)}`}>{e.sessionId}</Link>: {e.from} (
                {e.riskBefore}) → {e.to} ({e.riskAfter})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
