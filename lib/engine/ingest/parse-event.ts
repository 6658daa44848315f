// Validation of one activity event of POST /api/events (docs/api/ingestion.md "Events").
import { eventIdProblem } from './event-id';
import {
  countryField,
  isRecord,
  parseIdentifiers,
  type RangeFailure,
  splitItem,
  textField,
  timestampField,
  unstorableRejection,
} from './fields';
import { EVENT_TYPES, type EventType, type IngestEvent, type ItemResult } from './types';

const OWN_FIELDS = ['id', 'type', 'observedAt', 'source', 'country'] as const;

/** Folded names callers commonly use for the event's own fields. */
const ALIASES: Readonly<Record<string, string>> = {
  eventid: 'id',
  eventtype: 'type',
  event: 'type',
  timestamp: 'observedAt',
  time: 'observedAt',
  ts: 'observedAt',
  occurredat: 'observedAt',
  eventtime: 'observedAt',
  countrycode: 'country',
};

const isEventType = (value: unknown): value is EventType =>
  typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value);

function eventId(value: unknown, problems: string[]): string | null {
  // No id means the caller does not want deduplication.
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    problems.push('id: must be a string (send numeric ids as strings)');
    return null;
  }
  // Taken as sent, not trimmed: the caller's id is compared exactly.
  const problem = eventIdProblem(value);
  if (problem !== null) {
    problems.push(`id: ${problem}`);
    return null;
  }
  return value;
}

function eventType(value: unknown, problems: string[]): EventType | null {
  if (isEventType(value)) return value;
  problems.push(
    value === undefined || value === null
      ? `type: required, one of ${EVENT_TYPES.join(', ')}`
      : `type: must be one of ${EVENT_TYPES.join(', ')}`,
  );
  return null;
}

/**
 * Validates and normalises one event. The event's own fields are checked first (INVALID_EVENT),
 * then the range of observedAt, then its identifiers with the POST /verify parser.
 */
export function parseEvent(raw: unknown, now: Date): ItemResult<IngestEvent> {
  if (!isRecord(raw)) return { ok: false, code: 'INVALID_EVENT', message: 'the event must be a JSON object' };
  const unstorable = unstorableRejection(raw, [...OWN_FIELDS, ...Object.keys(ALIASES)], 'INVALID_EVENT');
  if (unstorable !== null) return unstorable;
  const { own, rest, problems } = splitItem(raw, OWN_FIELDS, ALIASES);
  const ranges: RangeFailure[] = [];
  const id = eventId(own.id, problems);
  const type = eventType(own.type, problems);
  const observedAt = timestampField(own, 'observedAt', now, { required: true }, problems, ranges);
  const source = textField(own, 'source', problems, {
    required: true,
    max: 200,
    what: 'the system that observed the event (at most 200 characters)',
  });
  const country = countryField(own, 'country', problems);
  if (problems.length > 0) return { ok: false, code: 'INVALID_EVENT', message: problems.join('; ') };
  const range = ranges[0];
  if (range !== undefined) return { ok: false, ...range };
  const identifiers = parseIdentifiers(rest, true);
  if (!identifiers.ok) return identifiers;
  // Every own field passed, so none of these is null here except the optional ones.
  if (type === null || observedAt === null || source === null) {
    return { ok: false, code: 'INVALID_EVENT', message: 'the event is incomplete' };
  }
  return { ok: true, value: { id, type, observedAt, source, country, identifiers: identifiers.value } };
}
