import { ConsoleApiError } from '@/components/data/console-fetch';
import { isTransient, ProblemCallout } from '@/components/ui/problem-callout';

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
  return (
    <ProblemCallout error={error} title={titleOf(error)} onRetry={isTransient(error) ? onRetry : undefined} />
  );
}
