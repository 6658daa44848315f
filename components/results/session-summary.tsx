import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import styles from './results.module.css';

/** The session this Verify created (201) or joined (200), to copy, open or join again. */
export function SessionSummary({ sessionId, status }: { sessionId: string; status: number }) {
  const joined = status === 200;
  return (
    <div className={styles.session}>
      <p className="inline">
        <Badge tone={joined ? 'success' : 'info'}>{joined ? 'Joined session' : 'New session'}</Badge>
        <span className="muted">
          {joined
            ? `${status} OK: the checks ran over every identifier the session has received.`
            : `${status} Created: send this session id with the next Verify to add to it.`}
        </span>
      </p>
      <div className={styles.sessionId}>
        <code>{sessionId}</code>
        <CopyButton text={sessionId} label="Copy session id" />
        <Link href={`/sessions/${encodeURIComponent(sessionId)}`} className="btn btn-sm btn-ghost">
          Open session
        </Link>
      </div>
    </div>
  );
}
