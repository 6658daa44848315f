// Phone numbers and their carrier history. A change of carrier between two records is a port;
// the line type before it is the previous type (docs/api/ingestion.md "Records").
import type { LineType } from '@/lib/engine/ingest/types';
import type { PhoneTemplate, Place, PlanType } from './places';
import type { Rng } from './prng';
import { DAY_MS } from './schedule';
import type { SeedPhoneRecord } from './types';

export const TOLL_FREE_CODES = ['800', '888', '877', '866', '855', '844', '833'] as const;

const CARRIERS: Readonly<Record<LineType, readonly string[]>> = {
  MOBILE: ['Verizon Wireless', 'T-Mobile USA', 'AT&T Mobility', 'US Cellular'],
  LANDLINE: ['Comcast Phone', 'Verizon Fios', 'CenturyLink', 'Frontier'],
  VOIP: ['Google Voice', 'Twilio', 'Bandwidth.com', 'Vonage'],
  TOLL_FREE: ['Bandwidth.com', 'Lumen Toll-Free', 'Twilio'],
  PREPAID: ['Tracfone', 'Boost Mobile', 'Cricket Wireless', 'Metro by T-Mobile'],
};

/** A NANP exchange: first digit 2-9 and never N11 (service codes). */
function exchange(rng: Rng): string {
  for (;;) {
    const code = `${rng.int(2, 9)}${rng.digits(2)}`;
    if (!code.endsWith('11')) return code;
  }
}

export interface GeneratedPhone {
  e164: string;
  region: string;
  plan: PlanType;
}

/** A number of the place's numbering plan; `tollFree` for a US business line. */
export function makePhone(rng: Rng, place: Place, want?: PlanType): GeneratedPhone {
  if (place.areaCodes) {
    if (want === 'TOLL_FREE') {
      return {
        e164: `+1${rng.pick(TOLL_FREE_CODES)}${exchange(rng)}${rng.digits(4)}`,
        region: 'US',
        plan: 'TOLL_FREE',
      };
    }
    const area = rng.pick(place.areaCodes);
    return {
      e164: `+1${area}${exchange(rng)}${rng.digits(4)}`,
      region: place.code,
      plan: 'FIXED_LINE_OR_MOBILE',
    };
  }
  const fitting: readonly PhoneTemplate[] = place.phones.filter((t) => want === undefined || t.type === want);
  const template = rng.pick(fitting.length > 0 ? fitting : place.phones);
  return {
    e164: `+${template.prefix}${rng.digits(template.digits)}`,
    region: place.code,
    plan: template.type,
  };
}

/** The carrier's line type of a number: the plan's when it says, else a US mix. */
export function carrierLineType(rng: Rng, plan: PlanType): LineType {
  if (plan !== 'FIXED_LINE_OR_MOBILE') return plan;
  return rng.weighted<LineType>([
    ['MOBILE', 70],
    ['LANDLINE', 12],
    ['VOIP', 10],
    ['PREPAID', 8],
  ]);
}

export function carrierFor(rng: Rng, lineType: LineType, not?: string): string {
  const choices = CARRIERS[lineType].filter((c) => c !== not);
  return rng.pick(choices.length > 0 ? choices : CARRIERS.MOBILE);
}

export interface PortPlan {
  /** When the number changed carrier, or null when it never did. */
  at: number | null;
  /** Line type before the port (PHONE_PREV_TYPE). */
  before: LineType;
  after: LineType;
  /** Do-not-originate flag of the latest record. */
  dno: SeedPhoneRecord['dno'];
}

/** The carrier records of one number: activation, then the port if any. */
export function phoneRecords(rng: Rng, phone: string, since: number, plan: PortPlan): SeedPhoneRecord[] {
  const first = carrierFor(rng, plan.before);
  if (plan.at === null) {
    return [{ phone, at: since, lineType: plan.before, carrier: first, dno: plan.dno }];
  }
  return [
    { phone, at: since, lineType: plan.before, carrier: first, dno: null },
    { phone, at: plan.at, lineType: plan.after, carrier: carrierFor(rng, plan.after, first), dno: plan.dno },
  ];
}

/** A port time: within the last 30 days, or between activation and a month ago. */
export function portTime(rng: Rng, recent: boolean, since: number, until: number, now: number): number {
  if (recent) return Math.floor(now - rng.between(1, 29) * DAY_MS);
  return Math.floor(rng.between(since, Math.max(since, Math.min(until, now - 31 * DAY_MS))));
}
