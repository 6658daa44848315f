// Signals and pattern examples, shaped by the engine's own functions from graph rows keyed the
// way the graph keys a request, so their shapes cannot drift from what the service answers.

import { PATTERN_INTERVALS } from '@/lib/contract/intervals';
import type { SignalsRequestInput } from '@/lib/contract/schemas/request';
import { identifierKeys } from '@/lib/engine/graph/identifier-keys';
import { parseVerifyRequest } from '@/lib/engine/request';
import { emailEntry, type GraphIdentifier, type PersonFacts, personSignals } from '@/lib/engine/signals';
import { seriesLayout } from '@/lib/engine/timeseries';
import type { PatternInterval } from '@/lib/engine/types';
import { EXAMPLE_EMAIL, EXAMPLE_NOW, EXAMPLE_PHONE, verifyRequestExample } from './verify';

export const signalsRequestExample = {
  emails: [EXAMPLE_EMAIL],
  phones: [EXAMPLE_PHONE],
} satisfies SignalsRequestInput;

export const signalsPatternRequestExample = {
  emails: [EXAMPLE_EMAIL],
  patternInterval: 'month',
} satisfies SignalsRequestInput;

export const signalsFilteredRequestExample = {
  phones: [EXAMPLE_PHONE],
  excludedCountries: ['KP', 'IR'],
} satisfies SignalsRequestInput;

const DAY = 86_400_000;
const daysAgo = (days: number) => EXAMPLE_NOW.getTime() - days * DAY;

/** First seen (days ago), last seen (days ago), observations, confidence, per graph kind. */
const HISTORY: Record<string, [number, number, number, number]> = {
  email: [4320, 3, 187, 0.98],
  phone: [3794, 1, 96, 0.95],
  profile: [5161, 40, 12, 0.81],
  ip: [212, 1, 58, 0.62],
  name: [4320, 1, 240, 0.97],
  address: [1460, 1, 131, 0.9],
  employment: [980, 30, 14, 0.74],
};

/** The graph's rows for the person behind the examples, keyed exactly as a request is keyed. */
function examplePerson(): PersonFacts {
  const parsed = parseVerifyRequest({
    ...verifyRequestExample,
    profiles: [{ service: 'github', username: 'janedoe' }],
    organization: 'Acme Corp',
    title: 'Staff Engineer',
  });
  if (!parsed.ok) throw new Error(`the Signals example person does not parse: ${parsed.errors[0]?.message}`);
  const identifiers: GraphIdentifier[] = identifierKeys(parsed.value, () => '').map((key, index) => {
    const [first, last, observations] = HISTORY[key.kind] ?? [30, 1, 1, 0.5];
    return {
      id: `idn_example${index}`,
      kind: key.kind,
      value: key.value,
      md5: key.md5,
      sha1: key.sha1,
      countries: key.countries,
      firstSeenMs: daysAgo(first),
      lastSeenMs: daysAgo(last),
      observations,
    };
  });
  const cleartexts = new Map<string, string>();
  for (const row of identifiers) if (row.kind === 'email') cleartexts.set(row.id, EXAMPLE_EMAIL);
  const profile = identifiers.find((row) => row.kind === 'profile');
  return {
    identifiers,
    confidence: new Map(identifiers.map((row) => [row.id, HISTORY[row.kind]?.[3] ?? 0.5])),
    cleartexts,
    profiles: new Map(
      profile
        ? [
            [
              profile.id,
              {
                service: 'github',
                handle: 'janedoe',
                createdAtMs: Date.UTC(2012, 4, 14),
                followers: 214,
                following: 87,
                country: 'US',
              },
            ],
          ]
        : [],
    ),
  };
}

export function signalsPersonExample() {
  return personSignals(examplePerson());
}

function exampleEmailEntry() {
  const person = examplePerson();
  const row = person.identifiers.find((identifier) => identifier.kind === 'email');
  if (row === undefined) throw new Error('the example person has no email');
  return emailEntry(row, person);
}

/** Plausible summaries: a long-known address seen mostly at sign-ups, logins and Verify calls. */
const SUMMARIES: Record<PatternInterval, { observations: number; sources: number }> = {
  hour: { observations: 0, sources: 0 },
  day: { observations: 2, sources: 1 },
  week: { observations: 5, sources: 2 },
  month: { observations: 11, sources: 3 },
  '6month': { observations: 43, sources: 5 },
  year: { observations: 77, sources: 6 },
};

function summary(interval: PatternInterval) {
  const { observations, sources } = SUMMARIES[interval];
  if (observations === 0) return { observations, sources };
  // Most observed first, as the service orders them.
  const verification = Math.ceil(observations / 2);
  const visitor = observations - verification;
  const events = [
    { type: 'verification', observations: verification, sources: 1 },
    ...(visitor > 0 ? [{ type: 'visitor', observations: visitor, sources: Math.max(1, sources - 1) }] : []),
  ];
  return { observations, sources, events };
}

export function signalsPatternsExample() {
  return { emails: [{ ...exampleEmailEntry(), month: summary('month') }] };
}

export const patternSummaryRequestExample = { email: EXAMPLE_EMAIL };

export function patternSummaryExample() {
  return {
    ...exampleEmailEntry(),
    ...Object.fromEntries(PATTERN_INTERVALS.map((interval) => [interval, summary(interval)])),
  };
}

export const patternTimeseriesRequestExample = { email: EXAMPLE_EMAIL, interval: 'day' } as const;

export function patternTimeseriesExample() {
  const interval = patternTimeseriesRequestExample.interval;
  const layout = seriesLayout(interval, EXAMPLE_NOW.getTime());
  // Two sightings in the day: a visit in the morning, a Verify call in the afternoon (UTC).
  const busy: Record<number, Record<string, number>> = { 9: { visitor: 1 }, 15: { verification: 1 } };
  const buckets = Array.from({ length: layout.buckets }, (_, index) => {
    const startMs = layout.startMs + index * layout.bucketMs;
    const events = busy[new Date(startMs).getUTCHours()] ?? {};
    const observations = Object.values(events).reduce((sum, n) => sum + n, 0);
    return { startMs, observations, events };
  });
  return { ...exampleEmailEntry(), interval, bucketMs: layout.bucketMs, buckets };
}
