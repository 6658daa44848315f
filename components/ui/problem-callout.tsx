import type { ReactNode } from 'react';
import { ConsoleApiError } from '@/components/data/console-fetch';
import { Button } from './button';
import { CopyButton } from './copy-button';
import { ErrorCallout } from './error-callout';

/** Whether a second try may pass: input and permission errors fail the same way again. */
export function isTransient(error: Error): boolean {
  return !(error instanceof ConsoleApiError) || error.status >= 500 || error.status === 429;
}

/** A field error with its path in front, unless the message already starts with it. */
function FieldError({ path, message }: { path: string; message: string }) {
  const named = path !== '' && !message.startsWith(path);
  return (
    <li>
      {named ? (
        <>
          <code>{path}</code>:{' '}
        </>
      ) : null}
      {message}
    </li>
  );
}

/** What a failed console call said, so people can act on it: detail, fields and request id. */
function ProblemBody({ error }: { error: Error }) {
  if (!(error instanceof ConsoleApiError)) {
    return (
      <p>The console could not reach the server ({error.message}). Check the connection and try again.</p>
    );
  }
  // A lone field error is usually the detail itself: say it once.
  const fields = error.errors.filter((field) => field.message !== error.message);
  return (
    <>
      <p>{error.message}</p>
      {fields.length > 0 ? (
        <ul>
          {fields.map((field) => (
            <FieldError key={`${field.path}:${field.message}`} path={field.path} message={field.message} />
          ))}
        </ul>
      ) : null}
      <p className="field-hint inline">
        <span>
          {error.status} <code>{error.code}</code>
          {error.requestId ? (
            <>
              {' '}
              · Request id <code>{error.requestId}</code>
            </>
          ) : null}
        </span>
        {error.requestId ? <CopyButton text={error.requestId} label="Copy request id" /> : null}
      </p>
    </>
  );
}

/**
 * A failed console call as an alert: the problem+json answer (or the network failure) and, when
 * onRetry is given, a Try again button; `action` replaces that button with another.
 */
export function ProblemCallout({
  error,
  title,
  onRetry,
  action,
}: {
  error: Error;
  title: string;
  onRetry?: () => void;
  action?: ReactNode;
}) {
  const retry = onRetry ? (
    <Button size="sm" onClick={onRetry}>
      Try again
    </Button>
  ) : null;
  return (
    <ErrorCallout title={title} action={action ?? retry}>
      <ProblemBody error={error} />
    </ErrorCallout>
  );
}
