import { z } from 'zod';
import { PATTERN_INTERVALS } from './intervals';
import { normalizeEmail } from './normalize/email';
import type { EmailInput, FieldError, ParseResult, PatternInterval } from './types';

export const patternSummaryRequestSchema = z
  .strictObject({
    email: z.string().trim().min(1).max(320).describe('One email: cleartext, MD5, SHA1 or SHA-256 hex.'),
  })
  .describe('POST /signals/patterns/summary body.');

export const patternTimeseriesRequestSchema = z
  .strictObject({
    email: z.string().trim().min(1).max(320).describe('One email: cleartext, MD5, SHA1 or SHA-256 hex.'),
    interval: z.enum(PATTERN_INTERVALS).describe('The trailing window the buckets cover.'),
  })
  .describe('POST /signals/patterns/timeseries body.');

function errors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    let message = issue.message;
    if (issue.code === 'invalid_value') message = `must be one of ${PATTERN_INTERVALS.join(', ')}`;
    if (issue.code === 'unrecognized_keys') message = `unknown field(s): ${issue.keys.join(', ')}`;
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
