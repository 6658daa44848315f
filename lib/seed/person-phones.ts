// A person's phone numbers with their carrier records: ports (recent or long ago, with the line
// type before), do-not-originate flags, prepaid lines, and numbers no carrier record covers.
import type { LineType } from '@/lib/engine/ingest/types';
import type { Dated } from './activity';
import { phoneKey } from './keys';
import type { Phenomenon } from './phenomena';
import { carrierLineType, makePhone, phoneRecords, portTime } from './phones';
import { type Place, type PlanType, placeOf } from './places';
import type { Rng } from './prng';
import { DAY_MS } from './schedule';
import type { GenContext, SeedKey, SeedPhoneRecord } from './types';

export interface PhoneOptions {
  place: Place | null;
  has: (p: Phenomenon) => boolean;
  ghost: boolean;
  window: { start: number; end: number };
  now: number;
  phenomena: Set<Phenomenon>;
}

export interface PersonPhones {
  dated: Dated[];
  records: SeedPhoneRecord[];
  keyOf(phone: string): SeedKey | undefined;
}

const PREV_FORCED: readonly (readonly [Phenomenon, LineType])[] = [
  ['prev-mobile', 'MOBILE'],
  ['prev-landline', 'LANDLINE'],
  ['prev-voip', 'VOIP'],
  ['prev-toll-free', 'TOLL_FREE'],
  ['prev-prepaid', 'PREPAID'],
];

const PREV_LABEL: Readonly<Record<LineType, Phenomenon>> = {
  MOBILE: 'prev-mobile',
  LANDLINE: 'prev-landline',
  VOIP: 'prev-voip',
  TOLL_FREE: 'prev-toll-free',
  PREPAID: 'prev-prepaid',
};

/** Situations that need the first number's carrier records. */
const CARRIER_PLANTED: readonly Phenomenon[] = [
  'ported-recent',
  'ported-long-ago',
  'dno-voice',
  'dno-text',
  'phone-prepaid',
];

const PLAN_LABEL: Readonly<Record<PlanType, Phenomenon>> = {
  MOBILE: 'phone-mobile',
  LANDLINE: 'phone-landline',
  VOIP: 'phone-voip',
  TOLL_FREE: 'phone-toll-free',
  FIXED_LINE_OR_MOBILE: 'phone-plan-unknown',
};

function wantedPlan(has: (p: Phenomenon) => boolean): PlanType | undefined {
  if (has('phone-toll-free') || has('prev-toll-free')) return 'TOLL_FREE';
  if (has('phone-voip')) return 'VOIP';
  if (has('phone-landline')) return 'LANDLINE';
  if (has('phone-mobile') || has('phone-location-mismatch')) return 'MOBILE';
  return undefined;
}

type PortKind = 'none' | 'recent' | 'long-ago';

interface CarrierPlan {
  port: PortKind;
  before: LineType;
  after: LineType;
  dno: SeedPhoneRecord['dno'];
}

function carrierPlan(
  rng: Rng,
  first: boolean,
  o: PhoneOptions,
  plan: PlanType,
  from: number,
): CarrierPlan | null {
  const { has } = o;
  const forcedPrev = first ? PREV_FORCED.find(([p]) => has(p))?.[1] : undefined;
  const planted = first && (forcedPrev !== undefined || CARRIER_PLANTED.some(has));
  if (o.ghost || (first && has('phone-no-records')) || (!planted && rng.chance(0.1))) return null;
  const before: LineType =
    first && has('phone-prepaid') ? 'PREPAID' : (forcedPrev ?? carrierLineType(rng, plan));
  // A recent port is also a recent sighting of the number: only for people still around.
  const recentOk = o.window.end > o.now - 30 * DAY_MS;
  const longAgoOk = from < o.now - 60 * DAY_MS;
  let port: PortKind = 'none';
  if ((first && has('ported-recent')) || (recentOk && rng.chance(0.015))) port = 'recent';
  else if (longAgoOk && ((first && (has('ported-long-ago') || forcedPrev)) || rng.chance(0.12)))
    port = 'long-ago';
  // Numbers mostly keep their type across a port; toll-free numbers always do.
  const after: LineType =
    port === 'none' || before === 'TOLL_FREE'
      ? before
      : rng.weighted<LineType>([
          [before, 70],
          ['MOBILE', 20],
          ['VOIP', 10],
        ]);
  const dno =
    first && has('dno-voice')
      ? 'voice'
      : first && has('dno-text')
        ? 'text'
        : rng.chance(0.003)
          ? 'both'
          : null;
  return { port, before, after, dno };
}

export function personPhones(rng: Rng, ctx: GenContext, o: PhoneOptions): PersonPhones {
  const { has, window, phenomena } = o;
  const forced = wantedPlan(has);
  const count = Math.max(
    forced ||
      has('phone-prepaid') ||
      PREV_FORCED.some(([p]) => has(p)) ||
      has('dno-voice') ||
      has('dno-text') ||
      has('ported-recent') ||
      has('ported-long-ago')
      ? 1
      : 0,
    o.ghost
      ? Number(rng.chance(0.6))
      : rng.weighted([
          [0, 10],
          [1, 62],
          [2, 22],
          [3, 6],
        ] as const),
  );
  const dated: Dated[] = [];
  const records: SeedPhoneRecord[] = [];
  const byNumber = new Map<string, SeedKey>();
  for (let i = 0; i < count; i++) {
    const first = i === 0;
    // A foreign mobile at a US address: PHONE_LOCATION_MISMATCH.
    const numbering = first && has('phone-location-mismatch') ? placeOf('GB') : (o.place ?? placeOf('US'));
    let phone = makePhone(rng, numbering, first ? forced : undefined);
    while (!ctx.claim(`phone|${phone.e164}`)) phone = makePhone(rng, numbering, first ? forced : undefined);
    const from = first
      ? Math.floor(Math.min(window.end, window.start + rng.between(0, 20) * DAY_MS))
      : Math.floor(rng.between(window.start, window.end));
    const key = phoneKey(phone.e164, phone.region);
    byNumber.set(phone.e164, key);
    dated.push({ key, from });
    phenomena.add(PLAN_LABEL[phone.plan]);
    if (o.place && phone.region !== o.place.code) phenomena.add('phone-location-mismatch');
    const carrier = carrierPlan(rng, first, o, phone.plan, from);
    if (!carrier) {
      phenomena.add('phone-no-records');
      continue;
    }
    const portAt =
      carrier.port === 'none' ? null : portTime(rng, carrier.port === 'recent', from, window.end, o.now);
    records.push(...phoneRecords(rng, phone.e164, from, { ...carrier, at: portAt }));
    if (carrier.port === 'none') phenomena.add('phone-not-ported');
    else {
      phenomena.add(carrier.port === 'recent' ? 'ported-recent' : 'ported-long-ago');
      phenomena.add(PREV_LABEL[carrier.before]);
    }
    if (carrier.after === 'PREPAID') phenomena.add('phone-prepaid');
    if (carrier.dno === 'voice' || carrier.dno === 'both') phenomena.add('dno-voice');
    if (carrier.dno === 'text' || carrier.dno === 'both') phenomena.add('dno-text');
  }
  return { dated, records, keyOf: (phone) => byNumber.get(phone) };
}
