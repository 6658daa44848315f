// The pattern parsers: the contract's schemas decide what is valid, the engine normalises the email.
import type { z } from 'zod';
import { PATTERN_INTERVALS } from '@/lib/contract/intervals';
import {
  patternSummaryRequestSchema,
  patternTimeseriesRequestSchema,
} from '@/lib/contract/schemas/pattern-request';
import { normalizeEmail } from './normalize/email';
import type { EmailInput, FieldError, ParseResult, PatternInterval } from './types';

function errors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    let message = issue.message;
    if (issue.code === 'invalid_value') message = `must be one of ${PATTERN_INTERVALS.join(', ')}`;
    return { path, message: `${path || 'body'}: ${message}`, code: 'INVALID_INPUT' };
  });
}

export function parsePatternSummaryRequest(body: unknown): ParseResult<{ email: EmailInput }> {
  const result = patternSummaryRequestSchema.safeParse(body);
  if (!result.success) return { ok: false, code: 'INVALID_INPUT', errors: errors(result.error.issues) };
  return { ok: true, value: { email: normalizeEmail(result.data.email) } };
}

export function parsePatternTimeseriesRequest(
  body: unknown,
): ParseResult<{ email: EmailInput; interval: PatternInterval }> {
  const result = patternTimeseriesRequestSchema.safeParse(body);
  if (!result.success) return { ok: false, code: 'INVALID_INPUT', errors: errors(result.error.issues) };
  return { ok: true, value: { email: normalizeEmail(result.data.email), interval: result.data.interval } };
}
