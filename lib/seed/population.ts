// The seeded population, block by block. Each block of BLOCK_SIZE people opens with one person
// per planted situation (so any graph of 110 people or more holds every one of them), a
// shared-SSN ring and a hub phone; the rest are ordinary people drawn by chance. Rings and hubs
// live inside one block, and the writer's batches are whole blocks, so a batch never shares an
// identifier with another batch except attributes (names, IPs, addresses, employers).

import { fakerFor } from './fakers';
import { homeAddress } from './identity';
import { generatePerson, type PersonPlan } from './person';
import type { Phenomenon } from './phenomena';
import { makePhone } from './phones';
import { placeOf } from './places';
import { hashSeed, Rng } from './prng';
import { SANCTIONED } from './sanctioned';
import { DAY_MS } from './schedule';
import { makeSsn } from './ssn';
import type { GenContext, SeedPerson } from './types';

export const BLOCK_SIZE = 1000;

/** What the first people of every block are made to show, one situation each. */
export const SCENARIOS: readonly (readonly Phenomenon[])[] = [
  ['breach-7d'],
  ['breach-30d'],
  ['breach-older'],
  ['ported-recent', 'prev-voip'],
  ['ported-long-ago', 'prev-landline'],
  ['prev-mobile'],
  ['prev-toll-free'],
  ['prev-prepaid'],
  ['dno-voice'],
  ['dno-text'],
  ['first-seen-new'],
  ['first-seen-recent'],
  ['first-seen-older'],
  ['first-seen-long-ago'],
  ['last-seen-older'],
  ['last-seen-long-ago'],
  ['email-disposable', 'local-random'],
  ['email-education'],
  ['email-government'],
  ['email-business', 'local-role'],
  ['local-numeric'],
  ['local-other'],
  ['email-no-mx'],
  ['fatf-high'],
  ['fatf-increased'],
  ['non-us'],
  ['profile-new'],
  ['profile-recent'],
  ['profile-older'],
  ['no-profiles'],
  ['ghost'],
  ['ghost'],
  ['ssn-invalid'],
  ['ssn-before-birth'],
  ['age-mismatch'],
  ['phone-location-mismatch'],
  ['phone-voip'],
  ['phone-toll-free'],
  ['phone-prepaid'],
  ['phone-landline'],
  ['phone-mobile'],
  ['phone-no-records'],
  ['ip-tor'],
  ['ip-vpn'],
  ['ip-datacenter'],
  ['ip-private'],
  ['ip-mobile'],
  ['ip-foreign'],
  ['address-business'],
  ['address-missing-unit'],
  ['address-invalid'],
  ['power-user'],
];

const SANCTIONED_AT = 60;
const RING_AT = 64;
const HUB_AT = 72;

interface BlockPlan {
  ring: { size: number; ssn: string; address: PersonPlan['ring'] };
  hub: { size: number; phone: string; region: string };
}

function planBlock(ctx: GenContext, block: number): BlockPlan {
  const rng = new Rng(hashSeed(ctx.seed, 'block', block));
  let ssn = makeSsn(rng, 'valid', null);
  while (!ctx.claim(`ssn|${ssn}`)) ssn = makeSsn(rng, 'valid', null);
  const fake = fakerFor('en_US');
  fake.seed(hashSeed(ctx.seed, 'block-faker', block));
  // The ring shares a drop address too: three to six names behind one SSN and one door.
  const address = homeAddress(rng, 'US', fake, 'residential');
  let hub = makePhone(rng, placeOf('US'));
  while (!ctx.claim(`phone|${hub.e164}`)) hub = makePhone(rng, placeOf('US'));
  return {
    ring: { size: rng.int(3, 6), ssn, address: { ssn, address } },
    hub: { size: rng.int(32, 40), phone: hub.e164, region: hub.region },
  };
}

function planFor(ctx: GenContext, block: number, position: number, plan: BlockPlan): PersonPlan {
  const scenario = SCENARIOS[position];
  if (scenario) return { force: scenario };
  if (position === SANCTIONED_AT || position === SANCTIONED_AT + 1) {
    const entry = SANCTIONED[block % SANCTIONED.length];
    if (entry) return { force: [], sanctioned: { entry, atListedPlace: position === SANCTIONED_AT } };
  }
  if (position >= RING_AT && position < RING_AT + plan.ring.size)
    return { force: [], ring: plan.ring.address };
  if (position >= HUB_AT && position < HUB_AT + plan.hub.size) {
    // One VoIP number behind dozens of sign-ups: its carrier record comes with the first one.
    const records =
      position === HUB_AT
        ? [
            {
              phone: plan.hub.phone,
              at: Math.floor(ctx.now - 400 * DAY_MS),
              lineType: 'VOIP' as const,
              carrier: 'Bandwidth.com',
              dno: null,
            },
          ]
        : [];
    return { force: [], hub: { phone: plan.hub.phone, region: plan.hub.region, records } };
  }
  return { force: [] };
}

/** People `from` (included) to `to` (excluded), one at a time; `from` should start a block. */
export function* personStream(ctx: GenContext, from: number, to: number): Generator<SeedPerson> {
  for (let block = Math.floor(from / BLOCK_SIZE); block * BLOCK_SIZE < to; block++) {
    const plan = planBlock(ctx, block);
    const first = Math.max(from, block * BLOCK_SIZE);
    const last = Math.min(to, (block + 1) * BLOCK_SIZE);
    for (let index = first; index < last; index++) {
      yield generatePerson(ctx, index, planFor(ctx, block, index - block * BLOCK_SIZE, plan));
    }
  }
}

export function generatePersons(ctx: GenContext, from: number, to: number): SeedPerson[] {
  return [...personStream(ctx, from, to)];
}
