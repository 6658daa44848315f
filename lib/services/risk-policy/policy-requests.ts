// Parses the bodies of the console's risk-policy routes with the contract's schemas (the console's
// form validates with the same ones), naming each offending override path.
import type { z } from 'zod';
import { backtestRequestSchema, savePolicyRequestSchema } from '@/lib/contract/console/risk-policy';
import { overrideFieldErrors } from '@/lib/engine/risk-policy/overrides';
import type { ParseResult } from '@/lib/engine/types';

function parseWith<T>(schema: z.ZodType<T>, body: unknown): ParseResult<T> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, code: 'INVALID_INPUT', errors: overrideFieldErrors(result.error.issues) };
}

export const parseSavePolicyRequest = (body: unknown) => parseWith(savePolicyRequestSchema, body);
export const parseBacktestRequest = (body: unknown) => parseWith(backtestRequestSchema, body);
