// Validation of one reference record of POST /api/records (docs/api/ingestion.md "Records"):
// a breach a person was in, a phone number's line facts, or a social profile.
import { normalizePhone } from '@/lib/contract/fields/phone';
import {
  countField,
  countryField,
  isAbsent,
  isRecord,
  type JsonRecord,
  parseIdentifiers,
  type RangeFailure,
  splitItem,
  textField,
  timestampField,
  unstorableRejection,
} from './fields';
import {
  DNO_VALUES,
  type Dno,
  type IngestRecord,
  type ItemResult,
  LINE_TYPES,
  type LineType,
  RECORD_KINDS,
} from './types';

type Result = ItemResult<IngestRecord>;

const KIND_LIST = RECORD_KINDS.join(', ');

/** The first failure among own-field problems (INVALID_RECORD) and timestamp ranges, or null. */
function ownFailure(problems: readonly string[], ranges: readonly RangeFailure[]): Result | null {
  if (problems.length > 0) return { ok: false, code: 'INVALID_RECORD', message: problems.join('; ') };
  const range = ranges[0];
  return range === undefined ? null : { ok: false, ...range };
}

const incomplete: Result = { ok: false, code: 'INVALID_RECORD', message: 'the record is incomplete' };

const BREACH_FIELDS = ['kind', 'breach', 'breachedAt'] as const;

function parseBreach(raw: JsonRecord, now: Date): Result {
  const { own, rest, problems } = splitItem(raw, BREACH_FIELDS, {
    breachname: 'breach',
    breachdate: 'breachedAt',
    date: 'breachedAt',
    // The other feeds' timestamp: unknown fields are otherwise ignored, this one is a slip.
    observedat: 'breachedAt',
  });
  const ranges: RangeFailure[] = [];
  const breach = textField(own, 'breach', problems, {
    required: true,
    max: 200,
    what: 'the name of the breach (at most 200 characters)',
  });
  const breachedAt = timestampField(own, 'breachedAt', now, { required: true }, problems, ranges);
  const failure = ownFailure(problems, ranges);
  if (failure !== null) return failure;
  // The breach names a person: the minimum-identifier rule of Verify applies.
  const identifiers = parseIdentifiers(rest, true);
  if (!identifiers.ok) return identifiers;
  if (breach === null || breachedAt === null) return incomplete;
  return { ok: true, value: { kind: 'breach', breach, breachedAt, identifiers: identifiers.value } };
}

/** Upper case with spaces and hyphens as underscores, so "toll-free" reads as TOLL_FREE. */
const enumKey = (value: string): string =>
  value
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');

function lineTypeField(value: unknown, problems: string[]): LineType | null {
  const key = typeof value === 'string' ? enumKey(value) : '';
  const found = LINE_TYPES.find((type) => type === key);
  if (found !== undefined) return found;
  const rule = `one of ${LINE_TYPES.join(', ')} (case-insensitive)`;
  problems.push(isAbsent(value) ? `lineType: required, ${rule}` : `lineType: must be ${rule}`);
  return null;
}

function dnoField(value: unknown, problems: string[]): Dno | null {
  if (isAbsent(value)) return null;
  const key = typeof value === 'string' ? value.trim().toLowerCase() : '';
  const found = DNO_VALUES.find((dno) => dno === key);
  if (found === undefined) problems.push(`dno: must be one of ${DNO_VALUES.join(', ')}`);
  return found ?? null;
}

function phoneField(value: unknown, problems: string[]): string | null {
  if (isAbsent(value)) {
    problems.push('phone: required, the number in E.164 form such as +14155550123');
    return null;
  }
  if (typeof value !== 'string' || value.length > 64) {
    problems.push('phone: must be a string of at most 64 characters');
    return null;
  }
  // A record states facts about a real number, so unlike Verify an unparseable one is an error.
  const { e164 } = normalizePhone(value);
  if (e164 === null)
    problems.push('phone: is not a phone number; send it in E.164 form such as +14155550123');
  return e164;
}

const PHONE_FIELDS = ['kind', 'phone', 'lineType', 'carrier', 'observedAt', 'dno'] as const;

