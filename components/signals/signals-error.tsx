import { ConsoleApiError } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { ErrorCallout } from '@/components/ui/error-callout';

function titleOf(error: Error): string {
  if (!(error instanceof ConsoleApiError)) return 'Signals could not be reached';
  if (error.status === 400) return 'The request was not accepted';
  if (error.status === 403) return 'Not allowed';
  if (error.status === 429) return 'Too many requests';
  if (error.status >= 500) return 'The service could not answer';
  return 'Signals could not be loaded';
}

/** A failed Signals call: the problem's detail, its per-field errors and its request id. */
export function SignalsError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const api = error instanceof ConsoleApiError ? error : null;
  // Input errors will fail the same way again; everything else may pass on a second try.
  const retryable = !api || api.status >= 500 || api.status === 429;
  // A lone field error is usually the detail itself: say it once.
  const fields = (api?.errors ?? []).filter((field) => field.message !== error.message);
  return (
    <ErrorCallout
      title={titleOf(error)}
      action={
        retryable ? (
          <Button size="sm" onClick={onRetry}>
            Try again
          </Button>
        ) : null
      }
    >
      <p>{error.message}</p>
      {fields.length > 0 ? (
        <ul>
          {fields.map((field) => (
            <li key={`${field.path}:${field.message}`}>
              {field.path && !field.message.startsWith(field.path) ? <code>{field.path}</code> : null}{' '}
              {field.message}
            </li>
          ))}
        </ul>
      ) : null}
      {api?.requestId ? (
        <p className="field-hint inline">
          <span>
            Request id <code>{api.requestId}</code>
          </span>
          <CopyButton text={api.requestId} label="Copy request id" />
        </p>
      ) : null}
    </ErrorCallout>
  );
}
