import { PATTERN_INTERVALS } from '@/lib/contract/intervals';
import { db } from '@/lib/db/client';
import { parseSignalsRequest } from '@/lib/engine/request';
import { schemaRef } from '@/lib/openapi/components';
import {
  signalsFilteredRequestExample,
  signalsPatternRequestExample,
  signalsPatternsExample,
  signalsPersonExample,
  signalsRequestExample,
} from '@/lib/openapi/examples/signals';
import { jsonBody, noContent } from '@/lib/openapi/operation-parts';
import { headerRefs, RATE_LIMIT_HEADERS } from '@/lib/openapi/responses';
import { signals } from '@/lib/services/signals';
import { keyedOperation } from '../operation';
import { BODY_ERRORS, INPUT_RULES } from './problem-sets';

export const signalsOperation = keyedOperation({
  id: 'signals',
  method: 'POST',
  path: '/api/signals',
  scope: 'signals',
  bucket: 'signals',
  console: { path: '/api/console/signals', endpoint: 'console.signals' },
  summary: 'Signals about an identity',
  tag: 'Signals',
  description:
    'Returns what the identity graph holds for the person behind the identifiers: name, emails, ' +
    'phones, social profiles, locations, IP addresses and employment, each with first and last ' +
    'seen times, observations and match confidence. All identifiers may be combined in one request.\n\n' +
    `With patternInterval (${PATTERN_INTERVALS.join(', ')}; beta) the answer holds, for each email ` +
    'of the person, its recency summary over that window instead; one response may hold summaries ' +
    'for several emails.\n\n' +
    'countries restricts the answer to identities with at least one of the listed countries; ' +
    'excludedCountries answers 204 when a matched identity belongs to a listed country. The two ' +
    'are mutually exclusive. No match in the graph also answers 204.',
  problems: [...BODY_ERRORS, ...INPUT_RULES, 'COUNTRY_FILTER_CONFLICT'],
  parse: parseSignalsRequest,
  run: async (input, { caller }) => {
    const outcome = await signals(db(), caller, input);
    if (outcome.kind === 'no_content') return new Response(null, { status: 204 });
    return Response.json(outcome.body, { status: 200 });
  },
  docs: () => ({
    requestBody: jsonBody(
      'SignalsRequest',
      'MultiFieldReq plus optional countries or excludedCountries, and patternInterval.',
      {
        person: { summary: 'What the graph holds for an email and a phone', value: signalsRequestExample },
        patterns: {
          summary: 'Recency of each email over the last 30 days',
          value: signalsPatternRequestExample,
        },
        excluded: {
          summary: 'Nothing when the identity is in a listed country',
          value: signalsFilteredRequestExample,
        },
      },
    ),
    responses: {
      '200': {
        description: 'The person (without patternInterval) or the email patterns (with it).',
        headers: headerRefs(...RATE_LIMIT_HEADERS),
        content: {
          'application/json': {
            schema: { anyOf: [schemaRef('SignalsPerson'), schemaRef('SignalsPatterns')] },
            examples: {
              person: { summary: 'Without patternInterval', value: signalsPersonExample() },
              patterns: { summary: 'With patternInterval "month"', value: signalsPatternsExample() },
            },
          },
        },
      },
      '204': noContent(
        'No content: nothing in the graph matches, or excludedCountries matched a matched identity, ' +
          'or no identity has one of the countries.',
      ),
    },
  }),
});
