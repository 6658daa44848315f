import { BAND_LABEL, BAND_TONE } from '@/components/results/risk-style';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import type { RowState } from './types';

/** A row's state in words (and colour), with its errors when it has any. */
export function RowStatus({ row }: { row: RowState }) {
  switch (row.status) {
    case 'checking':
      return <Spinner label="Checking" />;
    case 'queued':
      return <Badge tone="info">Ready</Badge>;
    case 'running':
      return <Spinner label="Verifying" />;
    case 'done':
      return (
        <span className="inline">
          <Badge tone={BAND_TONE[row.result.band]}>{BAND_LABEL[row.result.band]} risk</Badge>
          <span>{row.result.risk.toFixed(2)}</span>
        </span>
      );
    case 'invalid':
      return (
        <div className="batch-issues">
          <Badge tone="danger">Invalid</Badge>
          <ul>
            {row.issues.map((issue) => (
              <li key={`${issue.path}:${issue.message}`}>{issue.message}</li>
            ))}
          </ul>
        </div>
      );
    case 'failed':
      return (
        <div className="batch-issues">
          <Badge tone="danger">Failed</Badge>
          <p>{row.message}</p>
        </div>
      );
  }
}
