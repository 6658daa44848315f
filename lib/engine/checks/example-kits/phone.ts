// The Phone examples' shared requests and contexts (lib/engine/checks/defs/phone-*.ts).

import type { PhoneRecordFacts } from '../../graph/facts';
import { type ExampleExtras, example } from '../check-def';
import {
  ago,
  daysAgo,
  EMAIL_ONLY,
  NO_GRAPH,
  PHONE_ONLY,
  phoneFacts,
  record,
  type Span,
  seen,
  spanText,
  withGraph,
  yearsAgo,
} from '../example-kit';

export type LineType = PhoneRecordFacts['lineType'];

export const records = (note: string, list: PhoneRecordFacts[]): ExampleExtras => ({
  note,
  context: (base) => withGraph(base, { phones: [phoneFacts(list)] }),
});

export const dnoFlag = (flag: 'voice' | 'text') =>
  records(`The latest carrier record of the number (30 days before the clock) flags dno "${flag}".`, [
    record(daysAgo(30), 'MOBILE', 'Carrier A', flag),
  ]);

export const sighted = (note: string, first: number, last: number): ExampleExtras => ({
  note,
  context: (base) => withGraph(base, { phones: [phoneFacts([], seen(first, last, 8))] }),
});
export const firstSeen = (span: Span) =>
  sighted(`The graph first saw the number ${spanText(span)} before the clock.`, ago(span), daysAgo(2));
export const lastSeen = (span: Span) =>
  sighted(
    `The graph last saw the number ${spanText(span)} before the clock (first 9 years before).`,
    yearsAgo(9),
    ago(span),
  );

export const ported = (days: number) =>
  records(`Carrier records: Carrier A 2 years before the clock, then Carrier B ${days} days before it.`, [
    record(yearsAgo(2), 'MOBILE', 'Carrier A'),
    record(daysAgo(days), 'MOBILE', 'Carrier B'),
  ]);

export const portedFrom = (previous: LineType) =>
  records(
    `Carrier records: a ${previous} line with Carrier A 2 years before the clock, then MOBILE with Carrier B 200 days before it.`,
    [record(yearsAgo(2), previous, 'Carrier A'), record(daysAgo(200), 'MOBILE', 'Carrier B')],
  );

export const latestType = (lineType: LineType) =>
  records(`The latest carrier record of the number (30 days before the clock) says ${lineType}.`, [
    record(daysAgo(30), lineType, 'Carrier A'),
  ]);

export const NEVER = { note: 'The identity graph has never seen the number.' };
export const NO_RECORDS = { note: 'No carrier record of the number.' };
export const FICTIONAL = { phone: '+12125550123' } as const;
/** Area code 415 has no exchange 123: PHONE_FORMAT_INVALID carries it, the derived checks do not judge it. */
export const INVALID = { phone: '+14151234567' } as const;
export const NOT_JUDGED = { note: 'The number is invalid: PHONE_FORMAT_INVALID TRUE carries that fact.' };
export const inState = (regionCode: string) => ({
  ...PHONE_ONLY,
  location: { regionCode, countryCode: 'US' },
});

/** PHONE_DNO_TEXT and PHONE_DNO_VOICE read the same carrier records, one dno flag each. */
export const dnoExamples = (flag: 'voice' | 'text') => [
  example('TRUE', PHONE_ONLY, dnoFlag(flag)),
  example('TRUE', FICTIONAL),
  example('FALSE', PHONE_ONLY, latestType('MOBILE')),
  example('UNKNOWN', PHONE_ONLY, NO_RECORDS),
  example('UNKNOWN', PHONE_ONLY, NO_GRAPH),
  example('NONE', EMAIL_ONLY),
  example('NONE', INVALID, NOT_JUDGED),
];
