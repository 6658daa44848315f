import { ConsoleApiError } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { ErrorCallout } from '@/components/ui/error-callout';

function titleOf(error: Error): string {
  if (!(error instanceof ConsoleApiError)) return 'Verify could not reach the server';
  if (error.status === 400) return 'The request was refused';
  if (error.status === 404) return 'Unknown session';
  if (error.status === 410) return "This person's data was deleted";
  if (error.status === 429) return 'Too many requests';
  if (error.status === 403) return 'Not allowed';
  return 'Verify failed';
}

/** The problem the API answered: its detail, code, request id and every field it names. */
export function VerifyError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const api = error instanceof ConsoleApiError ? error : null;
  const retryable = api === null || api.status >= 500 || api.status === 429;
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
      {api && api.errors.length > 0 ? (
        <ul>
          {api.errors.map((fieldError) => (
            <li key={`${fieldError.path}:${fieldError.message}`}>
              {fieldError.path === '' || fieldError.message.startsWith(`${fieldError.path}:`)
                ? fieldError.message
                : `${fieldError.path}: ${fieldError.message}`}
            </li>
          ))}
        </ul>
      ) : null}
      {api ? (
        <p className="muted">
          {api.status} <code>{api.code}</code>
          {api.requestId ? (
            <>
              {' '}
              · request <code>{api.requestId}</code>
            </>
          ) : null}
        </p>
      ) : null}
    </ErrorCallout>
  );
}
