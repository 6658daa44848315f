// Who a seeded person is: name, birthday, home, employer. Faker supplies names and addresses in
// the person's locale; places without a locale use the small tables of names.ts.
import type { Faker } from '@faker-js/faker';
import { fakerFor } from './fakers';
import { LOCAL_NAMES } from './names';
import { placeOf } from './places';
import type { Rng } from './prng';
import type { SeedAddress, SeedName } from './types';

export type AddressKind = 'residential' | 'business' | 'missing-unit' | 'invalid';

const US_STATES_FOR_MISMATCH = ['CA', 'TX', 'NY', 'FL', 'WA', 'IL'] as const;

export function personName(rng: Rng, country: string, fake: Faker | null): SeedName {
  if (fake) {
    const middle = rng.chance(0.25)
      ? rng.chance(0.5)
        ? fake.person.middleName()
        : fake.string.alpha({ length: 1, casing: 'upper' })
      : null;
    return { given: fake.person.firstName(), middle, family: fake.person.lastName() };
  }
  const names = LOCAL_NAMES[country];
  if (!names) throw new Error(`no names for ${country}`);
  return { given: rng.pick(names.given), middle: null, family: rng.pick(names.family) };
}

/** YYYY-MM-DD for someone `age` years old (fractional) at `now`. */
export function birthdayFor(now: number, age: number): string {
  return new Date(now - age * 365.25 * 86_400_000).toISOString().slice(0, 10);
}

export function adultAge(rng: Rng): number {
  return Math.min(88, Math.max(18.2, rng.logNormal(38, 0.3)));
}

/** A home address; `kind` shapes what the address checks will find about it. */
export function homeAddress(rng: Rng, country: string, fake: Faker | null, kind: AddressKind): SeedAddress {
  if (!fake) {
    const place = placeOf(country);
    const names = LOCAL_NAMES[country];
    return {
      line1: `${rng.int(1, 300)} ${names ? rng.pick(names.streets) : 'Main Street'}`,
      line2: null,
      city: rng.pick(place.cities ?? ['Capital']),
      region: null,
      postal: null,
      country,
    };
  }
  if (country !== 'US') {
    return {
      line1: fake.location.streetAddress(),
      line2: rng.chance(0.15) ? fake.location.secondaryAddress() : null,
      city: fake.location.city(),
      region: rng.chance(0.5) ? fake.location.state() : null,
      postal: fake.location.zipCode(),
      country,
    };
  }
  const state = fake.location.state({ abbreviated: true });
  // A ZIP code of another state: the address does not exist (LOCATION_ADDRESS_INVALID TRUE).
  const zipState = kind === 'invalid' ? rng.pick(US_STATES_FOR_MISMATCH.filter((s) => s !== state)) : state;
  const line2 =
    kind === 'business'
      ? `Suite ${rng.int(100, 2400)}`
      : kind === 'missing-unit'
        ? null
        : rng.chance(0.3)
          ? fake.location.secondaryAddress()
          : null;
  // A large street number without a unit: an apartment building whose unit is missing.
  const line1 =
    kind === 'missing-unit'
      ? `${rng.int(1000, 4999)} ${fake.location.street()}`
      : fake.location.streetAddress();
  return {
    line1,
    line2,
    city: fake.location.city(),
    region: state,
    postal: fake.location.zipCode({ state: zipState }),
    country: 'US',
  };
}

export interface Employer {
  company: string;
  title: string;
}

export function employer(fake: Faker | null): Employer {
  const source = fake ?? fakerFor('en_US');
  return { company: source.company.name(), title: source.person.jobTitle() };
}
