'use server';

import { type RowIssue, VALIDATION_CHUNK } from '@/components/batch/types';
import { validateRowBodies } from '@/components/batch/validate-rows';
import { consoleIdentity } from '../console-identity';

/**
 * Checks batch rows with the Verify parser before anything is sent, so the preview can show
 * each row's errors. Signed-in users only; nothing is stored.
 */
export async function validateBatchRowsAction(bodies: unknown): Promise<(RowIssue[] | null)[]> {
  await consoleIdentity();
  if (!Array.isArray(bodies) || bodies.length > VALIDATION_CHUNK) {
    throw new Error(`Send between 1 and ${VALIDATION_CHUNK} rows per call.`);
  }
  return validateRowBodies(bodies);
}
