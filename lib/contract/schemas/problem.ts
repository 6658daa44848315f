// The one error shape of the API (docs/api/errors.md). Records keyed by the code unions
// keep the lists exhaustive.
import { z } from 'zod';
import type { InputErrorCode } from '@/lib/engine/types';
import { PROBLEM_CODES } from '../problem-codes';

/** The codes a single field error can carry: the parser's subset of the problem codes. */
const INPUT_ERROR_CODES: Readonly<Record<InputErrorCode, true>> = {
  INVALID_INPUT: true,
  NO_MINIMUM_IDENTIFIER: true,
  TOO_MANY_EMAILS: true,
  MULTIPLE_SSNS: true,
  MIXED_EMAIL_FORMS: true,
  COUNTRY_FILTER_CONFLICT: true,
};

const codeList = (codes: Readonly<Record<string, unknown>>): [string, ...string[]] => {
  const [first = '', ...rest] = Object.keys(codes);
  return [first, ...rest];
};

export const fieldErrorSchema = z
  .object({
    path: z
      .string()
      .describe(
        'Dotted path of the offending field, e.g. "emails.3" or "location.postalCode"; "" for the body.',
      ),
    message: z.string().describe('What is wrong, prefixed with the path.'),
    code: z.enum(codeList(INPUT_ERROR_CODES)).describe('The rule this field breaks.'),
  })
  .describe('One violated input rule.');

export const problemSchema = z
  .object({
    type: z
      .string()
      .meta({ format: 'uri-reference' })
      .describe('URI reference of the documentation of this code, e.g. /docs/errors#no-minimum-identifier.'),
    title: z.string().describe('Short, human-readable summary of the code; the same for every occurrence.'),
    status: z.int().min(400).max(599).describe('The HTTP status code, repeated.'),
    detail: z.string().describe('Explanation specific to this occurrence.'),
    code: z.enum(codeList(PROBLEM_CODES)).describe('Stable machine-readable name of the error.'),
    requestId: z.string().describe('The X-Request-Id of the call, to look it up in the service logs.'),
    errors: z
      .array(fieldErrorSchema)
      .optional()
      .describe('Input-rule violations: every offending path, not only the first. Present on 400 only.'),
  })
  .describe(
    'RFC 9457 problem details (Content-Type: application/problem+json), the one error shape of the API.',
  );
