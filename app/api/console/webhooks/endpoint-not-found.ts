import { ProblemError } from '@/lib/http/problem';

/** Another workspace's endpoint answers exactly as a missing one. */
export const endpointNotFound = (): ProblemError =>
  new ProblemError(404, 'NOT_FOUND', 'No webhook endpoint with this id in this workspace.');
