// Bodies of POST /signals/patterns/summary and /timeseries: the wire shape, which the engine's
// parsers (lib/engine/pattern-request.ts) read and the OpenAPI document publishes.
import { z } from 'zod';
import { PATTERN_INTERVALS } from '@/lib/contract/intervals';
import { MAX_BODY_BYTES } from '@/lib/contract/limits';

// As in MultiFieldReq: no length limit on the email but the body's (a malformed one is simply
// never found), and unknown fields are accepted and ignored.
const email = z
  .string()
  .max(MAX_BODY_BYTES)
  .trim()
  .min(1)
  .describe('One email: cleartext, MD5, SHA1 or SHA-256 hex.');

export const patternSummaryRequestSchema = z
  .object({ email })
  .describe('POST /signals/patterns/summary body. Unknown fields are accepted and ignored.');

export const patternTimeseriesRequestSchema = z
  .object({
    email,
    interval: z.enum(PATTERN_INTERVALS).describe('The trailing window the buckets cover.'),
  })
  .describe('POST /signals/patterns/timeseries body. Unknown fields are accepted and ignored.');
