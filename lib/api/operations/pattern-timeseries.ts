import { PATTERN_INTERVALS } from '@/lib/contract/intervals';
import { db } from '@/lib/db/client';
import { parsePatternTimeseriesRequest } from '@/lib/engine/pattern-request';
import { seriesLayout } from '@/lib/engine/timeseries';
import { patternTimeseriesExample, patternTimeseriesRequestExample } from '@/lib/openapi/examples/signals';
import { jsonBody, jsonResponse, noContent } from '@/lib/openapi/operation-parts';
import { patternTimeseries } from '@/lib/services/patterns';
import { keyedOperation } from '../operation';
import { BODY_ERRORS } from './problem-sets';

const bucketWidths = PATTERN_INTERVALS.map((interval) => {
  const layout = seriesLayout(interval, 0);
  const minutes = layout.bucketMs / 60_000;
  const width =
    minutes < 60 ? `${minutes} min` : minutes < 1440 ? `${minutes / 60} h` : `${minutes / 1440} d`;
  return `${interval} ${width}`;
}).join('; ');

export const patternTimeseriesOperation = keyedOperation({
  id: 'signalsPatternTimeseries',
  method: 'POST',
  path: '/api/signals/patterns/timeseries',
  scope: 'signals',
  bucket: 'signals.patterns.timeseries',
  console: { path: '/api/console/patterns/timeseries', endpoint: 'console.signals.patterns.timeseries' },
  summary: 'Time series of one email',
  tag: 'Signals',
  description:
    'Observations of one email over one trailing window in evenly sized buckets, by event type ' +
    `(the data behind a sparkline). Bucket widths: ${bucketWidths}. 204 when the graph does not ` +
    'know the email.',
  problems: BODY_ERRORS,
  parse: parsePatternTimeseriesRequest,
  run: async (input, { caller }) => {
    const body = await patternTimeseries(db(), caller, input.email, input.interval);
    return body ? Response.json(body) : new Response(null, { status: 204 });
  },
  docs: () => ({
    requestBody: jsonBody('PatternTimeseriesRequest', 'One email and the window.', {
      day: { summary: 'The last 24 hours in hourly buckets', value: patternTimeseriesRequestExample },
    }),
    responses: {
      '200': jsonResponse('PatternTimeseries', 'The buckets of the window.', {
        day: { summary: 'Two sightings in the last 24 hours', value: patternTimeseriesExample() },
      }),
      '204': noContent('The graph does not know the email.'),
    },
  }),
});
