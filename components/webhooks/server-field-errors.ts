import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ConsoleApiError } from '@/components/data/console-fetch';

/** The form field a 400's error path names: "eventTypes.0" belongs to the eventTypes group. */
function fieldOf<T extends FieldValues>(path: string, fields: readonly FieldPath<T>[]) {
  return fields.find((name) => path === name || path.startsWith(`${name}.`));
}

/** Puts a 400's field errors (errors[].path) next to the fields they name. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: Error,
  fields: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
) {
  if (!(error instanceof ConsoleApiError)) return;
  for (const fieldError of error.errors) {
    const field = fieldOf(fieldError.path, fields);
    if (field) setError(field, { type: 'server', message: fieldError.message });
  }
}

/** Whether the fields show all of the error, so no callout need repeat it. */
export function shownInFields<T extends FieldValues>(error: Error, fields: readonly FieldPath<T>[]): boolean {
  return (
    error instanceof ConsoleApiError &&
    error.errors.length > 0 &&
    error.errors.every((fieldError) => fieldOf(fieldError.path, fields) !== undefined)
  );
}
