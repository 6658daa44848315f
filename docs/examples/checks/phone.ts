import type { PhoneRecordFacts } from '@/lib/engine/graph/facts';
import { type CheckExample, type ExampleExtras, example, NO_GRAPH } from '../check-example';
import { ago, daysAgo, phoneFacts, record, type Span, seen, spanText, withGraph, yearsAgo } from '../context';
import { EMAIL_ONLY, PHONE_ONLY } from '../requests';

type LineType = PhoneRecordFacts['lineType'];

const records = (note: string, list: PhoneRecordFacts[]): ExampleExtras => ({
  note,
  context: (base) => withGraph(base, { phones: [phoneFacts(list)] }),
});

const dnoFlag = (flag: 'voice' | 'text') =>
  records(`The latest carrier record of the number (30 days before the clock) flags dno "${flag}".`, [
    record(daysAgo(30), 'MOBILE', 'Carrier A', flag),
  ]);

const sighted = (note: string, first: number, last: number): ExampleExtras => ({
  note,
  context: (base) => withGraph(base, { phones: [phoneFacts([], seen(first, last, 8))] }),
});
const firstSeen = (span: Span) =>
  sighted(`The graph first saw the number ${spanText(span)} before the clock.`, ago(span), daysAgo(2));
const lastSeen = (span: Span) =>
  sighted(
    `The graph last saw the number ${spanText(span)} before the clock (first 9 years before).`,
    yearsAgo(9),
    ago(span),
  );

const ported = (days: number) =>
  records(`Carrier records: Carrier A 2 years before the clock, then Carrier B ${days} days before it.`, [
    record(yearsAgo(2), 'MOBILE', 'Carrier A'),
    record(daysAgo(days), 'MOBILE', 'Carrier B'),
  ]);

const portedFrom = (previous: LineType) =>
  records(
    `Carrier records: a ${previous} line with Carrier A 2 years before the clock, then MOBILE with Carrier B 200 days before it.`,
    [record(yearsAgo(2), previous, 'Carrier A'), record(daysAgo(200), 'MOBILE', 'Carrier B')],
  );

const latestType = (lineType: LineType) =>
  records(`The latest carrier record of the number (30 days before the clock) says ${lineType}.`, [
    record(daysAgo(30), lineType, 'Carrier A'),
  ]);

const NEVER = { note: 'The identity graph has never seen the number.' };
const NO_RECORDS = { note: 'No carrier record of the number.' };
const FICTIONAL = { phone: '+12125550123' } as const;
/** Area code 415 has no exchange 123: PHONE_FORMAT_INVALID carries it, the derived checks do not judge it. */
const INVALID = { phone: '+14151234567' } as const;
const NOT_JUDGED = { note: 'The number is invalid: PHONE_FORMAT_INVALID TRUE carries that fact.' };
const inState = (regionCode: string) => ({ ...PHONE_ONLY, location: { regionCode, countryCode: 'US' } });

