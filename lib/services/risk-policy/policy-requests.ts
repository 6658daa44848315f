// Bodies of the console's risk-policy routes; the console's form validates with the same schemas
// (zod only, so the browser bundle can import this file).
import { z } from 'zod';
import { overrideFieldErrors, riskOverridesSchema } from '@/lib/engine/risk-policy/overrides';
import type { ParseResult } from '@/lib/engine/types';

/** How far back a backtest may look: a year of sessions at most. */
export const MAX_BACKTEST_DAYS = 365;

/** PUT /api/console/risk-policy: the levels to save, on top of the version the editor loaded. */
export const savePolicyRequestSchema = z.strictObject({
  overrides: riskOverridesSchema,
  expectedVersion: z.int().min(0),
});
export type SavePolicyRequest = z.output<typeof savePolicyRequestSchema>;

/** POST /api/console/risk-policy/backtest: the levels to try, over the last `days` days. */
export const backtestRequestSchema = z.strictObject({
  overrides: riskOverridesSchema,
  days: z.int().min(1).max(MAX_BACKTEST_DAYS).default(30),
});
export type BacktestRequest = z.output<typeof backtestRequestSchema>;

function parseWith<T>(schema: z.ZodType<T>, body: unknown): ParseResult<T> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, code: 'INVALID_INPUT', errors: overrideFieldErrors(result.error.issues) };
}

export const parseSavePolicyRequest = (body: unknown) => parseWith(savePolicyRequestSchema, body);
export const parseBacktestRequest = (body: unknown) => parseWith(backtestRequestSchema, body);
