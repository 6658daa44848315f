// Bodies of the ingestion feeds, POST /api/events and POST /api/records. Their items are parsed
// by hand (lib/engine/ingest/parse-*.ts, one bad item never sinks the batch), so these schemas
// document those parsers: own fields here, identifiers from the MultiFieldReq schema itself.
import { z } from 'zod';
import { MAX_EVENT_ID_LENGTH } from '@/lib/engine/ingest/event-id';
import {
  EARLIEST_TIMESTAMP,
  MAX_AGE_YEARS,
  MAX_FUTURE_SKEW_MS,
  MAX_TIMESTAMP_LENGTH,
  type TimestampFloor,
} from '@/lib/engine/ingest/timestamp';
import {
  DNO_VALUES,
  EVENT_TYPES,
  type IngestRejectionCode,
  LINE_TYPES,
  MAX_ITEMS_PER_REQUEST,
} from '@/lib/engine/ingest/types';
import type { InputErrorCode } from '@/lib/engine/types';
import { MAX_COUNT } from '../limits';
import { identifierShape } from './request';

// Items read their identifiers as both operations do: Verify's and Signals' own fields (sessionId,
// countries...) and unknown ones are ignored, so the document lists the identifiers only (phone
// records excepted: they carry no identifiers).
const identifiers = identifierShape;
const skewMinutes = MAX_FUTURE_SKEW_MS / 60_000;
const earliest = EARLIEST_TIMESTAMP.toISOString().slice(0, 10);

/** The lower bound of a timestamp, in words (parseTimestamp enforces it). */
const FLOOR_TEXT: Record<TimestampFloor, string> = {
  recent: `Not more than ${MAX_AGE_YEARS} years before the server's time`,
  historic: `Not before ${earliest}`,
};

function timestamp(what: string, floor: TimestampFloor = 'recent') {
  const forms = [
    z
      .string()
      .max(MAX_TIMESTAMP_LENGTH)
      .describe(
        'ISO 8601 date-time, with a zone (Z or an offset) or without one (then UTC), e.g. ' +
          '2024-05-01T12:00:00Z or 2024-05-01T12:00:00.',
      ),
    z.string().max(MAX_TIMESTAMP_LENGTH).meta({ format: 'date' }).describe('A date, read as midnight UTC.'),
    z
      .int()
      .min(EARLIEST_TIMESTAMP.getTime())
      .meta({ format: 'int64' })
      .describe('Epoch milliseconds (a JSON number).'),
  ];
  return z
    .union(forms)
    .describe(
      `${what}: epoch milliseconds, an ISO 8601 date-time (UTC when it has no zone) or a date ` +
        `(midnight UTC). ${FLOOR_TEXT[floor]}, not more than ${skewMinutes} minutes in the future.`,
    );
}

const countryCode = (what: string) =>
  z.string().length(2).nullish().describe(`${what}: ISO 3166-1 alpha-2 code, case-insensitive.`);

const text = (max: number, what: string) => z.string().min(1).max(max).describe(what);

export const ingestEventSchema = z
  .object({
    id: z
      .string()
      .min(1)
      .max(MAX_EVENT_ID_LENGTH)
      .nullish()
      .describe(
        `Your id of the event, any string of 1 to ${MAX_EVENT_ID_LENGTH} characters (e.g. order#1@shop/42) ` +
          'without NUL or a lone UTF-16 surrogate, ' +
          'for idempotency: an id already stored (earlier or in the same request) counts as a duplicate. ' +
          'Without it the event is never deduplicated.',
      ),
    type: z.enum(EVENT_TYPES).describe('What happened (see the Events section of the API description).'),
    observedAt: timestamp('When it happened'),
    source: text(200, 'The system that observed the event.'),
    country: countryCode('Country the event was observed in'),
    ...identifiers,
  })
  .describe(
    'An activity event: who was seen (identifiers in the MultiFieldReq form, the minimum input rule ' +
      'applies), doing what, when, according to whom.',
  );

export const breachRecordSchema = z
  .object({
    kind: z.literal('breach'),
    breach: text(200, 'Name of the breach.'),
    breachedAt: timestamp('When the breach happened'),
    ...identifiers,
  })
  .describe(
    'A breach that exposed a person, named by identifiers in the MultiFieldReq form (minimum input applies).',
  );

