// Maps a libphonenumber line type to a PHONE_TYPE state.
import type { PhoneInput, RiskLevel } from '../types';
import { CHECK_CATALOG } from './catalog';
import type { Finding } from './findings';
import { INVALID_PHONE, isInvalidPhone } from './not-judged';

type PhoneTypeState = keyof typeof CHECK_CATALOG.PHONE_TYPE.states;

/** Plan types the vocabulary names directly. PREPAID needs carrier data, never the plan. */
const DIRECT = {
  MOBILE: 'a mobile number',
  LANDLINE: 'a fixed-line number',
  VOIP: 'a VoIP number',
  TOLL_FREE: 'a toll-free number',
} as const;

function risk(state: PhoneTypeState): RiskLevel {
  return CHECK_CATALOG.PHONE_TYPE.states[state].risk;
}

export function phoneTypeFinding(phone: PhoneInput): Finding<PhoneTypeState> {
  const { lineType } = phone;
  if (isInvalidPhone(phone)) return { state: 'NONE', risk: risk('NONE'), detail: INVALID_PHONE };
  if (lineType === null || lineType === 'UNKNOWN') {
    return { state: 'UNKNOWN', risk: risk('UNKNOWN'), detail: 'The numbering plan gives no line type' };
  }
  if (lineType === 'FIXED_LINE_OR_MOBILE') {
    const detail = 'The numbering plan does not tell fixed-line and mobile numbers apart here';
    return { state: 'UNKNOWN', risk: risk('UNKNOWN'), detail };
  }
  switch (lineType) {
    case 'MOBILE':
    case 'LANDLINE':
    case 'VOIP':
    case 'TOLL_FREE':
      return { state: lineType, risk: risk(lineType), detail: `The numbering plan says ${DIRECT[lineType]}` };
  }
  const plan = lineType.toLowerCase().replace(/_/g, ' ');
  return {
    state: 'UNKNOWN',
    risk: risk('UNKNOWN'),
    detail: `The numbering plan says ${plan}, a type this check has no state for`,
  };
}
