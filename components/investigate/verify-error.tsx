import { ConsoleApiError } from '@/components/data/console-fetch';
import { isTransient, ProblemCallout } from '@/components/ui/problem-callout';

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
  return (
    <ProblemCallout error={error} title={titleOf(error)} onRetry={isTransient(error) ? onRetry : undefined} />
  );
}
