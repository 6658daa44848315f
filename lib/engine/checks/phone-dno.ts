// PHONE_DNO_VOICE and PHONE_DNO_TEXT: do-not-originate. A number is TRUE when its latest carrier
// record flags it (dno voice, text or both), and also when a NANP rule says it cannot originate:
// - a NANP (+1) number whose exchange is an N11 service code (211 to 911: information,
//   emergency...), which is never assigned to a subscriber line;
// - a NANP number in 555-0100 to 555-0199, the range reserved for fiction.
// FALSE needs a carrier record that does not flag it; an invalid number is not judged here.
import type { PhoneFacts } from '../graph/facts';
import type { PhoneInput } from '../types';
import type { CheckState } from './catalog';
import type { Finding } from './findings';
import { stateRisk } from './make-check';
import { INVALID_PHONE, isInvalidPhone } from './not-judged';
import { isoDay } from './time-spans';

type DnoId = 'PHONE_DNO_VOICE' | 'PHONE_DNO_TEXT';

const NANP = /^\+1(\d{3})(\d{3})(\d{4})$/;

/** Why a NANP rule says the number can never originate a call or text, or null when none does. */
export function cannotOriginate(phone: PhoneInput): string | null {
  const nanp = NANP.exec(phone.e164 ?? '');
  if (nanp === null) return null;
  const [, , exchange = '', line = ''] = nanp;
  if (/^[2-9]11$/.test(exchange)) {
    return `Its exchange ${exchange} is an N11 service code, never assigned to a subscriber line`;
  }
  if (exchange === '555' && /^01\d\d$/.test(line)) {
    return 'It is in 555-0100 to 555-0199, the range reserved for fictional numbers';
  }
  return null;
}

const FLAGS = { PHONE_DNO_VOICE: ['voice', 'both'], PHONE_DNO_TEXT: ['text', 'both'] } as const;
const WHAT = { PHONE_DNO_VOICE: 'voice calls', PHONE_DNO_TEXT: 'texts' } as const;

export function dnoFinding(id: DnoId, phone: PhoneInput, facts: PhoneFacts): Finding<CheckState<DnoId>> {
  if (isInvalidPhone(phone)) return { state: 'NONE', risk: stateRisk(id, 'NONE'), detail: INVALID_PHONE };
  const impossible = cannotOriginate(phone);
  if (impossible !== null) return { state: 'TRUE', risk: stateRisk(id, 'TRUE'), detail: impossible };
  const latest = facts.records.at(-1);
  if (latest === undefined) {
    return {
      state: 'UNKNOWN',
      risk: stateRisk(id, 'UNKNOWN'),
      detail: 'No carrier record of the number: whether it is flagged do-not-originate is not known',
    };
  }
  const flagged = latest.dno !== null && (FLAGS[id] as readonly string[]).includes(latest.dno);
  const when = `The latest carrier record (${isoDay(latest.observedAtMs)})`;
  return flagged
    ? {
        state: 'TRUE',
        risk: stateRisk(id, 'TRUE'),
        detail: `${when} flags it do-not-originate for ${WHAT[id]}`,
      }
    : { state: 'FALSE', risk: stateRisk(id, 'FALSE'), detail: `${when} does not flag it for ${WHAT[id]}` };
}
