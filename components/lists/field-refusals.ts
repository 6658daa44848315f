import { ConsoleApiError } from '@/components/data/console-fetch';

/**
 * The server's refusal of each field (path `${prefix}${field}`), its message without the path, to
 * show under the field as the form's own errors are; an error of another kind names no field.
 */
export function fieldRefusals<F extends string>(
  error: Error,
  fields: readonly F[],
  prefix = '',
): { field: F; message: string }[] {
  if (!(error instanceof ConsoleApiError)) return [];
  return fields.flatMap((field) => {
    const refusal = error.errors.find((e) => e.path === `${prefix}${field}`);
    return refusal ? [{ field, message: refusal.message.replace(`${prefix}${field}: `, '') }] : [];
  });
}

/** Whether the server named a field: then the form shows it there, not in a callout. */
export const refusedFields = (error: Error | null): boolean =>
  error instanceof ConsoleApiError && error.errors.length > 0;
