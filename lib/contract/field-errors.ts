import type { z } from 'zod';
import type { FieldError } from '@/lib/engine/types';

/** zod issues as the API's field errors, each message led by its path. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    const message =
      issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message;
    return { path, message: `${path || 'body'}: ${message}`, code: 'INVALID_INPUT' };
  });
}
