import { z } from 'zod';
import { PATTERN_INTERVALS } from './intervals';
import { normalizeEmail } from './normalize/email';
import type { EmailInput, FieldError, ParseResult, PatternInterval } from './types';

// As in MultiFieldReq: no length limit on the email (the body limit bounds it; a malformed one is
// simply never found), and unknown fields are accepted and ignored.
const email = z.string().trim().min(1).describe('One email: cleartext, MD5, SHA1 or SHA-256 hex.');

export const patternSummaryRequestSchema = z
  .object({ email })
  .describe('POST /signals/patterns/summary body. Unknown fields are accepted and ignored.');

export const patternTimeseriesRequestSchema = z
  .object({
    email,
    interval: z.enum(PATTERN_INTERVALS).describe('The trailing window the buckets cover.'),
  })
  .describe('POST /signals/patterns/timeseries body. Unknown fields are accepted and ignored.');

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
