// The console's decision bodies, parsed with their one zod schema into the API's field errors.
import type { z } from 'zod';
import {
  type DecisionReasonRequest,
  type DecisionRequest,
  decisionReasonRequestSchema,
  decisionRequestSchema,
} from '@/lib/contract/console/decisions';
import { fieldErrors } from '@/lib/contract/field-errors';
import type { ParseResult } from '@/lib/engine/types';

function parseWith<T>(schema: z.ZodType<T>, body: unknown): ParseResult<T> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, code: 'INVALID_INPUT', errors: fieldErrors(result.error.issues) };
}

export const parseDecisionRequest = (body: unknown): ParseResult<DecisionRequest> =>
  parseWith(decisionRequestSchema, body);

export const parseDecisionReasonRequest = (body: unknown): ParseResult<DecisionReasonRequest> =>
  parseWith(decisionReasonRequestSchema, body);
