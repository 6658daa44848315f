import { PATTERN_INTERVALS } from '@/lib/contract/intervals';
import { db } from '@/lib/db/client';
import { parsePatternSummaryRequest } from '@/lib/engine/pattern-request';
import { patternSummaryExample, patternSummaryRequestExample } from '@/lib/openapi/examples/signals';
import { jsonBody, jsonResponse, noContent } from '@/lib/openapi/operation-parts';
import { patternSummary } from '@/lib/services/patterns';
import { keyedOperation } from '../operation';
import { BODY_ERRORS } from './problem-sets';

export const patternSummaryOperation = keyedOperation({
  id: 'signalsPatternSummary',
  method: 'POST',
  path: '/api/signals/patterns/summary',
  scope: 'signals',
  // A bucket of its own: a summary costs six windows, a time series one.
  bucket: 'signals.patterns.summary',
  console: { path: '/api/console/patterns/summary', endpoint: 'console.signals.patterns.summary' },
  summary: 'Historical summary of one email',
  tag: 'Signals',
  description:
    `Every interval summary (${PATTERN_INTERVALS.join(', ')}) of one email at once: observations, ` +
    'unique sources and per event type details, with the hashes and first and last seen times of ' +
    'the email. 204 when the graph does not know the email.',
  problems: BODY_ERRORS,
  parse: parsePatternSummaryRequest,
  run: async (input, { caller }) => {
    const body = await patternSummary(db(), caller, input.email);
    return body ? Response.json(body) : new Response(null, { status: 204 });
  },
  docs: () => ({
    requestBody: jsonBody('PatternSummaryRequest', 'One email, cleartext or hashed.', {
      email: { summary: 'A cleartext email', value: patternSummaryRequestExample },
    }),
    responses: {
      '200': jsonResponse('PatternSummary', 'The summaries of every interval.', {
        summary: { summary: 'A long-known address', value: patternSummaryExample() },
      }),
      '204': noContent('The graph does not know the email.'),
    },
  }),
});
