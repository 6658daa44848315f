import type { z } from 'zod';
import { fieldErrors } from '@/lib/contract/field-errors';
import type { ParseResult } from '@/lib/engine/types';

/** A console body or query parsed with its contract schema: the value, or every field error. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, code: 'INVALID_INPUT', errors: fieldErrors(result.error.issues) };
}