export const phoneRecordSchema = z
  .strictObject({
    kind: z.literal('phone'),
    phone: z.string().max(64).describe('The number, in E.164 form such as +14155550123.'),
    lineType: z.enum(LINE_TYPES).describe('Line type (case-insensitive; "toll-free" reads as TOLL_FREE).'),
    carrier: z.string().max(200).nullish().describe('Carrier of the line.'),
    observedAt: timestamp('When these facts held'),
    dno: z.enum(DNO_VALUES).nullish().describe('Do-not-originate flag of the number: voice, text or both.'),
  })
  .describe(
    "A phone number's line facts. A change of carrier between two records of a number is a port; the " +
      'line type before it is the previous type. No other identifiers.',
  );

const followCount = (what: string) =>
  z.int().min(0).max(MAX_COUNT).meta({ format: 'int32' }).nullish().describe(what);

export const profileRecordSchema = z
  .object({
    kind: z.literal('profile'),
    service: text(64, 'Platform of the profile, e.g. github.'),
    username: z.string().max(256).nullish().describe('Handle, with or without a leading @.'),
    userid: z.string().max(256).nullish().describe('Platform-specific user id.'),
    url: z.string().max(2048).nullish().describe('Profile URL.'),
    createdAt: timestamp(
      'When the profile was created (a profile may be older than any sighting)',
      'historic',
    ).nullish(),
    followers: followCount('Follower count.'),
    following: followCount('Count of accounts the profile follows.'),
    country: countryCode('Country of the profile'),
    ...identifiers,
  })
  .describe(
    'A social profile (at least one of username, userid or url) and, optionally, identifiers of its ' +
      'owner in the MultiFieldReq form.',
  );

export const ingestRecordSchema = z
  .union([breachRecordSchema, phoneRecordSchema, profileRecordSchema])
  .describe('A reference fact, by kind: breach, phone or profile.');

export const eventBatchSchema = z
  .array(ingestEventSchema)
  .max(MAX_ITEMS_PER_REQUEST)
  .describe(`A JSON array of at most ${MAX_ITEMS_PER_REQUEST.toLocaleString('en-US')} events.`);

export const recordBatchSchema = z
  .array(ingestRecordSchema)
  .max(MAX_ITEMS_PER_REQUEST)
  .describe(`A JSON array of at most ${MAX_ITEMS_PER_REQUEST.toLocaleString('en-US')} records.`);

/** Why one item of a batch was rejected; keyed by the code unions so no code is left out. */
export const REJECTION_CODES: Readonly<
  Record<IngestRejectionCode | Exclude<InputErrorCode, 'COUNTRY_FILTER_CONFLICT'>, string>
> = {
  MALFORMED_JSON: 'NDJSON only: the line is not valid JSON.',
  INVALID_EVENT: "The event's own fields (id, type, observedAt, source, country) break a rule.",
  INVALID_RECORD: "The record's own fields break a rule, or kind is missing or unknown.",
  FUTURE_TIMESTAMP: `The timestamp lies more than ${skewMinutes} minutes in the future.`,
  TIMESTAMP_OUT_OF_RANGE:
    `The timestamp lies more than ${MAX_AGE_YEARS} years before the server's time ` +
    `(a profile's createdAt: before ${earliest}).`,
  INVALID_INPUT: 'An identifier field breaks a rule of the MultiFieldReq schema.',
  NO_MINIMUM_IDENTIFIER: 'The item names nobody: no core identifier.',
  TOO_MANY_EMAILS: 'More than 20 distinct emails.',
  MULTIPLE_SSNS: 'More than one distinct SSN.',
  MIXED_EMAIL_FORMS: 'An address both in cleartext and hashed.',
  DATA_DELETED:
    "An identifier of the item was deleted on its owner's request: the item is not stored, so the " +
    'graph never learns that identifier again.',
};

const [firstCode = '', ...otherCodes] = Object.keys(REJECTION_CODES);

export const ingestResultSchema = z
  .object({
    accepted: z.int().min(0).describe('Items newly stored.'),
    duplicates: z
      .int()
      .min(0)
      .describe('Items whose id was already stored, earlier or in the same request (events only).'),
    rejected: z
      .array(
        z.object({
          index: z.int().min(0).describe('0-based index of the item in the batch.'),
          code: z.enum([firstCode, ...otherCodes]).describe('Why the item was rejected.'),
          message: z
            .string()
            .describe('Which fields break which rule; values are never echoed (they may be personal data).'),
        }),
      )
      .describe('The invalid items by index. One bad item never sinks the batch.'),
  })
  .describe('Tally of an ingested batch (202 Accepted).');
