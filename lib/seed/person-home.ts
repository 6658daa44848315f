// A person's homes: the current one (residential, a business suite, an apartment without its
// unit, an address that cannot exist), sometimes an earlier one they moved from.
import type { Faker } from '@faker-js/faker';
import type { DatedAddress } from './activity';
import { fakerFor } from './fakers';
import { homeAddress } from './identity';
import { addressKey } from './keys';
import type { PersonPlan } from './person';
import type { Phenomenon } from './phenomena';
import type { Place } from './places';
import type { Rng } from './prng';
import type { SeedAddress } from './types';

function addressKind(rng: Rng, has: (p: Phenomenon) => boolean, us: boolean, employed: boolean) {
  if (has('address-business')) return 'business';
  if (has('address-missing-unit')) return 'missing-unit';
  if (has('address-invalid')) return 'invalid';
  if (!us) return 'residential';
  return rng.weighted([
    ['residential', 95],
    ['business', employed ? 2 : 0],
    ['missing-unit', 2],
    ['invalid', 1],
  ] as const);
}

function homeOf(
  rng: Rng,
  plan: PersonPlan,
  has: (p: Phenomenon) => boolean,
  o: {
    country: string;
    place: Place | null;
    fake: Faker | null;
    employed: boolean;
    phenomena: Set<Phenomenon>;
  },
): SeedAddress {
  const kind = addressKind(rng, has, o.country === 'US', o.employed);
  o.phenomena.add(`address-${kind}`);
  o.phenomena.add('name-at-address');
  if (plan.ring) return plan.ring.address;
  const listed = plan.sanctioned?.atListedPlace ? plan.sanctioned.entry : null;
  if (listed) {
    const line1 = `${rng.int(1, 200)} Main Street`;
    return { line1, line2: null, city: listed.city, region: null, postal: null, country: listed.country };
  }
  // People of a place without a faker locale get its own streets; the listed elsewhere live in the US.
  return homeAddress(rng, o.place ? o.country : 'US', o.place ? o.fake : fakerFor('en_US'), kind);
}

export interface HomeOptions {
  country: string;
  place: Place | null;
  fake: Faker | null;
  employed: boolean;
  ghost: boolean;
  phenomena: Set<Phenomenon>;
  start: number;
  later: () => number;
}

export function personHomes(rng: Rng, plan: PersonPlan, has: (p: Phenomenon) => boolean, o: HomeOptions) {
  const addresses: DatedAddress[] = [];
  const homes: SeedAddress[] = [];
  const home = o.ghost ? null : homeOf(rng, plan, has, o);
  if (home) {
    if (rng.chance(0.25)) {
      const before = homeAddress(
        rng,
        o.place ? o.country : 'US',
        o.place ? o.fake : fakerFor('en_US'),
        'residential',
      );
      addresses.push({ key: addressKey(before), from: o.start, country: before.country });
      homes.push(before);
    }
    const from = addresses.length > 0 ? o.later() : o.start;
    addresses.push({ key: addressKey(home), from, country: home.country });
    homes.push(home);
  }
  return { addresses, homes, home };
}
