// What the carrier records of a number say (POST /api/records, kind phone): a change of carrier
// between two records is a port (PHONE_PORT), the line type before it is the previous type
// (PHONE_PREV_TYPE), and the latest record's line type is the current one (PHONE_TYPE).
import type { PhoneFacts, PhoneRecordFacts } from '../graph/facts';
import type { LineType } from '../ingest/types';
import type { PhoneInput } from '../types';
import type { CheckState } from './catalog';
import type { Finding } from './findings';
import { stateRisk } from './make-check';
import { INVALID_PHONE, isInvalidPhone } from './not-judged';
import { phoneTypeFinding } from './phone-type';
import { DAY_MS, dated, isoDay } from './time-spans';

interface Port {
  from: PhoneRecordFacts;
  to: PhoneRecordFacts;
}

const carrierKey = (record: PhoneRecordFacts) => record.carrier?.trim().toLowerCase() ?? '';

/** The latest change of carrier, dated by the first record of the new carrier. */
function latestPort(records: readonly PhoneRecordFacts[]): Port | null {
  const named = records.filter((record) => carrierKey(record) !== '');
  for (let i = named.length - 1; i > 0; i--) {
    const to = named[i];
    const from = named[i - 1];
    if (to !== undefined && from !== undefined && carrierKey(to) !== carrierKey(from)) return { from, to };
  }
  return null;
}

const LINE_TEXT = {
  MOBILE: 'mobile',
  LANDLINE: 'fixed',
  VOIP: 'VoIP',
  TOLL_FREE: 'toll-free',
  PREPAID: 'prepaid',
} as const satisfies Record<LineType, string>;

const lineText = (type: LineType) => LINE_TEXT[type];

export function portFinding(
  phone: PhoneInput,
  facts: PhoneFacts,
  nowMs: number,
): Finding<CheckState<'PHONE_PORT'>> {
  const unknown = (detail: string) => ({
    state: 'UNKNOWN' as const,
    risk: stateRisk('PHONE_PORT', 'UNKNOWN'),
    detail,
  });
  if (isInvalidPhone(phone)) return unknown(INVALID_PHONE);
  const named = facts.records.filter((record) => carrierKey(record) !== '');
  const first = named[0];
  if (first === undefined) {
    return unknown(
      facts.records.length === 0 ? 'No carrier record of the number' : 'No carrier record names a carrier',
    );
  }
  const port = latestPort(named);
  if (port === null) {
    const records = named.length === 1 ? 'its one carrier record' : `all ${named.length} carrier records`;
    return {
      state: 'NOT_PORTED',
      risk: stateRisk('PHONE_PORT', 'NOT_PORTED'),
      detail: `With ${first.carrier} in ${records} since ${isoDay(first.observedAtMs)}`,
    };
  }
  const at = port.to.observedAtMs;
  const state = nowMs - at <= 30 * DAY_MS ? 'RECENT' : 'PORTED';
  return {
    state,
    risk: stateRisk('PHONE_PORT', state),
    detail: `Ported from ${port.from.carrier} to ${port.to.carrier}, first seen with the new carrier on ${dated(at, nowMs)}`,
  };
}

export function previousTypeFinding(
  phone: PhoneInput,
  facts: PhoneFacts,
): Finding<CheckState<'PHONE_PREV_TYPE'>> {
  const none = (detail: string) => ({
    state: 'NONE' as const,
    risk: stateRisk('PHONE_PREV_TYPE', 'NONE'),
    detail,
  });
  if (isInvalidPhone(phone)) return none(INVALID_PHONE);
  if (facts.records.length === 0) return none('No carrier record of the number');
  const port = latestPort(facts.records);
  if (port === null) return none('No change of carrier is on record');
  const state = port.from.lineType;
  return {
    state,
    risk: stateRisk('PHONE_PREV_TYPE', state),
    detail:
      `A ${lineText(state)} line with ${port.from.carrier} (${isoDay(port.from.observedAtMs)}) ` +
      `before its port to ${port.to.carrier} (${isoDay(port.to.observedAtMs)})`,
  };
}

/** The latest carrier record's line type wins over the numbering plan (only it knows PREPAID). */
export function currentTypeFinding(phone: PhoneInput, facts: PhoneFacts): Finding<CheckState<'PHONE_TYPE'>> {
  const latest = facts.records.at(-1);
  if (latest === undefined || isInvalidPhone(phone)) return phoneTypeFinding(phone);
  const carrier = latest.carrier === null ? '' : ` (${latest.carrier})`;
  return {
    state: latest.lineType,
    risk: stateRisk('PHONE_TYPE', latest.lineType),
    detail: `The carrier record of ${isoDay(latest.observedAtMs)} says ${lineText(latest.lineType)}${carrier}`,
  };
}
