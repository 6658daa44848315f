// Response bodies of POST /api/signals and the single-email pattern operations, as shaped by
// lib/engine/signals.ts and lib/services/graph/patterns.ts (the unit test holds them together).
import { z } from 'zod';
import { EVENT_TYPES } from '@/lib/engine/ingest/types';
import { PATTERN_INTERVALS, type PatternInterval } from '../intervals';

const epochMs = (what: string) => z.int().min(0).describe(`${what}, epoch milliseconds.`);
/** Records (breaches, carrier and profile facts) are not sightings: an identifier known only from them has none. */
const sightingMs = (what: string) =>
  z
    .int()
    .min(0)
    .nullable()
    .describe(`${what}, epoch milliseconds; null when it was never sighted (known only from records).`);
const count = (what: string) => z.int().min(0).describe(what);
const nullableText = (what: string) => z.string().nullable().describe(what);

/** How often and how surely the graph knows an identifier: every signal entry carries these. */
const seenShape = {
  firstSeenMs: sightingMs('Time the identifier was first seen'),
  lastSeenMs: sightingMs('Time the identifier was last seen'),
  observations: count('Total observations of the identifier.'),
  confidence: z.number().min(0).max(1).describe('Match confidence between 0 and 1.'),
};

const emailShape = {
  email: z
    .string()
    .optional()
    .describe('The cleartext address: only when this workspace supplied it (now or before).'),
  md5: nullableText('MD5 hex of the trimmed, lower-cased address, when known.'),
  sha1: nullableText('SHA1 hex of the address, when known.'),
  sha256: nullableText('SHA-256 hex of the address, when known.'),
  ...seenShape,
};

export const emailSignalSchema = z.object(emailShape).describe('An email the graph holds for the person.');

export const eventSummarySchema = z
  .object({
    type: z.enum(EVENT_TYPES).describe('Event type (see the Events section of the API description).'),
    observations: count('Times the email was seen with this event type in the interval.'),
    sources: count('Unique sources of those observations.'),
  })
  .describe('Observations of one event type within an interval.');

export const intervalSummarySchema = z
  .object({
    observations: count('Total times the email was seen in the interval, across all sources.'),
    sources: count('Count of unique sources making those observations.'),
    events: z
      .array(eventSummarySchema)
      .optional()
      .describe('Per event type details, most observed first; absent when the interval holds no events.'),
  })
  .describe('Recency summary of one email over one trailing window.');

const WINDOWS: Record<PatternInterval, string> = {
  hour: 'last 60 minutes',
  day: 'last 24 hours',
  week: 'last 7 days',
  month: 'last 30 days',
  '6month': 'last 6 months (182 days)',
  year: 'last 12 months (365 days)',
};

const summaries = Object.fromEntries(
  PATTERN_INTERVALS.map((interval) => [
    interval,
    intervalSummarySchema.describe(`Summary over the ${WINDOWS[interval]}.`),
  ]),
) as Record<PatternInterval, typeof intervalSummarySchema>;

const optionalSummaries = Object.fromEntries(
  Object.entries(summaries).map(([interval, schema]) => [interval, schema.optional()]),
) as Record<PatternInterval, z.ZodOptional<typeof intervalSummarySchema>>;

export const emailPatternSchema = z
  .object({ ...emailShape, ...optionalSummaries })
  .describe('An email with the summary of the requested patternInterval, keyed by that interval.');

export const signalsPatternsSchema = z
  .object({
    emails: z
      .array(emailPatternSchema)
      .describe('One entry per email attached to the input, most confident first.'),
  })
  .describe('POST /signals answer when patternInterval was sent (beta).');

const nameSignal = z
  .object({
    given: nullableText('First name.'),
    middle: nullableText('Middle name or initial.'),
    family: nullableText('Last name.'),
    ...seenShape,
  })
  .nullable()
  .describe("The person's most confident name, or null when the graph holds none.");

export const signalsPersonSchema = z
  .object({
    name: nameSignal,
    emails: z.array(emailSignalSchema).describe('Emails, most confident first.'),
    phones: z
      .array(
        z.object({
          phone: z.string().describe('E.164 number.'),
          countries: z.array(z.string()).describe('ISO 3166-1 alpha-2 countries the number was seen in.'),
          ...seenShape,
        }),
      )
      .describe('Phone numbers, most confident first.'),
    socialProfiles: z
      .array(
        z.object({
          service: nullableText('Platform of the profile.'),
          username: z.string().describe('Handle or user id on the platform.'),
          createdAtMs: z.int().nullable().describe('Creation time of the profile, epoch milliseconds.'),
          followers: z.int().min(0).nullable().describe('Follower count.'),
          following: z.int().min(0).nullable().describe('Count of accounts the profile follows.'),
          country: nullableText('ISO 3166-1 alpha-2 country of the profile.'),
          ...seenShape,
        }),
      )
      .describe('Social profiles, most confident first.'),
    locations: z
      .array(
        z.object({
          addressLine1: nullableText('Street number and primary line.'),
          addressLine2: nullableText('Apartment, suite or unit.'),
          city: nullableText('City or locality.'),
          regionCode: nullableText('Region or state abbreviation.'),
          postalCode: nullableText('Postal code.'),
          countryCode: nullableText('ISO 3166-1 alpha-2 country code.'),
          ...seenShape,
        }),
      )
      .describe('Postal addresses, most confident first.'),
    ipAddresses: z
      .array(z.object({ ipAddress: z.string().describe('IPv4 or IPv6 address.'), ...seenShape }))
      .describe('IP addresses, most confident first.'),
    employment: z
      .array(
        z.object({
          organization: nullableText('Employer.'),
          title: nullableText('Job title.'),
          ...seenShape,
        }),
      )
      .describe('Employers and titles, most confident first.'),
  })
  .describe(
    'POST /signals answer without patternInterval: what the identity graph holds for the resolved ' +
      'person. Hashed emails come back as md5, sha1 and sha256; cleartext only where this workspace supplied it.',
  );

export const patternSummarySchema = z
  .object({ ...emailShape, ...summaries })
  .describe('Every interval summary of one email at once (the historical summary operation).');

export const seriesBucketSchema = z
  .object({
    startMs: epochMs('Start of the bucket'),
    observations: count('Observations in the bucket, across event types.'),
    events: z
      .partialRecord(z.enum(EVENT_TYPES), z.int().min(0))
      .describe('Observations in the bucket by event type; types with none are absent.'),
  })
  .describe('One evenly sized bucket of the time series.');

export const patternTimeseriesSchema = z
  .object({
    ...emailShape,
    interval: z.enum(PATTERN_INTERVALS).describe('The requested window.'),
    bucketMs: z.int().min(1).describe('Width of every bucket in milliseconds.'),
    buckets: z
      .array(seriesBucketSchema)
      .describe(
        'Buckets aligned to UTC multiples of bucketMs, oldest first, from the one holding the start of ' +
          'the window to the one holding now (the first and last are partial). Together they count ' +
          'exactly what the summary of the same interval counts.',
      ),
  })
  .describe(
    'Observations of one email over one window in evenly sized buckets (the data behind a sparkline).',
  );
