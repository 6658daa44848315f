import { ConsoleApiError } from '@/components/data/console-fetch';

/** A console route's failure as people can act on it: its detail, field errors and request id. */
export function ProblemText({ error }: { error: Error }) {
  if (!(error instanceof ConsoleApiError)) {
    return (
      <p>The console could not reach the server ({error.message}). Check the connection and try again.</p>
    );
  }
  return (
    <>
      <p>{error.message}</p>
      {error.errors.length > 0 ? (
        <ul>
          {error.errors.map((e) => (
            <li key={`${e.path}:${e.message}`}>{e.message}</li>
          ))}
        </ul>
      ) : null}
      {error.requestId ? (
        <p className="field-hint">
          Request id <code>{error.requestId}</code>
        </p>
      ) : null}
    </>
  );
}
