import { formatDateTime } from '@/components/ui/dates';
import { deviceLabel } from '@/lib/auth/device-label';
import type { ConsoleSessionSummary } from '@/lib/services/console-sessions';
import { endSessionAction } from './actions';

/** Where this account is signed in, most recently active first; any other one can be ended. */
export function SessionList({
  sessions,
  current,
}: {
  sessions: ConsoleSessionSummary[];
  current: string | null;
}) {
  if (sessions.length === 0)
    return (
      <p className="muted">
        No session is recorded for this account (sessions from before the list existed are not).
      </p>
    );
  return (
    <ul className="session-list" aria-label="Signed-in sessions">
      {sessions.map((session) => (
        <li key={session.id}>
          <div>
            <strong>{deviceLabel(session.userAgent)}</strong>
            {session.id === current ? (
              <>
                {' '}
                <span className="badge badge-info">This session</span>
              </>
            ) : null}
            <br />
            <span className="muted">
              {session.ipAddress ?? 'Unknown address'} · signed in {formatDateTime(session.createdAt)} · last
              active {formatDateTime(session.lastActiveAt)}
            </span>
          </div>
          {session.id === current ? null : (
            <form action={endSessionAction}>
              <input type="hidden" name="sessionId" value={session.id} />
              <button
                type="submit"
                className="btn btn-sm"
                aria-label={`Sign out ${deviceLabel(session.userAgent)}, last active ${formatDateTime(session.lastActiveAt)}`}
              >
                Sign out
              </button>
            </form>
          )}
        </li>
      ))}
    </ul>
  );
}