export const phoneExamples: CheckExample[] = [
  ...(['PHONE_DNO_TEXT', 'PHONE_DNO_VOICE'] as const).flatMap((id) => [
    example(id, 'TRUE', PHONE_ONLY, dnoFlag(id === 'PHONE_DNO_TEXT' ? 'text' : 'voice')),
    example(id, 'TRUE', FICTIONAL),
    example(id, 'FALSE', PHONE_ONLY, latestType('MOBILE')),
    example(id, 'UNKNOWN', PHONE_ONLY, NO_RECORDS),
    example(id, 'UNKNOWN', PHONE_ONLY, NO_GRAPH),
    example(id, 'NONE', EMAIL_ONLY),
    example(id, 'NONE', INVALID, NOT_JUDGED),
  ]),

  example('PHONE_FIRST_SEEN', 'NEW', PHONE_ONLY, firstSeen({ days: 10 })),
  example('PHONE_FIRST_SEEN', 'RECENT', PHONE_ONLY, firstSeen({ days: 200 })),
  example('PHONE_FIRST_SEEN', 'OLDER', PHONE_ONLY, firstSeen({ years: 3 })),
  example('PHONE_FIRST_SEEN', 'LONG_AGO', PHONE_ONLY, firstSeen({ years: 8 })),
  example('PHONE_FIRST_SEEN', 'UNKNOWN', PHONE_ONLY, NEVER),
  example('PHONE_FIRST_SEEN', 'NONE', EMAIL_ONLY),

  example('PHONE_FORMAT_INVALID', 'TRUE', INVALID),
  example('PHONE_FORMAT_INVALID', 'FALSE', PHONE_ONLY),
  example('PHONE_FORMAT_INVALID', 'NONE', EMAIL_ONLY),

  example('PHONE_LAST_SEEN', 'RECENT', PHONE_ONLY, lastSeen({ days: 20 })),
  example('PHONE_LAST_SEEN', 'OLDER', PHONE_ONLY, lastSeen({ years: 2 })),
  example('PHONE_LAST_SEEN', 'LONG_AGO', PHONE_ONLY, lastSeen({ years: 7 })),
  example('PHONE_LAST_SEEN', 'UNKNOWN', PHONE_ONLY, NEVER),
  example('PHONE_LAST_SEEN', 'NONE', EMAIL_ONLY),

  example('PHONE_LOCATION_MISMATCH', 'TRUE', inState('NY')),
  example('PHONE_LOCATION_MISMATCH', 'TRUE', { phone: '+447400123456', location: { countryCode: 'US' } }),
  example('PHONE_LOCATION_MISMATCH', 'FALSE', inState('CA')),
  example('PHONE_LOCATION_MISMATCH', 'UNKNOWN', PHONE_ONLY),

  example('PHONE_PORT', 'RECENT', PHONE_ONLY, ported(10)),
  example('PHONE_PORT', 'PORTED', PHONE_ONLY, ported(200)),
  example(
    'PHONE_PORT',
    'NOT_PORTED',
    PHONE_ONLY,
    records('One carrier record: Carrier A, 3 years before the clock.', [
      record(yearsAgo(3), 'MOBILE', 'Carrier A'),
    ]),
  ),
  example('PHONE_PORT', 'UNKNOWN', PHONE_ONLY, NO_RECORDS),

  example('PHONE_PREV_TYPE', 'MOBILE', PHONE_ONLY, portedFrom('MOBILE')),
  example('PHONE_PREV_TYPE', 'LANDLINE', PHONE_ONLY, portedFrom('LANDLINE')),
  example('PHONE_PREV_TYPE', 'VOIP', PHONE_ONLY, portedFrom('VOIP')),
  example('PHONE_PREV_TYPE', 'TOLL_FREE', PHONE_ONLY, portedFrom('TOLL_FREE')),
  example('PHONE_PREV_TYPE', 'PREPAID', PHONE_ONLY, portedFrom('PREPAID')),
  example('PHONE_PREV_TYPE', 'UNKNOWN', PHONE_ONLY, NO_GRAPH),
  example('PHONE_PREV_TYPE', 'NONE', PHONE_ONLY, NO_RECORDS),

  example('PHONE_TYPE', 'MOBILE', { phone: '+447400123456' }, NO_RECORDS),
  example('PHONE_TYPE', 'LANDLINE', { phone: '+442079460000' }, NO_RECORDS),
  example('PHONE_TYPE', 'VOIP', PHONE_ONLY, latestType('VOIP')),
  example('PHONE_TYPE', 'TOLL_FREE', { phone: '+18002752273' }, NO_RECORDS),
  example('PHONE_TYPE', 'PREPAID', PHONE_ONLY, latestType('PREPAID')),
  example('PHONE_TYPE', 'UNKNOWN', PHONE_ONLY, NO_RECORDS),
  example('PHONE_TYPE', 'NONE', EMAIL_ONLY),
  example('PHONE_TYPE', 'NONE', INVALID, NOT_JUDGED),
];