function parsePhoneRecord(raw: JsonRecord, now: Date): Result {
  const { own, rest, problems } = splitItem(raw, PHONE_FIELDS, {
    type: 'lineType',
    linetypes: 'lineType',
    number: 'phone',
    phonenumber: 'phone',
    timestamp: 'observedAt',
    donotoriginate: 'dno',
  });
  // A phone record carries no identifiers besides the number itself.
  for (const key of Object.keys(rest)) {
    problems.push(`${key}: unknown field; a phone record has only ${PHONE_FIELDS.join(', ')}`);
  }
  const ranges: RangeFailure[] = [];
  const phone = phoneField(own.phone, problems);
  const lineType = lineTypeField(own.lineType, problems);
  const carrier = textField(own, 'carrier', problems, { required: false, max: 200, what: '' });
  const observedAt = timestampField(own, 'observedAt', now, { required: true }, problems, ranges);
  const dno = dnoField(own.dno, problems);
  const failure = ownFailure(problems, ranges);
  if (failure !== null) return failure;
  if (phone === null || lineType === null || observedAt === null) return incomplete;
  return { ok: true, value: { kind: 'phone', phone, lineType, carrier, observedAt, dno } };
}

const PROFILE_FIELDS = [
  'kind',
  'service',
  'username',
  'userid',
  'url',
  'createdAt',
  'followers',
  'following',
  'country',
] as const;

function parseProfileRecord(raw: JsonRecord, now: Date): Result {
  const { own, rest, problems } = splitItem(raw, PROFILE_FIELDS, {
    platform: 'service',
    handle: 'username',
    id: 'userid',
    countrycode: 'country',
  });
  const ranges: RangeFailure[] = [];
  const service = textField(own, 'service', problems, {
    required: true,
    max: 64,
    what: 'the platform of the profile, e.g. github',
  });
  // Same normalisation as a profile in a Verify request, so the two meet in the graph.
  const username = textField(own, 'username', problems, { required: false, max: 256, what: '' })?.replace(
    /^@/,
    '',
  );
  const userid = textField(own, 'userid', problems, { required: false, max: 256, what: '' });
  const url = textField(own, 'url', problems, { required: false, max: 2048, what: '' });
  if (['username', 'userid', 'url'].every((key) => isAbsent(own[key]))) {
    problems.push('username, userid or url: at least one is required to identify the profile');
  }
  // A profile may truly be older than any sighting bound: its creation date goes back to 1990.
  const createdAt = timestampField(
    own,
    'createdAt',
    now,
    { required: false, floor: 'historic' },
    problems,
    ranges,
  );
  const followers = countField(own, 'followers', problems);
  const following = countField(own, 'following', problems);
  const country = countryField(own, 'country', problems);
  const failure = ownFailure(problems, ranges);
  if (failure !== null) return failure;
  // The profile itself identifies someone, so owner identifiers are optional.
  const identifiers = parseIdentifiers(rest, false);
  if (!identifiers.ok) return identifiers;
  if (service === null) return incomplete;
  return {
    ok: true,
    value: {
      kind: 'profile',
      service: service.toLowerCase(),
      username: username || null,
      userid,
      url,
      createdAt,
      followers,
      following,
      country,
      identifiers: identifiers.value,
    },
  };
}

/**
 * Validates and normalises one record. Own-field problems come first (INVALID_RECORD), then
 * timestamp ranges (FUTURE_TIMESTAMP, TIMESTAMP_OUT_OF_RANGE), then identifiers (parser codes).
 */
export function parseRecord(raw: unknown, now: Date): Result {
  if (!isRecord(raw))
    return { ok: false, code: 'INVALID_RECORD', message: 'the record must be a JSON object' };
  // A phone record has no identifiers: all its fields are its own.
  const ownKeys =
    raw.kind === 'profile' ? PROFILE_FIELDS : raw.kind === 'breach' ? BREACH_FIELDS : PHONE_FIELDS;
  const unstorable = unstorableRejection(raw, ownKeys, 'INVALID_RECORD');
  if (unstorable !== null) return unstorable;
  switch (raw.kind) {
    case 'breach':
      return parseBreach(raw, now);
    case 'phone':
      return parsePhoneRecord(raw, now);
    case 'profile':
      return parseProfileRecord(raw, now);
    default:
      return {
        ok: false,
        code: 'INVALID_RECORD',
        message: isAbsent(raw.kind)
          ? `kind: required, one of ${KIND_LIST}`
          : `kind: must be one of ${KIND_LIST}`,
      };
  }
}
